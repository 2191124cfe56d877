import { ApiError } from '../http/api-error';

/** Spec section 8: "Dashboard, both defaults not set: 95". */
export const defaultAccountNotSet = () =>
  new ApiError(422, 'CLICKS', '95', {
    titleEng: 'Default account not set',
    titleIdn: 'Rekening utama belum diatur',
    messageEng:
      'You have not set your default source of fund and receiving account. Please set them in Settings & Services.',
    messageIdn:
      'Anda belum mengatur rekening sumber dana dan rekening penerima utama. Silakan atur melalui menu Pengaturan & Layanan.',
  });

/** Spec section 8: "No transactions: 5071". */
export const noTransactions = () =>
  new ApiError(404, 'CLICKS', '5071', {
    titleEng: 'No transactions',
    titleIdn: 'Tidak ada transaksi',
    messageEng: 'There are no transactions for this account in the selected period.',
    messageIdn: 'Tidak ada transaksi untuk rekening ini pada periode yang dipilih.',
  });

/** Someone else's account and an unknown one get the same answer: existence never leaks. */
export const accountNotFound = () =>
  new ApiError(404, 'CLICKS', 'ACCOUNT_NOT_FOUND', {
    titleEng: 'Account not found',
    titleIdn: 'Rekening tidak ditemukan',
    messageEng: 'The account you chose is not available.',
    messageIdn: 'Rekening yang Anda pilih tidak tersedia.',
  });

export const bannerNotFound = () =>
  new ApiError(404, 'CLICKS', 'BANNER_NOT_FOUND', {
    titleEng: 'Notice not found',
    titleIdn: 'Pemberitahuan tidak ditemukan',
    messageEng: 'This notice is no longer available.',
    messageIdn: 'Pemberitahuan ini sudah tidak tersedia.',
  });
