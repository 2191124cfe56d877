import { ApiError } from '../http/api-error';
import { CONTACT_CENTRE, OTP } from '../../shared/constants';

/** The OTP service's errors (spec section 8), sourceSystem 'OTP', in English and Indonesian. */
const freezeMinutes = OTP.freezeMs / 60_000;

export const otpErrors = {
  wrongCode: (attemptsLeft: number) =>
    new ApiError(
      400,
      'OTP',
      'OTP_05',
      {
        titleEng: 'Invalid OTP',
        titleIdn: 'OTP tidak valid',
        messageEng: `The OTP you entered is incorrect. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
        messageIdn: `Kode OTP yang Anda masukkan salah. Sisa ${attemptsLeft} kali percobaan.`,
      },
      {
        '/otp': {
          eng: `Invalid OTP. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
          idn: `OTP tidak valid. Sisa ${attemptsLeft} kali percobaan.`,
        },
      },
    ),
  frozen: () =>
    new ApiError(423, 'OTP', 'OTP_FROZEN', {
      titleEng: 'Mobile number frozen',
      titleIdn: 'Nomor ponsel dibekukan',
      messageEng: `This mobile number is frozen for ${freezeMinutes} minutes after too many wrong OTPs. Please choose another number or call ${CONTACT_CENTRE}.`,
      messageIdn: `Nomor ponsel ini dibekukan selama ${freezeMinutes} menit karena terlalu banyak OTP salah. Silakan pilih nomor lain atau hubungi ${CONTACT_CENTRE}.`,
    }),
  allFrozen: () =>
    new ApiError(423, 'OTP', 'OTP_ALL_FROZEN', {
      titleEng: 'Activation code limit reached',
      titleIdn: 'Batas kode aktivasi tercapai',
      messageEng: `All your mobile numbers are frozen for ${freezeMinutes} minutes after too many wrong OTPs. Please call ${CONTACT_CENTRE}.`,
      messageIdn: `Semua nomor ponsel Anda dibekukan selama ${freezeMinutes} menit karena terlalu banyak OTP salah. Silakan hubungi ${CONTACT_CENTRE}.`,
    }),
  expired: () =>
    new ApiError(400, 'OTP', 'OTP_EXPIRED', {
      titleEng: 'Verification expired',
      titleIdn: 'Verifikasi kedaluwarsa',
      messageEng: 'This OTP has expired or was already used. Please request a new one.',
      messageIdn: 'Kode OTP ini sudah kedaluwarsa atau sudah digunakan. Silakan minta kode baru.',
    }),
  resendLimit: () =>
    new ApiError(429, 'OTP', 'OTP_09', {
      titleEng: 'OTP Resend Maximum Limit',
      titleIdn: 'Batas Maksimum Kirim Ulang OTP',
      messageEng: 'You have reached the maximum attempt for sending OTP.',
      messageIdn: 'Anda telah mencapai batas maksimum pengiriman OTP.',
    }),
  resendTooSoon: (seconds: number) =>
    new ApiError(429, 'OTP', 'OTP_RESEND_WAIT', {
      titleEng: 'Please wait',
      titleIdn: 'Mohon tunggu',
      messageEng: `You can resend the OTP in ${seconds} seconds.`,
      messageIdn: `Anda dapat mengirim ulang OTP dalam ${seconds} detik.`,
    }),
  userBlocked: () =>
    new ApiError(403, 'OTP', 'OTP_08', {
      titleEng: 'User ID blocked',
      titleIdn: 'User ID diblokir',
      messageEng: `Used ID is blocked. Please call ${CONTACT_CENTRE} or visit the nearest branch`,
      messageIdn: `User ID diblokir. Silakan hubungi ${CONTACT_CENTRE} atau kunjungi kantor cabang terdekat`,
    }),
  notFound: () =>
    new ApiError(404, 'OTP', 'OTP_NOT_FOUND', {
      titleEng: 'Verification not found',
      titleIdn: 'Verifikasi tidak ditemukan',
      messageEng: 'This OTP request does not exist. Please request a new OTP.',
      messageIdn: 'Permintaan OTP ini tidak ditemukan. Silakan minta OTP baru.',
    }),
  phoneNotFound: () =>
    new ApiError(400, 'OTP', 'OTP_PHONE_NOT_FOUND', {
      titleEng: 'Mobile number not found',
      titleIdn: 'Nomor ponsel tidak ditemukan',
      messageEng: 'Please choose one of your registered mobile numbers.',
      messageIdn: 'Silakan pilih salah satu nomor ponsel Anda yang terdaftar.',
    }),
};

/** What the database's otp_check() answers (migration 013). */
export type OtpOutcome = 'ok' | 'wrong' | 'frozen' | 'all_frozen' | 'expired' | 'blocked' | 'not_found';

/** The error for an otp_check() outcome; undefined for 'ok'. */
export function otpOutcomeError(outcome: OtpOutcome, attemptsLeft: number | null): ApiError | undefined {
  switch (outcome) {
    case 'ok':
      return undefined;
    case 'wrong':
      return otpErrors.wrongCode(attemptsLeft ?? 0);
    case 'frozen':
      return otpErrors.frozen();
    case 'all_frozen':
      return otpErrors.allFrozen();
    case 'expired':
      return otpErrors.expired();
    case 'blocked':
      return otpErrors.userBlocked();
    case 'not_found':
      return otpErrors.notFound();
  }
}
