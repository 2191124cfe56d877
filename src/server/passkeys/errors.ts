import { ApiError } from '../http/api-error';
import type { PasskeyCode } from '../../shared/passkeys/codes';

// Every refusal of a passkey, both languages; its code one of PASSKEY_CODES, which the client's catalogue
// maps to one entry (error-catalogue.ts).

const refusal = (status: number, code: PasskeyCode, eng: [string, string], idn: [string, string]) => () =>
  new ApiError(status, 'CLICKS', code, {
    titleEng: eng[0],
    messageEng: eng[1],
    titleIdn: idn[0],
    messageIdn: idn[1],
  });

export const passkeyErrors = {
  /** The assertion was made for another site (origin) or relying party id. */
  wrongOrigin: refusal(
    401,
    'PASSKEY_ORIGIN',
    ['Passkey not accepted', 'This passkey was used on another website. Open the bank at its own address.'],
    ['Passkey tidak diterima', 'Passkey ini digunakan di situs lain. Buka bank di alamatnya sendiri.'],
  ),
  /** The same assertion again (its challenge is used). */
  replayed: refusal(
    409,
    'PASSKEY_REPLAYED',
    ['Passkey already used', 'This confirmation was already used. Please confirm again with your passkey.'],
    [
      'Passkey sudah digunakan',
      'Konfirmasi ini sudah digunakan. Silakan konfirmasi lagi dengan passkey Anda.',
    ],
  ),
  /** The signature counter did not increase: the key may have been copied; the passkey is blocked. */
  cloned: refusal(
    403,
    'PASSKEY_CLONED',
    [
      'Passkey blocked',
      'This passkey may have been copied, so we blocked it. Sign in with your password and remove it in Settings, or call 14041.',
    ],
    [
      'Passkey diblokir',
      'Passkey ini mungkin telah disalin, jadi kami memblokirnya. Masuk dengan kata sandi dan hapus di Pengaturan, atau hubungi 14041.',
    ],
  ),
  /** A credential the bank does not know (removed, or never enrolled here). */
  unknown: refusal(
    401,
    'PASSKEY_UNKNOWN',
    [
      'Passkey not recognised',
      'We do not know this passkey. Sign in with your user ID and password, then add a passkey in Settings.',
    ],
    [
      'Passkey tidak dikenal',
      'Kami tidak mengenal passkey ini. Masuk dengan user ID dan kata sandi, lalu tambahkan passkey di Pengaturan.',
    ],
  ),
  /** The assertion signs another transaction's challenge. */
  otherInquiry: refusal(
    409,
    'PASSKEY_OTHER_TRANSACTION',
    [
      'Passkey not accepted',
      'This confirmation was made for another transaction. Please confirm this one with your passkey.',
    ],
    [
      'Passkey tidak diterima',
      'Konfirmasi ini dibuat untuk transaksi lain. Silakan konfirmasi transaksi ini dengan passkey Anda.',
    ],
  ),
  expired: refusal(
    401,
    'PASSKEY_EXPIRED',
    ['Passkey request expired', 'The request to your passkey has expired. Please try again.'],
    ['Permintaan passkey kedaluwarsa', 'Permintaan ke passkey Anda telah kedaluwarsa. Silakan coba lagi.'],
  ),
  /** The device did not verify the customer (fingerprint, face, PIN). */
  noUserVerification: refusal(
    401,
    'PASSKEY_NO_UV',
    [
      'Passkey not accepted',
      'Your device did not check that it is you (fingerprint, face or screen lock). Please try again.',
    ],
    [
      'Passkey tidak diterima',
      'Perangkat Anda tidak memeriksa bahwa ini Anda (sidik jari, wajah, atau kunci layar). Silakan coba lagi.',
    ],
  ),
  /** A signature or response that does not verify. */
  invalid: refusal(
    401,
    'PASSKEY_INVALID',
    ['Passkey not accepted', 'Your passkey could not be verified. Please try again.'],
    ['Passkey tidak diterima', 'Passkey Anda tidak dapat diverifikasi. Silakan coba lagi.'],
  ),
  /** Verify by passkey without one (or it was removed meanwhile). */
  none: refusal(
    422,
    'PASSKEY_NONE',
    ['No passkey', 'You have no passkey. Add one in Settings, or verify by OTP.'],
    ['Tidak ada passkey', 'Anda belum punya passkey. Tambahkan di Pengaturan, atau verifikasi dengan OTP.'],
  ),
  /** Enrolling or removing without the OTP step-up passed in this session. */
  stepUpRequired: refusal(
    403,
    'PASSKEY_STEP_UP',
    ['Verification needed', 'Please confirm with the OTP we send to your phone first.'],
    ['Perlu verifikasi', 'Silakan konfirmasi dengan OTP yang kami kirim ke ponsel Anda terlebih dahulu.'],
  ),
  /** A passkey kept for review after a password reset or credential change: the password first. */
  underReview: refusal(
    403,
    'PASSKEY_REVIEW',
    [
      'Check your passkeys first',
      'Your password or sign-in details changed. Sign in with your password once and choose which passkeys to keep.',
    ],
    [
      'Periksa passkey Anda dahulu',
      'Kata sandi atau data masuk Anda berubah. Masuk dengan kata sandi sekali dan pilih passkey yang disimpan.',
    ],
  ),
  notFound: refusal(
    404,
    'PASSKEY_NOT_FOUND',
    ['Passkey not found', 'This passkey no longer exists.'],
    ['Passkey tidak ditemukan', 'Passkey ini sudah tidak ada.'],
  ),
  tooMany: refusal(
    422,
    'PASSKEY_LIMIT',
    ['Too many passkeys', 'You can have at most 10 passkeys. Remove one first.'],
    ['Terlalu banyak passkey', 'Anda dapat memiliki paling banyak 10 passkey. Hapus salah satu dahulu.'],
  ),
};
