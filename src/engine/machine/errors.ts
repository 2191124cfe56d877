/** Reads the error code of a failed call (an ApiFailure, or a plain object in tests). */
export function errorCodeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { errorCode?: unknown; body?: { errorCode?: unknown } };
  const code = e.errorCode ?? e.body?.errorCode;
  return typeof code === 'string' ? code.toUpperCase() : undefined;
}

export function statusOf(error: unknown): number {
  const s = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof s === 'number' ? s : 0;
}

export function kindOf(error: unknown): string | undefined {
  const k = error && typeof error === 'object' ? (error as { kind?: unknown }).kind : undefined;
  return typeof k === 'string' ? k : undefined;
}

/** OTP error codes of the server's OtpService (src/server/otp/otp-service.ts). */
export const OTP_CODES = {
  wrong: 'OTP_05',
  frozen: 'OTP_FROZEN',
  allFrozen: 'OTP_ALL_FROZEN',
  expired: 'OTP_EXPIRED',
  resendLimit: 'OTP_09',
  blocked: 'OTP_08',
} as const;

export const isOtpError = (code: string) => (error: unknown) => errorCodeOf(error) === code;
