import { ApiError } from '../http/api-error';

export const approvalErrors = {
  notFound: () =>
    new ApiError(404, 'CLICKS', 'APPROVAL_NOT_FOUND', {
      titleEng: 'Approval request not found',
      titleIdn: 'Permintaan persetujuan tidak ditemukan',
      messageEng: 'This approval request does not exist or is no longer yours to decide.',
      messageIdn: 'Permintaan persetujuan ini tidak ada atau tidak dapat Anda putuskan.',
    }),
  expired: () =>
    new ApiError(410, 'CLICKS', 'APPROVAL_EXPIRED', {
      titleEng: 'Verification expired',
      titleIdn: 'Verifikasi kedaluwarsa',
      messageEng: 'This approval request has expired or was already decided.',
      messageIdn: 'Permintaan persetujuan ini sudah kedaluwarsa atau sudah diputuskan.',
    }),
  withdrawn: () =>
    new ApiError(409, 'CLICKS', 'APPROVAL_WITHDRAWN', {
      titleEng: 'Request withdrawn',
      titleIdn: 'Permintaan ditarik',
      messageEng:
        'Internet banking switched this transaction to OTP, so this request was withdrawn. Nothing was approved: enter the OTP in internet banking to continue.',
      messageIdn:
        'Internet banking beralih ke OTP untuk transaksi ini, sehingga permintaan ini ditarik. Tidak ada yang disetujui: masukkan OTP di internet banking untuk melanjutkan.',
    }),
  resendLimit: () =>
    new ApiError(429, 'CLICKS', 'APPROVAL_RESEND_LIMIT', {
      titleEng: 'Resend limit reached',
      titleIdn: 'Batas kirim ulang tercapai',
      messageEng: 'You have resent the approval request the maximum number of times. Please use OTP instead.',
      messageIdn:
        'Anda sudah mengirim ulang permintaan persetujuan sebanyak batas maksimum. Silakan gunakan OTP.',
    }),
  rejected: () =>
    new ApiError(409, 'CLICKS', 'APPROVAL_REJECTED', {
      titleEng: 'Transaction cancelled',
      titleIdn: 'Transaksi dibatalkan',
      messageEng: 'The approval request was rejected in the app, so the transaction is cancelled.',
      messageIdn: 'Permintaan persetujuan ditolak di aplikasi, sehingga transaksi dibatalkan.',
    }),
  mobileOnly: () =>
    new ApiError(403, 'CLICKS', 'MOBILE_ONLY', {
      titleEng: 'Companion app only',
      titleIdn: 'Hanya aplikasi pendamping',
      messageEng: 'Approvals are decided in the companion app.',
      messageIdn: 'Persetujuan diputuskan di aplikasi pendamping.',
    }),
  tooManyPushes: () =>
    new ApiError(429, 'CLICKS', 'APPROVAL_RATE_LIMITED', {
      titleEng: 'Too many approval requests',
      titleIdn: 'Terlalu banyak permintaan persetujuan',
      messageEng:
        'Too many approval requests were sent to your app in the last 10 minutes. Please use OTP instead.',
      messageIdn:
        'Terlalu banyak permintaan persetujuan dikirim ke aplikasi Anda dalam 10 menit terakhir. Silakan gunakan OTP.',
    }),
  deviceNotFound: () =>
    new ApiError(404, 'CLICKS', 'DEVICE_NOT_FOUND', {
      titleEng: 'Device not found',
      titleIdn: 'Perangkat tidak ditemukan',
      messageEng: 'This device is no longer among your companion app devices.',
      messageIdn: 'Perangkat ini sudah tidak terdaftar sebagai perangkat aplikasi pendamping Anda.',
    }),
  deviceNotEnrolled: () =>
    new ApiError(403, 'CLICKS', 'DEVICE_NOT_ENROLLED', {
      titleEng: 'Device not enrolled',
      titleIdn: 'Perangkat belum terdaftar',
      messageEng: 'Approvals are decided only in the companion app on a device enrolled with an SMS code.',
      messageIdn:
        'Persetujuan hanya dapat diputuskan di aplikasi pendamping pada perangkat yang didaftarkan dengan kode SMS.',
    }),
  /** A password reset or credential change asked the customer to keep or remove this device first. */
  deviceUnderReview: () =>
    new ApiError(403, 'CLICKS', 'DEVICE_REVIEW', {
      titleEng: 'Check this device first',
      titleIdn: 'Periksa perangkat ini dahulu',
      messageEng:
        'Your password or sign-in details changed. Log in to internet banking and keep this device in Settings > Companion app; until then it approves nothing.',
      messageIdn:
        'Kata sandi atau data masuk Anda telah berubah. Login ke internet banking dan simpan perangkat ini di Pengaturan > Aplikasi pendamping; sebelum itu perangkat ini tidak dapat menyetujui transaksi.',
    }),
  deviceIdRequired: () =>
    new ApiError(400, 'CLICKS', 'DEVICE_ID_REQUIRED', {
      titleEng: 'Device not recognised',
      titleIdn: 'Perangkat tidak dikenali',
      messageEng: 'This device sent no device id. Please update the companion app and try again.',
      messageIdn:
        'Perangkat ini tidak mengirim ID perangkat. Silakan perbarui aplikasi pendamping dan coba lagi.',
    }),
  loginFailed: () =>
    new ApiError(401, 'CLICKS', 'LOGIN_FAILED', {
      titleEng: 'Login failed',
      titleIdn: 'Login gagal',
      messageEng: 'The user ID or app PIN is incorrect.',
      messageIdn: 'User ID atau PIN aplikasi salah.',
    }),
  loginLocked: () =>
    new ApiError(423, 'CLICKS', 'LOGIN_LOCKED', {
      titleEng: 'Login locked',
      titleIdn: 'Login dikunci',
      messageEng: 'Too many wrong attempts. Please try again in 30 minutes or call 14041.',
      messageIdn: 'Terlalu banyak percobaan yang salah. Silakan coba lagi dalam 30 menit atau hubungi 14041.',
    }),
};
