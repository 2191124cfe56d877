/** Business constants of spec section 9, in one place for server and browsers. */
export const SESSION = {
  /** Idle time before auto-logout. */
  idleMs: 5 * 60_000,
  /** The "are you still here?" prompt shows this long before the idle logout. */
  idlePromptMs: 60_000,
  /** Absolute session lifetime, whatever the activity. */
  absoluteMs: 60 * 60_000,
  /** A call made with a token at least this old is answered with a new one (access_token). */
  rotateAfterMs: 30_000,
  /**
   * How long the token a rotation replaced is still accepted: calls sent with it before the new one
   * arrived (parallel calls) still pass. Never more than rotateAfterMs, so one previous token suffices.
   */
  rotationGraceMs: 30_000,
} as const;

export const HTTP_TIMEOUT = {
  defaultMs: 30_000,
  transactionMs: 60_000,
  chatDisconnectMs: 10_000,
  imageCheckMs: 20_000,
} as const;

export const OTP = {
  digits: 6,
  resendCountdownS: 60,
  maxWrongAttempts: 3,
  freezeMs: 30 * 60_000,
  ttlMs: 5 * 60_000,
} as const;

export const APPROVAL = {
  expiresMs: 5 * 60_000,
  maxResends: 3,
  /** Pushes (requests and resends) a customer may cause in pushWindowMs: two transactions' worth. */
  maxPushes: 8,
  pushWindowMs: 10 * 60_000,
} as const;

/** A quoted transaction (inquiry) stays confirmable this long: the 5-minute OTP or approval plus resends. */
export const INQUIRY_TTL_MS = 15 * 60_000;

/**
 * A flight chosen in the travel concierge is held at its fare exactly as long as an inquiry lives, and
 * the booking's inquiry ends with its hold: the verify page never offers a confirm the hold cannot keep.
 */
export const FARE_HOLD_MS = INQUIRY_TTL_MS;

export const SPECIAL_RATE_REFRESH_MS = 10_000;
export const CONTACT_CENTRE = '14041';
export const SEARCH_MIN_CHARS = 3;
export const CHAT_PANEL = { width: 350, height: 420 } as const;
export const FX_DECLARATION_USD_MONTHLY = 100_000;
export const DEFAULT_BROWSER_ID = '1234';

export const QRIS = {
  /** A merchant's dynamic code (My business, "take payment") can be paid for this long, then expires. */
  dynamicCodeTtlMs: 15 * 60_000,
  /** QRIS's per-transaction maximum (amount plus tip), IDR minor units: Rp 10.000.000. */
  maxPerTransaction: 1_000_000_000,
} as const;
