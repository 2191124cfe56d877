import type { Queryable } from '../db/db';

/** An OTP sent to one of the customer's phones. The code itself is never returned or stored in clear. */
export interface OtpChallenge {
  requestId: string;
  /** Shown to the user beside the input, and printed in the SMS, so they can tell messages apart. */
  refNumber: string;
  phoneId: number;
  maskedPhone: string;
  expiresAt: string;
  /** The resend button stays disabled until this instant (the countdown). */
  resendAvailableAt: string;
  resendsLeft: number;
}

export interface IssueOtpInput {
  customerId: number;
  phoneId: number;
  /** What the code authorises: 'login.bds', 'forgot.password', 'transaction', 'registration', ... */
  purpose: string;
  /** Text placed in the SMS after the code, e.g. "to pay BPJS 150,000". */
  context?: string;
}

/**
 * The one OTP service of the server. Errors are ApiErrors with the spec's codes:
 * OTP_05 wrong code (inline, attempts left in the message), OTP_FROZEN phone frozen for 30 minutes
 * after the maximum wrong attempts, OTP_ALL_FROZEN every phone frozen (call 14041), OTP_EXPIRED,
 * OTP_09 resend maximum, OTP_08 user id blocked.
 */
export interface OtpService {
  issue(db: Queryable, input: IssueOtpInput): Promise<OtpChallenge>;
  resend(db: Queryable, requestId: string, customerId: number): Promise<OtpChallenge>;
  /** Resolves when the code is right and consumes it; throws the ApiErrors above otherwise. */
  verify(db: Queryable, requestId: string, customerId: number, code: string): Promise<void>;
  /**
   * The stored form of a code typed for a request (a keyed hash), for SQL that checks it itself
   * (the confirm's otp_check); a code that is not all digits gets a value no stored hash equals.
   */
  codeHash(requestId: string, code: string): string;
  phones(
    db: Queryable,
    customerId: number,
  ): Promise<{ phoneId: number; maskedPhone: string; frozenUntil: string | null }[]>;
}
