import type { OtpChallenge, Outcome, PhoneChoice } from '../api';

/** What one registration step hands the next (router state; the password never travels). */
export interface RegistrationDraft {
  token: string;
  registrationType: 'casa' | 'cc';
  fullName: string;
  phones?: PhoneChoice[];
  email?: string;
  mobileLogin?: boolean;
  otp?: OtpChallenge;
  emailResendAt?: string;
}

export interface RegistrationResult {
  outcome: Outcome;
  userId?: string;
  mobileLogin?: boolean;
  message?: string;
}

export const isDraft = (s: unknown): s is RegistrationDraft =>
  typeof (s as RegistrationDraft | null)?.token === 'string';
export const hasPhones = (s: unknown): s is RegistrationDraft & { phones: PhoneChoice[] } =>
  isDraft(s) && Array.isArray(s.phones);
export const hasOtp = (s: unknown): s is RegistrationDraft & { phones: PhoneChoice[]; otp: OtpChallenge } =>
  hasPhones(s) && typeof s.otp?.requestId === 'string';
export const hasEmail = (s: unknown): s is RegistrationDraft & { email: string; emailResendAt: string } =>
  isDraft(s) && typeof s.email === 'string' && typeof s.emailResendAt === 'string';
export const isResult = (s: unknown): s is RegistrationResult =>
  ['success', 'partial', 'failed'].includes((s as RegistrationResult | null)?.outcome ?? '');
