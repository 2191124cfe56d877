import { ApiError } from '../http/api-error';
import { CONTACT_CENTRE } from '../../shared/constants';

/** Registration and card-activation errors of spec section 8, in English and Indonesian. */
export const registrationErrors = {
  wrongData: () =>
    new ApiError(422, 'CLICKS', '0005', {
      titleEng: 'Incorrect data',
      titleIdn: 'Data tidak sesuai',
      messageEng: 'Data that you have inputted was incorrect',
      messageIdn: 'Data yang Anda masukkan tidak sesuai',
    }),
  /** The core bank's own text, each language on its page (the Indonesian one falls back to the English). */
  cifBlocked: (serverText: { en: string; id: string | null }) =>
    new ApiError(403, 'CLICKS', '0007', {
      titleEng: 'Your registration cannot be processed',
      titleIdn: 'Registrasi Anda tidak dapat diproses',
      messageEng: serverText.en,
      messageIdn: serverText.id ?? serverText.en,
    }),
  alreadyRegistered: () =>
    new ApiError(409, 'CLICKS', '0021', {
      titleEng: 'Already registered',
      titleIdn: 'Sudah terdaftar',
      messageEng: 'You are already registered for internet banking. Please log in with your user ID.',
      messageIdn: 'Anda sudah terdaftar di internet banking. Silakan login dengan user ID Anda.',
    }),
  alreadyActivated: () =>
    new ApiError(409, 'CLICKS', '0021', {
      titleEng: 'Card already activated',
      titleIdn: 'Kartu sudah aktif',
      messageEng: 'This credit card is already active.',
      messageIdn: 'Kartu kredit ini sudah aktif.',
    }),
  userIdTaken: () =>
    new ApiError(
      409,
      'CLICKS',
      'REG_USERID_TAKEN',
      {
        titleEng: 'User ID not available',
        titleIdn: 'User ID tidak tersedia',
        messageEng: 'This user ID is already used. Please choose another one.',
        messageIdn: 'User ID ini sudah digunakan. Silakan pilih yang lain.',
      },
      {
        '/userId': {
          eng: 'This user ID is already used. Please choose another one.',
          idn: 'User ID ini sudah digunakan. Silakan pilih yang lain.',
        },
      },
    ),
  rateLimited: () =>
    new ApiError(429, 'CLICKS', 'RATE_LIMITED', {
      titleEng: 'Too many attempts',
      titleIdn: 'Terlalu banyak percobaan',
      messageEng: `Too many incorrect attempts. Please try again in 15 minutes or call ${CONTACT_CENTRE}.`,
      messageIdn: `Terlalu banyak percobaan yang salah. Silakan coba lagi dalam 15 menit atau hubungi ${CONTACT_CENTRE}.`,
    }),
  sessionExpired: () =>
    new ApiError(401, 'CLICKS', 'INVALID_TOKEN', {
      titleEng: 'Session Time-out',
      titleIdn: 'Sesi Berakhir',
      messageEng: 'Please login again to continue your transaction',
      messageIdn: 'Silakan login kembali untuk melanjutkan transaksi Anda',
    }),
  wrongStep: () =>
    new ApiError(409, 'CLICKS', 'REG_STEP', {
      titleEng: 'Your registration cannot be processed',
      titleIdn: 'Registrasi Anda tidak dapat diproses',
      messageEng: 'Please start the registration again.',
      messageIdn: 'Silakan mulai registrasi kembali.',
    }),
  emailCodeWrong: (left: number) =>
    new ApiError(
      400,
      'CLICKS',
      'OTP_05',
      {
        titleEng: 'Invalid OTP',
        titleIdn: 'OTP tidak valid',
        messageEng: `The code you entered is incorrect. ${left} attempt(s) left.`,
        messageIdn: `Kode yang Anda masukkan salah. Sisa ${left} kali percobaan.`,
      },
      {
        '/otp': {
          eng: `Invalid OTP. ${left} attempt(s) left.`,
          idn: `OTP tidak valid. Sisa ${left} kali percobaan.`,
        },
      },
    ),
  registrationFailed: () =>
    new ApiError(422, 'CLICKS', 'REG_FAILED', {
      titleEng: 'Registration Failed',
      titleIdn: 'Registrasi Gagal',
      messageEng: `Your registration could not be completed. Please try again or call ${CONTACT_CENTRE}.`,
      messageIdn: `Registrasi Anda tidak dapat diselesaikan. Silakan coba lagi atau hubungi ${CONTACT_CENTRE}.`,
    }),
  resendTooSoon: (seconds: number) =>
    new ApiError(429, 'CLICKS', 'OTP_RESEND_WAIT', {
      titleEng: 'Please wait',
      titleIdn: 'Mohon tunggu',
      messageEng: `You can resend the code in ${seconds} seconds.`,
      messageIdn: `Anda dapat mengirim ulang kode dalam ${seconds} detik.`,
    }),
};
