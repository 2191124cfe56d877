import type { ForgotType } from '../api';
import type { ObjectSchema } from '../schema-rules';
import { FORGOT_SEGMENTS } from './segments';
import useridSchema from '../../../../schemas/api/auth/forgot-userid-validate.request.json';
import passwordSchema from '../../../../schemas/api/auth/forgot-password-validate.request.json';
import edebitSchema from '../../../../schemas/api/auth/forgot-edebit-validate.request.json';
import newPasswordSchema from '../../../../schemas/api/auth/forgot-password-validateotp.request.json';

export type InputKind = 'text' | 'digits' | 'date' | 'secret';

export interface ForgotConfig {
  type: ForgotType;
  /** Route segment under /login/. */
  segment: string;
  schema: ObjectSchema;
  /** Fields in the order shown; alternatives are one-of groups (forgot user id: account OR card). */
  fields: readonly string[];
  alternatives?: readonly string[];
  inputs: Record<string, InputKind>;
  /** The OTP step also sets a new password. */
  newPassword: boolean;
}

export const newPasswordRule = newPasswordSchema.properties.newPassword;

const inputs: Record<string, InputKind> = {
  userId: 'text',
  accountNumber: 'digits',
  creditCardNumber: 'digits',
  atmCardLast4: 'digits',
  atmPin: 'secret',
  dateOfBirth: 'date',
};

export const FORGOT: Record<ForgotType, ForgotConfig> = {
  userid: {
    type: 'userid',
    segment: FORGOT_SEGMENTS.userid,
    schema: useridSchema as ObjectSchema,
    fields: ['accountNumber', 'creditCardNumber', 'dateOfBirth'],
    alternatives: ['accountNumber', 'creditCardNumber'],
    inputs,
    newPassword: false,
  },
  password: {
    type: 'password',
    segment: FORGOT_SEGMENTS.password,
    schema: passwordSchema as ObjectSchema,
    fields: ['userId', 'accountNumber', 'atmCardLast4', 'atmPin'],
    inputs,
    newPassword: true,
  },
  edebit: {
    type: 'edebit',
    segment: FORGOT_SEGMENTS.edebit,
    schema: edebitSchema as ObjectSchema,
    fields: ['userId', 'dateOfBirth', 'accountNumber'],
    inputs,
    newPassword: false,
  },
};

/** What the OTP step needs from the credentials step (router state; never stored). */
export interface ForgotState {
  forgotToken: string;
  phones: { phoneId: number; maskedPhone: string; frozenUntil: string | null }[];
  userId?: string;
}

export function isForgotState(v: unknown): v is ForgotState {
  const s = v as ForgotState | null;
  return typeof s?.forgotToken === 'string' && Array.isArray(s.phones);
}
