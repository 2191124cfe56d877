import { ApiError, type ErrorText } from '../http/api-error';

/** The error texts of the login area, both languages, one place. */
export const SESSION_TIMEOUT: ErrorText = {
  titleEng: 'Session Time-out',
  titleIdn: 'Sesi Berakhir',
  messageEng: 'Please login again to continue your transaction',
  messageIdn: 'Silakan login kembali untuk melanjutkan transaksi Anda',
};

export const invalidToken = () => new ApiError(401, 'CLICKS', 'INVALID_TOKEN', SESSION_TIMEOUT);

export const loginFailed = () =>
  new ApiError(401, 'CLICKS', 'LOGIN_FAILED', {
    titleEng: 'Login failed',
    titleIdn: 'Login gagal',
    messageEng: 'The user ID or password you entered is incorrect.',
    messageIdn: 'User ID atau password yang Anda masukkan salah.',
  });

export const loginLocked = () =>
  new ApiError(423, 'CLICKS', 'LOGIN_LOCKED', {
    titleEng: 'Login temporarily locked',
    titleIdn: 'Login dikunci sementara',
    messageEng: 'Too many failed login attempts. Please try again in 30 minutes or call 14041.',
    messageIdn:
      'Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 30 menit atau hubungi 14041.',
  });

export const challengeExpired = () =>
  new ApiError(401, 'CLICKS', 'CHALLENGE_EXPIRED', {
    titleEng: 'Verification expired',
    titleIdn: 'Verifikasi kedaluwarsa',
    messageEng: 'Your verification has expired. Please login again.',
    messageIdn: 'Verifikasi Anda telah kedaluwarsa. Silakan login kembali.',
  });

export const noPhoneForChallenge = () =>
  new ApiError(422, 'CLICKS', 'NO_PHONE', {
    titleEng: 'Verification unavailable',
    titleIdn: 'Verifikasi tidak tersedia',
    messageEng: 'We cannot send a verification code to you. Please call 14041 or visit the nearest branch.',
    messageIdn:
      'Kami tidak dapat mengirimkan kode verifikasi kepada Anda. Silakan hubungi 14041 atau kunjungi cabang terdekat.',
  });

/** Spec section 8: wrong account, ATM or PIN data. Never says which field. */
export const dataIncorrect = () =>
  new ApiError(400, 'CLICKS', '0005', {
    titleEng: 'Data that you have inputted was incorrect',
    titleIdn: 'Data yang Anda masukkan salah',
    messageEng: 'Data that you have inputted was incorrect',
    messageIdn: 'Data yang Anda masukkan salah',
  });

export const forgotLocked = () =>
  new ApiError(423, 'CLICKS', 'FORGOT_LOCKED', {
    titleEng: 'Temporarily locked',
    titleIdn: 'Dikunci sementara',
    messageEng: 'Too many incorrect attempts. Please try again in 30 minutes or call 14041.',
    messageIdn: 'Terlalu banyak percobaan yang salah. Silakan coba lagi dalam 30 menit atau hubungi 14041.',
  });

export const forgotExpired = () =>
  new ApiError(401, 'CLICKS', 'FORGOT_EXPIRED', {
    titleEng: 'Session Time-out',
    titleIdn: 'Sesi Berakhir',
    messageEng: 'Your request has expired. Please start again.',
    messageIdn: 'Permintaan Anda telah kedaluwarsa. Silakan ulangi dari awal.',
  });

export const rateLimited = () =>
  new ApiError(429, 'CLICKS', 'RATE_LIMITED', {
    titleEng: 'Too many requests',
    titleIdn: 'Terlalu banyak permintaan',
    messageEng: 'Please wait a moment and try again.',
    messageIdn: 'Silakan tunggu sebentar dan coba lagi.',
  });

export const LOGOUT_MESSAGE = {
  eng: 'You have been logged out successfully. Thank you for banking with us.',
  idn: 'Anda telah berhasil keluar. Terima kasih telah menggunakan layanan kami.',
} as const;
