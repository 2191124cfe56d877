import { apiPost } from '../../shared/api/client';

/** The registration calls of spec section 7 (visitor calls: no session token). */
export interface PhoneChoice {
  phoneId: number;
  maskedPhone: string;
  frozenUntil: string | null;
}
export interface OtpChallenge {
  requestId: string;
  refNumber: string;
  phoneId: number;
  maskedPhone: string;
  expiresAt: string;
  resendAvailableAt: string;
  resendsLeft: number;
}
export interface ValidatedHolder {
  token: string;
  expiresAt: string;
  registrationType: 'casa' | 'cc';
  title: string;
  fullName: string;
}
export interface UserInfoForm {
  userId: string;
  password: string;
  secureWord: string;
  email: string;
  promoCode?: string;
  referralCode?: string;
  salesCode?: string;
  mobileLogin: boolean;
  appPin?: string;
}
export type Outcome = 'success' | 'partial' | 'failed';

const R = '/api/v1/registration';
const CA = `${R}/cardActivation`;
// The microsite's registration calls are transaction-type: 60 s.
const tx = { auth: 'none', kind: 'transaction' } as const;
const plain = { auth: 'none' } as const;

export const registrationApi = {
  validateCasa: (form: { accountNumber: string; atmCardLast4: string; atmPin: string }) =>
    apiPost<ValidatedHolder>(`${R}/validateaccount/casa`, form, tx),
  validateCc: (form: { cardNumber: string; dateOfBirth: string }) =>
    apiPost<ValidatedHolder>(`${R}/validateaccount/cc`, form, tx),
  validateRegistration: (token: string, form: UserInfoForm) =>
    apiPost<{ phones: PhoneChoice[] }>(`${R}/validateregistration`, { token, ...form }, tx),
  sendOtp: (token: string, phoneId: number, resend = false) =>
    apiPost<OtpChallenge>(`${R}/sendregistrationotp`, { token, phoneId, ...(resend ? { resend } : {}) }, tx),
  validateOtp: (token: string, requestId: string, otp: string) =>
    apiPost<{ email: string; resendAvailableAt: string }>(
      `${R}/validateotpregister`,
      { token, requestId, otp },
      tx,
    ),
  sendEmailCode: (token: string) =>
    apiPost<{ email: string; resendAvailableAt: string }>(`${R}/sendregistrationotp/email`, { token }, tx),
  validateEmailCode: (token: string, otp: string) =>
    apiPost<{ outcome: Outcome; userId: string; mobileLogin?: boolean }>(
      `${R}/validateotpregister/email`,
      { token, otp },
      tx,
    ),
  checkEmail: (email: string) =>
    apiPost<{ valid: boolean }>('/api/usersettings/v1/non/email-validation', { email }, plain),
  extend: (token: string) =>
    apiPost<{ expiresAt: string }>(`${R}/extendcache`, {}, { ...plain, headers: { access_token: token } }),

  validateCard: (form: { cardNumber: string; dateOfBirth: string }) =>
    apiPost<{ secretToken: string; maskedCard: string; phones: PhoneChoice[] }>(`${CA}/validatecc`, form, tx),
  cardOtp: (secretToken: string, phoneId: number) =>
    apiPost<OtpChallenge>(`${CA}/generateotpcc`, { secretToken, phoneId }, tx),
  cardOtpResend: (secretToken: string) => apiPost<OtpChallenge>(`${CA}/resendotpcc`, { secretToken }, tx),
  cardOtpValidate: (secretToken: string, requestId: string, otp: string) =>
    apiPost<{ verified: boolean }>(`${CA}/validateotpactivationcc`, { secretToken, requestId, otp }, tx),
  cardPinReset: (secretToken: string, form: { temporaryPin: string; newPin: string; confirmPin: string }) =>
    apiPost<{ status: string; maskedCard: string }>(`${CA}/ccpinreset`, { secretToken, ...form }, tx),
  cardExtend: (secretToken: string) =>
    apiPost<{ expiresAt: string }>(
      `${CA}/extendcache`,
      {},
      { ...plain, headers: { access_token: secretToken } },
    ),

  liveChatUrl: (lang: string) =>
    apiPost<{ usersettingsresponse: { liveChatUrl: string } }>(
      '/api/usersettings/v1/non/geturllivechatbeforelogin',
      { lang },
      plain,
    ),
  onboardingConfig: () =>
    apiPost<{ baseUrl: string; imageCheckUrl: string; merchantCode: string }>(
      `${R}/onboarding/config`,
      {},
      plain,
    ),
};
