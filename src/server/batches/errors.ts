import { ApiError } from '../http/api-error';
import { formatMoney, type Money } from '../../shared/money';
import { MASS_TRANSFER_MAX_ROWS } from '../mass-transfer/parse';

const SHEET_TEXT: Record<string, { eng: string; idn: string }> = {
  notASheet: {
    eng: 'The file is not a CSV or Excel (XLSX) sheet.',
    idn: 'Berkas bukan lembar CSV atau Excel (XLSX).',
  },
  empty: {
    eng: 'The sheet has no rows under its header.',
    idn: 'Lembar tidak berisi baris di bawah judul kolomnya.',
  },
  tooManyRows: {
    eng: `A batch can have at most ${MASS_TRANSFER_MAX_ROWS} rows.`,
    idn: `Satu batch maksimal ${MASS_TRANSFER_MAX_ROWS} baris.`,
  },
  tooLarge: { eng: 'The file is larger than 2 MB.', idn: 'Ukuran berkas lebih dari 2 MB.' },
  header: {
    eng: 'The sheet does not have the template’s columns. Please use the template.',
    idn: 'Lembar tidak memiliki kolom sesuai template. Silakan gunakan template.',
  },
};

/** The batches' refusals, as the spec's apierror in both languages; each one books nothing. */
export const batchErrors = {
  sheet: (problem: string) =>
    new ApiError(
      422,
      'CLICKS',
      'INVALID_SHEET',
      {
        titleEng: 'Upload failed, please try again',
        titleIdn: 'Unggah gagal, silakan coba lagi',
        messageEng: SHEET_TEXT[problem]!.eng,
        messageIdn: SHEET_TEXT[problem]!.idn,
      },
      { '/file': SHEET_TEXT[problem]! },
    ),
  notFound: () =>
    new ApiError(404, 'CLICKS', 'BATCH_NOT_FOUND', {
      titleEng: 'Batch not found',
      titleIdn: 'Batch tidak ditemukan',
      messageEng: 'This batch was not found or has expired. Please upload it again.',
      messageIdn: 'Batch ini tidak ditemukan atau sudah kedaluwarsa. Silakan unggah kembali.',
    }),
  notEditable: () =>
    new ApiError(409, 'CLICKS', 'BATCH_NOT_EDITABLE', {
      titleEng: 'The batch was already sent',
      titleIdn: 'Batch sudah dikirim',
      messageEng: 'This batch was verified already, so its rows cannot be changed.',
      messageIdn: 'Batch ini sudah diverifikasi, jadi barisnya tidak dapat diubah.',
    }),
  rowNotFound: () =>
    new ApiError(404, 'CLICKS', 'BATCH_ROW_NOT_FOUND', {
      titleEng: 'Row not found',
      titleIdn: 'Baris tidak ditemukan',
      messageEng: 'This row is no longer in the batch.',
      messageIdn: 'Baris ini sudah tidak ada di batch.',
    }),
  full: (max: number) =>
    new ApiError(422, 'CLICKS', 'BATCH_FULL', {
      titleEng: 'The batch is full',
      titleIdn: 'Batch sudah penuh',
      messageEng: `A batch can have at most ${max} rows.`,
      messageIdn: `Satu batch maksimal ${max} baris.`,
    }),
  noGoodRows: () =>
    new ApiError(422, 'CLICKS', 'BATCH_NO_VALID_ROWS', {
      titleEng: 'No row can be sent',
      titleIdn: 'Tidak ada baris yang dapat dikirim',
      messageEng: 'Every row has an error. Fix or remove the rows marked in red. Nothing was booked.',
      messageIdn:
        'Setiap baris memiliki kesalahan. Perbaiki atau hapus baris bertanda merah. Tidak ada transaksi yang diproses.',
    }),
  rowsWithErrors: (n: number) =>
    new ApiError(422, 'CLICKS', 'BATCH_ROWS_WITH_ERRORS', {
      titleEng: 'Some rows have errors',
      titleIdn: 'Beberapa baris memiliki kesalahan',
      messageEng: `${n} row(s) have errors. Fix or remove them first; the good rows are kept. Nothing was booked.`,
      messageIdn: `${n} baris memiliki kesalahan. Perbaiki atau hapus terlebih dahulu; baris yang benar tetap tersimpan. Tidak ada transaksi yang diproses.`,
    }),
  overBalance: (accountNo: string, need: Money, available: Money) =>
    new ApiError(422, 'CLICKS', 'BATCH_INSUFFICIENT_BALANCE', {
      titleEng: 'Insufficient balance for the whole batch',
      titleIdn: 'Saldo tidak cukup untuk seluruh batch',
      messageEng: `The batch takes ${formatMoney(need, 'en')} from account ${accountNo}, which has ${formatMoney(available, 'en')} available. Remove some rows or choose another account. Nothing was booked.`,
      messageIdn: `Batch memerlukan ${formatMoney(need, 'id')} dari rekening ${accountNo}, yang tersedia ${formatMoney(available, 'id')}. Hapus beberapa baris atau pilih rekening lain. Tidak ada transaksi yang diproses.`,
    }),
  overLimit: (need: Money, unused: Money) =>
    new ApiError(422, 'CLICKS', 'BATCH_OVER_LIMIT', {
      titleEng: 'The batch is over your daily limit',
      titleIdn: 'Batch melebihi limit harian Anda',
      messageEng: `Together the rows come to ${formatMoney(need, 'en')}; ${formatMoney(unused, 'en')} of your daily limit is left. Remove some rows or send them on a later date. Nothing was booked.`,
      messageIdn: `Total baris ${formatMoney(need, 'id')}; sisa limit harian Anda ${formatMoney(unused, 'id')}. Hapus beberapa baris atau kirim di tanggal lain. Tidak ada transaksi yang diproses.`,
    }),
  notWaiting: () =>
    new ApiError(404, 'CLICKS', 'BATCH_VERIFICATION_NOT_FOUND', {
      titleEng: 'Verification not found',
      titleIdn: 'Verifikasi tidak ditemukan',
      messageEng: 'This batch is not waiting for verification. Please verify it again.',
      messageIdn: 'Batch ini tidak sedang menunggu verifikasi. Silakan verifikasi ulang.',
    }),
  notScheduled: () =>
    new ApiError(404, 'CLICKS', 'SCHEDULE_NOT_FOUND', {
      titleEng: 'Scheduled batch not found',
      titleIdn: 'Batch terjadwal tidak ditemukan',
      messageEng: 'This scheduled batch no longer exists, has run or was changed.',
      messageIdn: 'Batch terjadwal ini sudah tidak ada, sudah berjalan, atau sudah diubah.',
    }),
};

/** A row's error the engine raised with no field: said on the row as a whole. */
export const needsOwnPage = {
  field: 'row',
  eng: 'A large first payment to someone new needs a security check: make it on its own',
  idn: 'Pembayaran besar pertama ke penerima baru perlu pemeriksaan keamanan: lakukan tersendiri',
};
