// @vitest-environment node
// Long, one concern: the registration rules of spec section 5, a table of cases per rule in both readings.
import { describe, expect, it } from 'vitest';
import {
  fieldError,
  formErrors,
  maxLengthOf,
  numberEntry,
  passwordStrength,
  type FormValues,
} from '../../../src/features/registration/rules';
import { READINGS, type Reading, type ReadingSchemas } from '../../../src/features/registration/schemas';
import { createRulesAjv, ruleErrors } from '../../../src/server/registration/rules';

// Spec section 5, both readings: [reading, form, field, values (merged over a valid base), expected English message or null].
type Case = [Reading, keyof ReadingSchemas, string, FormValues, string | null];

const user: FormValues = {
  userId: 'agus2026',
  password: 'Agus@2026',
  secureWord: 'rambutan',
  email: 'agus@example.co.id',
  mobileLogin: true,
  appPin: '804271',
};
const appUser: FormValues = { ...user, secureWord: 'Rambutan' };
const casa: FormValues = { accountNumber: '800100200301', atmCardLast4: '4321', atmPin: '246810' };
const pin: FormValues = { temporaryPin: '202611', newPin: '802417', confirmPin: '802417' };

const cases: Case[] = [
  // ---- microsite: account details
  ['microsite', 'casaDetails', 'accountNumber', casa, null],
  ['microsite', 'casaDetails', 'accountNumber', { ...casa, accountNumber: '8001002003022' }, null],
  [
    'microsite',
    'casaDetails',
    'accountNumber',
    { ...casa, accountNumber: '80010020030' },
    'Your input has to be within 12-13 digits',
  ],
  [
    'microsite',
    'casaDetails',
    'accountNumber',
    { ...casa, accountNumber: '80010020030221' },
    'Your input has to be within 12-13 digits',
  ],
  ['microsite', 'casaDetails', 'accountNumber', { ...casa, accountNumber: '8001002003a1' }, 'Numeric only'],
  [
    'microsite',
    'casaDetails',
    'accountNumber',
    { ...casa, accountNumber: '800100 200301' },
    'Account number must not contain spaces',
  ],
  ['microsite', 'casaDetails', 'accountNumber', { ...casa, accountNumber: '' }, 'Account number is required'],
  [
    'microsite',
    'casaDetails',
    'accountNumber',
    { ...casa, accountNumber: undefined },
    'Account number is required',
  ],
  [
    'microsite',
    'casaDetails',
    'atmCardLast4',
    { ...casa, atmCardLast4: '432' },
    'Enter the last 4 digits of your ATM card',
  ],
  ['microsite', 'casaDetails', 'atmPin', { ...casa, atmPin: '24681' }, 'PIN must be exactly 6 digits'],
  ['microsite', 'casaDetails', 'atmPin', { ...casa, atmPin: '24681x' }, 'PIN must contain numbers only'],
  // ---- microsite: user id 5-20, alphanumeric, no spaces, no special characters, not blank
  ['microsite', 'userInfo', 'userId', user, null],
  ['microsite', 'userInfo', 'userId', { ...user, userId: 'agus' }, 'User ID must be 5-20 characters'],
  ['microsite', 'userInfo', 'userId', { ...user, userId: 'a'.repeat(21) }, 'User ID must be 5-20 characters'],
  ['microsite', 'userInfo', 'userId', { ...user, userId: 'agus 2026' }, 'User ID must not contain spaces'],
  [
    'microsite',
    'userInfo',
    'userId',
    { ...user, userId: 'agus_2026' },
    'User ID must not contain special characters',
  ],
  ['microsite', 'userInfo', 'userId', { ...user, userId: '' }, 'User ID must not be blank'],
  // ---- microsite: password 8-12, letters and numbers, a special character, no spaces, not containing user id / secure word
  ['microsite', 'userInfo', 'password', user, null],
  [
    'microsite',
    'userInfo',
    'password',
    { ...user, password: 'xagus2026@' },
    'Password must not contain or be the same as your user ID or secure word',
  ],
  ['microsite', 'userInfo', 'password', { ...user, password: 'Abc@1234' }, null],
  ['microsite', 'userInfo', 'password', { ...user, password: 'Abc@12345678' }, null],
  [
    'microsite',
    'userInfo',
    'password',
    { ...user, password: 'Abc@123456789' },
    'Password must be 8-12 characters',
  ],
  ['microsite', 'userInfo', 'password', { ...user, password: 'Ab@1234' }, 'Password must be 8-12 characters'],
  [
    'microsite',
    'userInfo',
    'password',
    { ...user, password: 'Abcd1234' },
    'Password must contain a special character',
  ],
  ['microsite', 'userInfo', 'password', { ...user, password: 'Abcd@efg' }, 'Password must contain numbers'],
  ['microsite', 'userInfo', 'password', { ...user, password: '1234@567' }, 'Password must contain letters'],
  [
    'microsite',
    'userInfo',
    'password',
    { ...user, password: 'Ab @1234' },
    'Password must not contain spaces',
  ],
  [
    'microsite',
    'userInfo',
    'password',
    { ...user, password: 'x@rambutan1' },
    'Password must not contain or be the same as your user ID or secure word',
  ],
  ['microsite', 'userInfo', 'password', { ...user, password: 'abc@1234' }, null],
  // ---- microsite: secure word 8-20, lower-case letters only, not equal to user id / password
  ['microsite', 'userInfo', 'secureWord', user, null],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, secureWord: 'rambuta' },
    'Secure word must be 8-20 characters',
  ],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, secureWord: 'r'.repeat(21) },
    'Secure word must be 8-20 characters',
  ],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, secureWord: 'Rambutan' },
    'Secure word must not contain upper case letters',
  ],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, secureWord: 'rambutan1' },
    'Secure word must not contain numbers',
  ],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, secureWord: 'ram butan' },
    'Secure word must not contain spaces',
  ],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, secureWord: 'rambu-tan' },
    'Secure word must contain lower case letters only',
  ],
  [
    'microsite',
    'userInfo',
    'secureWord',
    { ...user, userId: 'rambutans', secureWord: 'rambutans' },
    'Secure word must not be the same as your user ID or password',
  ],
  // ---- microsite: e-mail, promo, referral, sales codes
  ['microsite', 'userInfo', 'email', { ...user, email: 'agus@example' }, 'Enter a valid email address'],
  ['microsite', 'userInfo', 'email', { ...user, email: 'agus@example.abcde' }, 'Enter a valid email address'],
  ['microsite', 'userInfo', 'email', { ...user, email: '' }, 'Email address is required'],
  ['microsite', 'userInfo', 'promoCode', { ...user, promoCode: 'P'.repeat(15) }, null],
  [
    'microsite',
    'userInfo',
    'promoCode',
    { ...user, promoCode: 'P'.repeat(16) },
    'Promo code must be at most 15 characters',
  ],
  ['microsite', 'userInfo', 'promoCode', { ...user, promoCode: '' }, null],
  [
    'microsite',
    'userInfo',
    'referralCode',
    { ...user, referralCode: 'AB' },
    'Referral code must be 3-20 characters',
  ],
  ['microsite', 'userInfo', 'referralCode', { ...user, referralCode: 'R'.repeat(20) }, null],
  [
    'microsite',
    'userInfo',
    'referralCode',
    { ...user, referralCode: 'R'.repeat(21) },
    'Referral code must be 3-20 characters',
  ],
  [
    'microsite',
    'userInfo',
    'referralCode',
    { ...user, referralCode: 'ABC!' },
    'Referral code must not contain special characters',
  ],
  ['microsite', 'userInfo', 'salesCode', { ...user, salesCode: 'S1' }, 'Sales code must be 3-20 characters'],
  [
    'microsite',
    'userInfo',
    'salesCode',
    { ...user, salesCode: 'S-100' },
    'Sales code must not contain special characters',
  ],
  ['microsite', 'userInfo', 'salesCode', { ...user, salesCode: 'SALES2026' }, null],
  // ---- app PIN: 6 digits, not blank, blacklisted ones refused
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: '111111' }, 'PIN is not acceptable'],
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: '123456' }, 'PIN is not acceptable'],
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: '654321' }, 'PIN is not acceptable'],
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: '80427' }, 'PIN must be 6 digits'],
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: '80a271' }, 'PIN must contain numbers only'],
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: '' }, 'PIN must not be blank'],
  ['microsite', 'userInfo', 'appPin', { ...user, appPin: undefined }, 'PIN must not be blank'],
  ['microsite', 'userInfo', 'appPin', { ...user, mobileLogin: false, appPin: undefined }, null],
  // ---- OTP: microsite "6 characters", app "exactly 6 digits"
  ['microsite', 'otp', 'otp', { otp: '12345' }, 'OTP must be 6 characters'],
  ['microsite', 'otp', 'otp', { otp: '' }, 'Activation code is required'],
  ['microsite', 'otp', 'otp', { otp: '123456' }, null],
  ['app', 'otp', 'otp', { otp: '12a456' }, 'Activation code must contain numbers only'],
  ['app', 'otp', 'otp', { otp: '1234567' }, 'Activation code must be exactly 6 digits'],
  ['app', 'otp', 'otp', { otp: '123456' }, null],
  // ---- the main app's reading
  [
    'app',
    'casaDetails',
    'accountNumber',
    { ...casa, accountNumber: '80010020030' },
    'Account number must be 12-13 digits',
  ],
  [
    'app',
    'casaDetails',
    'accountNumber',
    { ...casa, accountNumber: '8001002003ab' },
    'Account number must contain numbers only',
  ],
  ['app', 'userInfo', 'password', appUser, null],
  ['app', 'userInfo', 'password', { ...appUser, password: 'Agus@20261234' }, null],
  [
    'app',
    'userInfo',
    'password',
    { ...appUser, password: 'Agus@2026123456' },
    'Password must be 8-14 characters',
  ],
  [
    'app',
    'userInfo',
    'password',
    { ...appUser, password: 'agus@2026' },
    'Password must contain at least one upper case letter',
  ],
  [
    'app',
    'userInfo',
    'password',
    { ...appUser, password: 'AGUS@2026' },
    'Password must contain at least one lower case letter',
  ],
  [
    'app',
    'userInfo',
    'password',
    { ...appUser, password: 'Agus2026' },
    'Password must contain a special character',
  ],
  ['app', 'userInfo', 'secureWord', appUser, null],
  [
    'app',
    'userInfo',
    'secureWord',
    { ...appUser, secureWord: 'Rambu' },
    'Secure word must be 6-20 characters',
  ],
  ['app', 'userInfo', 'secureWord', { ...appUser, secureWord: 'Rambut' }, null],
  [
    'app',
    'userInfo',
    'secureWord',
    { ...appUser, secureWord: 'rambutan' },
    'Secure word must contain an upper case letter',
  ],
  [
    'app',
    'userInfo',
    'secureWord',
    { ...appUser, secureWord: 'RAMBUTAN' },
    'Secure word must contain a lower case letter',
  ],
  [
    'app',
    'userInfo',
    'secureWord',
    { ...appUser, secureWord: 'Rambutan1' },
    'Secure word must not contain numbers',
  ],
  [
    'app',
    'userInfo',
    'secureWord',
    { ...appUser, userId: 'Rambutans', secureWord: 'Rambutans' },
    'Secure word must not be the same as your user ID or password',
  ],
  [
    'app',
    'userInfo',
    'userId',
    { ...appUser, userId: 'agus!2026' },
    'User ID must not contain special characters',
  ],
  ['app', 'userInfo', 'referralCode', { ...appUser, referralCode: 'REF12345' }, null],
  [
    'app',
    'userInfo',
    'referralCode',
    { ...appUser, referralCode: 'REF123456' },
    'Referral code must be 3-8 characters',
  ],
  ['app', 'userInfo', 'email', { ...appUser, email: 'agus.example.com' }, 'Enter a valid email address'],
  // ---- mobile number: at least 9
  [
    'microsite',
    'mobileNumber',
    'mobileNumber',
    { mobileNumber: '81234567' },
    'Mobile number must be at least 9 digits',
  ],
  ['microsite', 'mobileNumber', 'mobileNumber', { mobileNumber: '812345678' }, null],
  ['microsite', 'mobileNumber', 'mobileNumber', { mobileNumber: '8123-45678' }, 'Numbers only'],
  // ---- credit card PIN change
  ['microsite', 'changePin', 'newPin', pin, null],
  [
    'microsite',
    'changePin',
    'newPin',
    { ...pin, newPin: '000000', confirmPin: '000000' },
    'PIN is not acceptable',
  ],
  [
    'microsite',
    'changePin',
    'newPin',
    { ...pin, newPin: '202611', confirmPin: '202611' },
    'New PIN must differ from the temporary PIN',
  ],
  ['microsite', 'changePin', 'confirmPin', { ...pin, confirmPin: '802418' }, 'PINs do not match'],
  [
    'microsite',
    'changePin',
    'temporaryPin',
    { ...pin, temporaryPin: '2026' },
    'Temporary PIN must be 6 digits',
  ],
  [
    'microsite',
    'ccDetails',
    'dateOfBirth',
    { cardNumber: '4567890123456789', dateOfBirth: '1985-13-01' },
    'Enter a valid date of birth',
  ],
  [
    'microsite',
    'ccDetails',
    'cardNumber',
    { cardNumber: '456789012345678', dateOfBirth: '1985-04-12' },
    'Credit card number must be 16 digits',
  ],
];

