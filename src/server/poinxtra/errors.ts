import { ApiError } from '../http/api-error';

/** Poin Xtra refusals (spec section 7 "Other": insufficient points, amount exceeds the transaction). */
const onField = (field: string, eng: string, idn: string) => ({ [`/form/${field}`]: { eng, idn } });

export const poinErrors = {
  insufficientPoints: (field: string, balance: number) =>
    new ApiError(
      422,
      'CLICKS',
      'POINTS_INSUFFICIENT',
      {
        titleEng: 'Insufficient points',
        titleIdn: 'Poin tidak mencukupi',
        messageEng: `You have ${balance.toLocaleString('en-US')} Poin Xtra, not enough for this transaction.`,
        messageIdn: `Poin Xtra Anda ${balance.toLocaleString('id-ID')}, tidak cukup untuk transaksi ini.`,
      },
      onField(field, 'Insufficient points', 'Poin tidak mencukupi'),
    ),
  exceedsTransaction: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'POINTS_EXCEED_TRANSACTION',
      {
        titleEng: 'Amount exceeds the transaction',
        titleIdn: 'Jumlah melebihi transaksi',
        messageEng: 'The points you redeem cannot be worth more than what is left of the transaction.',
        messageIdn: 'Nilai poin yang ditukar tidak boleh melebihi sisa nilai transaksi.',
      },
      onField(
        field,
        'Amount cannot exceed the transaction amount',
        'Jumlah tidak boleh melebihi nilai transaksi',
      ),
    ),
  transactionNotAvailable: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'POINTS_TRANSACTION_NOT_AVAILABLE',
      {
        titleEng: 'Transaction not available',
        titleIdn: 'Transaksi tidak tersedia',
        messageEng: 'Please choose one of your recent credit card transactions offered.',
        messageIdn: 'Silakan pilih salah satu transaksi kartu kredit terakhir Anda yang tersedia.',
      },
      onField(field, 'Choose one of the transactions', 'Pilih salah satu transaksi'),
    ),
  recipientNotFound: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'POINTS_RECIPIENT_NOT_FOUND',
      {
        titleEng: 'Recipient not found',
        titleIdn: 'Penerima tidak ditemukan',
        messageEng: 'No customer of the bank holds this account number.',
        messageIdn: 'Tidak ada nasabah bank dengan nomor rekening ini.',
      },
      onField(field, 'Account number not found', 'Nomor rekening tidak ditemukan'),
    ),
  ownPoints: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'POINTS_SAME_CUSTOMER',
      {
        titleEng: 'Choose another customer',
        titleIdn: 'Pilih nasabah lain',
        messageEng: 'Points can only be transferred to another customer.',
        messageIdn: 'Poin hanya dapat ditransfer ke nasabah lain.',
      },
      onField(field, 'This account is your own', 'Rekening ini milik Anda sendiri'),
    ),
  belowMinimumMiles: (field: string, minimum: number) =>
    new ApiError(
      422,
      'CLICKS',
      'MILES_BELOW_MINIMUM',
      {
        titleEng: 'Below the minimum conversion',
        titleIdn: 'Di bawah konversi minimum',
        messageEng: `This programme takes at least ${minimum.toLocaleString('en-US')} miles at a time.`,
        messageIdn: `Program ini menerima minimal ${minimum.toLocaleString('id-ID')} mil per konversi.`,
      },
      onField(
        field,
        `At least ${minimum.toLocaleString('en-US')} miles`,
        `Minimal ${minimum.toLocaleString('id-ID')} mil`,
      ),
    ),
};
