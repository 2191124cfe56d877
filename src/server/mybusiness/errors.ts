import { ApiError } from '../http/api-error';

// My business's refusals.

export const noMerchant = () =>
  new ApiError(404, 'CLICKS', 'MERCHANT_NONE', {
    titleEng: 'No business registered',
    titleIdn: 'Belum ada usaha terdaftar',
    messageEng:
      'You have no merchant registered with us. Visit a branch to accept QRIS payments for your business.',
    messageIdn:
      'Anda belum memiliki merchant terdaftar. Kunjungi kantor cabang untuk menerima pembayaran QRIS bagi usaha Anda.',
  });

export const reportNotFound = () =>
  new ApiError(404, 'CLICKS', 'REPORT_NOT_FOUND', {
    titleEng: 'Report not found',
    titleIdn: 'Laporan tidak ditemukan',
    messageEng: 'This report is not available.',
    messageIdn: 'Laporan ini tidak tersedia.',
  });

export const reportNotReady = () =>
  new ApiError(409, 'CLICKS', 'REPORT_NOT_READY', {
    titleEng: 'Report not ready',
    titleIdn: 'Laporan belum siap',
    messageEng: 'The report is still being prepared. Please try again in a moment.',
    messageIdn: 'Laporan masih disiapkan. Silakan coba beberapa saat lagi.',
  });
