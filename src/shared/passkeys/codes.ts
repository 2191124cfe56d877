/** The error codes a passkey refusal carries (src/server/passkeys/errors.ts), one catalogue entry on the web. */
export const PASSKEY_CODES = [
  'PASSKEY_ORIGIN',
  'PASSKEY_REPLAYED',
  'PASSKEY_CLONED',
  'PASSKEY_UNKNOWN',
  'PASSKEY_OTHER_TRANSACTION',
  'PASSKEY_EXPIRED',
  'PASSKEY_NO_UV',
  'PASSKEY_INVALID',
  'PASSKEY_NONE',
  'PASSKEY_STEP_UP',
  'PASSKEY_REVIEW',
  'PASSKEY_NOT_FOUND',
  'PASSKEY_LIMIT',
] as const;

export type PasskeyCode = (typeof PASSKEY_CODES)[number];