const ajv = createRulesAjv();
const serverMessage = (reading: Reading, form: keyof ReadingSchemas, values: FormValues, field: string) => {
  const schema = READINGS[reading][form] as unknown as Record<string, unknown>;
  const validate = ajv.compile(schema);
  const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (validate(clean)) return null;
  return ruleErrors(schema, validate.errors ?? [])[`/${field}`]?.eng ?? null;
};

describe('registration rules (spec section 5), both readings', () => {
  it.each(cases)('%s %s.%s %j -> %s', (reading, form, field, values, expected) => {
    const schema = READINGS[reading][form];
    expect(fieldError(schema, field, values)?.en ?? null).toBe(expected);
    // The server validates the same file with ajv and must say the same.
    expect(serverMessage(reading, form, values, field)).toBe(expected);
  });

  it('gives every message in Indonesian too', () => {
    const errs = formErrors(READINGS.microsite.userInfo, {
      userId: '',
      password: 'x',
      secureWord: 'A1',
      email: 'e',
    });
    expect(Object.keys(errs).sort()).toEqual(['email', 'mobileLogin', 'password', 'secureWord', 'userId']);
    for (const m of Object.values(errs)) expect(m.id).toMatch(/\S/);
    expect(errs.userId!.id).toBe('User ID tidak boleh kosong');
  });

  it('rates the password strength: not acceptable, weak, good, strong', () => {
    const s = READINGS.app.userInfo;
    expect(passwordStrength(s, { ...appUser, password: 'agus2026' })).toBe('notAcceptable');
    expect(passwordStrength(s, { ...appUser, password: 'Agus@20' })).toBe('notAcceptable');
    expect(passwordStrength(s, { ...appUser, password: 'Agus@20a' })).toBe('weak');
    expect(passwordStrength(s, { ...appUser, password: 'Agus@2026' })).toBe('good');
    expect(passwordStrength(s, { ...appUser, password: 'Agus@#20261' })).toBe('strong');
  });

  it("caps a number field at its rules' maximum, after a pasted number's separators are gone", () => {
    const cc = READINGS.microsite.ccDetails;
    expect(maxLengthOf(cc, 'cardNumber')).toBe(16);
    expect(maxLengthOf(READINGS.microsite.casaDetails, 'accountNumber')).toBe(13);
    expect(maxLengthOf(cc, 'dateOfBirth')).toBeUndefined();
    // As pasted from a card or a statement: every digit arrives and the rules find nothing wrong.
    const card = numberEntry('4111 1111 1111 1111', maxLengthOf(cc, 'cardNumber'));
    expect(card).toBe('4111111111111111');
    expect(fieldError(cc, 'cardNumber', { cardNumber: card, dateOfBirth: '1990-01-31' })).toBeNull();
    expect(numberEntry(' 079 189 ', 6)).toBe('079189');
    expect(numberEntry('079.189', 6)).toBe('079189');
    // Typed past the maximum: the extra digits are not taken.
    expect(numberEntry('41111111111111112', 16)).toBe('4111111111111111');
    // A letter stays, so the rules can name it in the customer's language.
    const typo = numberEntry('4111 1111 1111 111O', 16);
    expect(typo).toBe('411111111111111O');
    expect(fieldError(cc, 'cardNumber', { cardNumber: typo, dateOfBirth: '1990-01-31' })?.en).toBe(
      'Numbers only',
    );
    expect(numberEntry('80 01', undefined)).toBe('8001');
  });
});
