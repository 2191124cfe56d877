import { apiPost } from '@/shared/api/client';

/** The customer as the server describes them after login (CONTRACTS.md, CustomerSummary). */
export interface CustomerSummary {
  userId: string;
  title: string;
  fullName: string;
  displayName: string;
  lastLoginAt: string | null;
  hasCasa: boolean;
  ccOnly: boolean;
  supplementary: boolean;
}

/** An OTP sent to one of the customer's phones; the code itself never travels back. */
export interface OtpChallenge {
  requestId: string;
  refNumber: string;
  phoneId: number;
  maskedPhone: string;
  expiresAt: string;
  resendAvailableAt: string;
  resendsLeft: number;
}

export type LoginChallengeType = 'fds' | 'bds' | 'unlock';

/**
 * The page of each challenge. The spec has two challenge pages; 'unlock' (a known browser getting
 * past a lock someone else caused) is the bank's security check too, so it shares the FDS page.
 */
export const CHALLENGE_PATH: Record<LoginChallengeType, string> = {
  fds: '/login/fdschallenge/',
  bds: '/login/bdschallenge/',
  unlock: '/login/fdschallenge/',
};

export type LoginResult =
  | { status: 'ok'; customer: CustomerSummary }
  | { status: 'challenge'; challenge: { type: LoginChallengeType; challengeId: string; otp: OtpChallenge } };

export type ForgotType = 'userid' | 'password' | 'edebit';

export interface ForgotPhone {
  phoneId: number;
  maskedPhone: string;
  frozenUntil: string | null;
}

export interface ForgotValidateResult {
  forgotToken: string;
  phones: ForgotPhone[];
}

/** What the last step of a forgot flow returns: the user id, the e-debit number, or just a success. */
export type ForgotOutcome = Record<string, unknown>;

const visitor = { auth: 'none' } as const;

export const authApi = {
  secureWord: (userId: string) =>
    apiPost<{ secureWord: string }>('/api/v1/login/secureword', { userId }, visitor),
  login: (userId: string, password: string) =>
    apiPost<LoginResult>('/api/v1/login', { userId, password }, visitor),
  challenge: (challengeId: string, otp: string) =>
    apiPost<LoginResult>('/api/v1/login/challenge', { challengeId, otp }, visitor),
  challengeResend: (challengeId: string) =>
    apiPost<OtpChallenge>('/api/v1/login/challenge/resend', { challengeId }, visitor),
  forgotValidate: (type: ForgotType, credentials: Record<string, unknown>) =>
    apiPost<ForgotValidateResult>(`/api/v1/forgot/${type}/validate`, credentials, visitor),
  forgotSendOtp: (type: ForgotType, forgotToken: string, phoneId: number) =>
    apiPost<OtpChallenge>(`/api/v1/forgot/${type}/sendotp`, { forgotToken, phoneId }, visitor),
  forgotValidateOtp: (type: ForgotType, body: Record<string, unknown>) =>
    apiPost<ForgotOutcome>(`/api/v1/forgot/${type}/validateotp`, body, visitor),
};
