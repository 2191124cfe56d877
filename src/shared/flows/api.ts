import type { ApiErrorBody } from '../api-error';
import type { Money } from '../money';
import type { FeeKind } from './types';
import type { PromoApplied } from '../promo';

/** Bodies of /api/transaction/v1/* (CONTRACTS.md), shared by the browser engine and the server. */

export interface ChoiceOption {
  value: string;
  labelEng: string;
  labelIdn: string;
  /** accounts: {accountNo, currency, balance: Money, product}; denominations: {operator, price: Money}. */
  detail?: Record<string, unknown>;
}

export interface FormDataResponse {
  choices: Record<string, ChoiceOption[]>;
}

export interface PhoneOption {
  phoneId: number;
  maskedPhone: string;
  frozenUntil: string | null;
}

export interface Fee {
  kind: FeeKind;
  amount: Money;
  /** The fee as charged, when in another currency than the transaction's (a correspondent's USD 25.00). */
  charged?: Money;
}

export interface InquiryResponse {
  inquiryId: string;
  flowId: string;
  /** Absent for a flow that moves no money (a service request), whose fees are empty. */
  amount?: Money;
  fees: Fee[];
  total?: Money;
  exchangeRate?: string;
  equivalent?: Money;
  /** The promo code the transaction takes and its reward (a waived fee is already out of the total). */
  promo?: PromoApplied;
  details: Record<string, unknown>;
  expiresAt: string;
  /** The customer's phones for the OTP, when there is a choice (frozen ones carry frozenUntil). */
  phones?: PhoneOption[];
  /** The customer has the companion app on a device enrolled for approvals (offered when OTP cannot be sent). */
  appEnrolled?: boolean;
  /** The customer has a passkey (not blocked): verify offers it where the flow allows "passkey". */
  passkeyEnrolled?: boolean;
  /** The FDS challenge must be passed (POST /api/transaction/v1/fds-challenge) before verify. */
  fdsRequired?: boolean;
}

/** An OTP sent to one of the customer's phones (the code itself never travels back). */
export interface OtpChallenge {
  requestId: string;
  refNumber: string;
  phoneId: number;
  maskedPhone: string;
  expiresAt: string;
  resendAvailableAt: string;
  resendsLeft: number;
}

export interface ApprovalRequest {
  approvalId: string;
  expiresAt: string;
  resendsLeft: number;
  /** Shown on the web; the customer taps the same number in the app (a new one with every push). */
  matchNumber?: number;
}

/**
 * A request to sign the transaction with a passkey: WebAuthn request options (JSON, for
 * @simplewebauthn/browser's startAuthentication) whose challenge the server derived from the inquiry.
 */
export interface PasskeyRequest {
  options: Record<string, unknown> & { challenge: string };
  expiresAt: string;
}

export type VerificationResponse =
  | { method: 'otp'; otp: OtpChallenge }
  | ({ method: 'approval' } & ApprovalRequest)
  | { method: 'passkey'; passkey: PasskeyRequest };

/** An OTP or an app approval: what verifications of several items take (batches; the cart's passkey aside). */
export type OtpOrApprovalResponse = Exclude<VerificationResponse, { method: 'passkey' }>;

export type ApprovalStatus = 'waiting' | 'approved' | 'rejected' | 'expired';

export type ReceiptStatus = 'success' | 'pending' | 'failed';

export interface Receipt {
  referenceNo: string;
  status: ReceiptStatus;
  flowId: string;
  /** Absent for a flow that moves no money (a service request). */
  amount?: Money;
  fees: Fee[];
  total?: Money;
  exchangeRate?: string;
  equivalent?: Money;
  promo?: PromoApplied;
  details: Record<string, unknown>;
  createdAt: string;
  error?: ApiErrorBody;
  /**
   * What the customer sees once, on this answer only (a virtual card number and its CVV): receipt rows
   * read it as `secret.<key>`. The server stores it nowhere; the page keeps it in memory only, never
   * in storage, the PDF or a shared text, and a receipt read again has none.
   */
  secret?: Record<string, string>;
  /**
   * A transfer for a later date or recurring ("when to transfer"): nothing was booked; the verified
   * instruction the scheduler runs (listed at /mytransaction/) and its first date.
   */
  scheduled?: { instructionId: number; nextRunDate: string };
}

/** A flow's form saved under a name (receipt action "save as favourite", /my-favorite/). */
export interface Favourite {
  id: string;
  flowId: string;
  name: string;
  form: Record<string, unknown>;
  createdAt: string;
}

/** A favourite's name: 1 to 35 characters, not only spaces (the server's rule). */
export const FAVOURITE_NAME_MAX = 35;
