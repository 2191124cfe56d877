import { checkField } from '../schema-rules';
import { newPasswordRule } from './config';

export type NewPasswordRule =
  'required' | 'minLength' | 'maxLength' | 'pattern' | 'sameAsUserId' | 'mismatch';

export interface NewPasswordProblems {
  newPassword?: NewPasswordRule;
  confirmPassword?: NewPasswordRule;
}

/** Spec 5: 8-14 characters, upper, lower, digit, special, no spaces, not the user id; confirmation equal. */
export function checkNewPassword(newPassword: string, confirm: string, userId?: string): NewPasswordProblems {
  const out: NewPasswordProblems = {};
  const p = checkField(newPasswordRule, newPassword, true);
  if (p) out.newPassword = p.rule as NewPasswordRule;
  else if (userId && newPassword.toLowerCase() === userId.toLowerCase()) out.newPassword = 'sameAsUserId';
  if (!confirm) out.confirmPassword = 'required';
  else if (confirm !== newPassword) out.confirmPassword = 'mismatch';
  return out;
}
