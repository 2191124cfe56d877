// @vitest-environment node
// Long, one concern: the one error catalogue (its texts, spec section 8's codes, pending outcomes, fallbacks).
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../src/shared/api-error';
import {
  CATALOGUE_KEYS,
  describeCode,
  describeError,
  isPendingOutcome,
  type ErrorContext,
  type ErrorView,
} from '../../../src/shared/api/error-catalogue';
import { ApiFailure } from '../../../src/shared/api/client';
import en from '../../../locales/en/errors.json';
import id from '../../../locales/id/errors.json';
import { testI18n } from '../i18n-fixture';

const i18n = testI18n('en');
const as = (lang: 'en' | 'id') => ({ getFixedT: i18n.getFixedT.bind(i18n), language: lang });

function body(sourceSystem: string, errorCode: string, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return {
    sourceSystem,
    errorCode,
    message: 'server message',
    errorTitleEng: 'Server title',
    errorTitleIdn: 'Judul server',
    errorMessageEng: 'Server message in English',
    errorMessageIdn: 'Pesan server dalam bahasa Indonesia',
    ...extra,
  };
}

function api(
  status: number,
  source: string,
  code: string,
  ctx?: ErrorContext,
  lang: 'en' | 'id' = 'en',
): ErrorView {
  return describeError(new ApiFailure('api', status, body(source, code)), as(lang), ctx);
}

function lookup(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

describe('error catalogue texts', () => {
  it.each(CATALOGUE_KEYS.map((k) => [k]))('%s has a title and a message in English and Indonesian', (key) => {
    for (const res of [en, id]) {
      expect(lookup(res, `catalogue.${key}.title`), key).toEqual(expect.any(String));
      expect(lookup(res, `catalogue.${key}.message`), key).toEqual(expect.any(String));
    }
    expect(lookup(id, `catalogue.${key}.message`)).not.toBe(lookup(en, `catalogue.${key}.message`));
  });
});

// [status, sourceSystem, errorCode, context, expected key, kind, action?, English title or message fragment]
type Case = [
  number,
  string,
  string,
  ErrorContext | undefined,
  string,
  ErrorView['kind'],
  string | undefined,
  string,
];
const CASES: Case[] = [
  [
    400,
    'CLICKS',
    '0005',
    undefined,
    'wrongData',
    'dialog',
    undefined,
    'Data that you have inputted was incorrect',
  ],
  [
    422,
    'CLICKS',
    '0007',
    undefined,
    'cifBlocked',
    'dialog',
    undefined,
    'Your registration cannot be processed',
  ],
  [429, 'CLICKS', 'OTP_09', undefined, 'otpResendLimit', 'dialog', undefined, 'OTP Resend Maximum Limit'],
  [422, 'CLICKS', 'OTP_05', undefined, 'otpWrong', 'inline', undefined, 'Invalid OTP'],
  [423, 'CLICKS', 'OTP_08', undefined, 'userIdBlocked', 'dialog', 'callCentre', 'User ID blocked'],
  [423, 'CLICKS', 'OTP_FROZEN', undefined, 'phoneFrozen', 'dialog', 'choosePhone', 'Mobile number frozen'],
  [
    423,
    'CLICKS',
    'OTP_ALL_FROZEN',
    undefined,
    'allPhonesFrozen',
    'dialog',
    'callCentre',
    'Activation code limit',
  ],
  [409, 'CLICKS', '0021', undefined, 'doubleTransaction', 'dialog', undefined, 'Double transaction'],
  [
    404,
    'SIBS',
    'MBM2001',
    undefined,
    'noAccount.casa',
    'dialog',
    'openAccount',
    'No savings or current account',
  ],
  [404, 'CLICKS', '5072', { product: 'casa' }, 'noAccount.casa', 'dialog', 'openAccount', 'No savings'],
  [
    404,
    'CLICKS',
    '5072',
    { product: 'mobileNumber' },
    'noAccount.mobileNumber',
    'dialog',
    undefined,
    'mobile number',
  ],
  [404, 'CLICKS', '0099', undefined, 'noAccount.mobileNumber', 'dialog', undefined, 'mobile number'],
  [404, 'GOMOBILE', '44', undefined, 'noAccount.mobileNumber', 'dialog', undefined, 'mobile number'],
  [404, 'SICS', 'T1', undefined, 'noAccount.creditCard', 'dialog', undefined, 'No credit card'],
  [404, 'SICS', 'T2', undefined, 'noAccount.creditCard', 'dialog', undefined, 'No credit card'],
  [
    404,
    'CLICKS',
    '5072',
    { product: 'creditCard' },
    'noAccount.creditCard',
    'dialog',
    undefined,
    'No credit card',
  ],
  [
    404,
    'CLICKS',
    '5072',
    { product: 'timeDeposit' },
    'noAccount.timeDeposit',
    'dialog',
    undefined,
    'time deposit',
  ],
  [404, 'CLICKS', '5072', { product: 'loan' }, 'noAccount.loan', 'dialog', undefined, 'No loan'],
  ...['0904', '0905', '0906', '0912', '0926', '0927', '0928', '0929'].map((c): Case => [
    404,
    'WMS',
    c,
    undefined,
    'noAccount.investment',
    'dialog',
    undefined,
    'investment',
  ]),
  [404, 'CLICKS', '0092', undefined, 'noAccount.investment', 'dialog', undefined, 'investment'],
  [404, 'CLICKS', '0038', undefined, 'noAccount.investment', 'dialog', undefined, 'investment'],
  [404, 'KSEI', '04', undefined, 'noAccount.custody', 'dialog', undefined, 'custody'],
  [404, 'CLICKS', '1513', undefined, 'noAccount.custody', 'dialog', undefined, 'custody'],
  [404, 'CLICKS', '0040', undefined, 'noAccount.insurance', 'dialog', undefined, 'insurance'],
  [404, 'CLICKS', '5072', undefined, 'noAccount.generic', 'dialog', undefined, 'No account found'],
  [404, 'SICS', 'T1', { area: 'installment' }, 'installmentNone', 'inline', undefined, 'No installments'],
  [404, 'SICS', 'T2', { area: 'installment' }, 'installmentNone', 'inline', undefined, 'No installments'],
  [404, 'CLICKS', '5072', { area: 'installment' }, 'installmentNone', 'inline', undefined, 'No installments'],
  [404, 'CLICKS', '1213', { area: 'installment' }, 'installmentNone', 'inline', undefined, 'No installments'],
  [422, 'CLICKS', '0100', undefined, 'aroInactive', 'dialog', undefined, 'ARO is not active'],
  [404, 'ESTAT', '404', undefined, 'noStatement', 'inline', undefined, 'No statement'],
  [
    404,
    'ESTAT',
    '404',
    { product: 'creditCard' },
    'noStatementCc',
    'inline',
    undefined,
    'credit card statement',
  ],
  [
    422,
    'CLICKS',
    '95',
    undefined,
    'noDefaultAccount',
    'dialog',
    'defaultAccount',
    'Default accounts not set',
  ],
  [404, 'CLICKS', '0030', undefined, 'mailboxEmpty', 'inline', undefined, 'No messages'],
  [404, 'CLICKS', '5071', undefined, 'noTransactions', 'inline', undefined, 'No transactions'],
  [410, 'CLICKS', 'VERIFICATION_EXPIRED', undefined, 'verificationExpired', 'dialog', undefined, 'expired'],
  [
    422,
    'CLICKS',
    'BENEFICIARY_NOT_FOUND',
    undefined,
    'beneficiaryNotFound',
    'inline',
    undefined,
    'Beneficiary account number is not found',
  ],
  [
    422,
    'CLICKS',
    'INVALID_CURRENCY_PAIR',
    undefined,
    'invalidCurrencyPair',
    'dialog',
    undefined,
    'Invalid Currency Pairing',
  ],
];

describe('server error codes of spec section 8', () => {
  it.each(CASES)('%i %s %s %j -> %s', (status, src, code, ctx, key, kind, action, text) => {
    const v = api(status, src, code, ctx);
    expect(v.key).toBe(key);
    expect(v.kind).toBe(kind);
    expect(v.action).toBe(action);
    expect(`${v.title} ${v.message}`).toContain(text);
    expect(v.code).toBe(`${src} : ${code}`);
    // the same code in Indonesian: same key, Indonesian texts
    const vi = api(status, src, code, ctx, 'id');
    expect(vi.key).toBe(key);
    expect(vi.title).toBe(lookup(id, `catalogue.${key}.title`));
  });

  it('shows the server text for a blocked CIF (0007), in the user language', () => {
    expect(api(422, 'CLICKS', '0007').message).toBe('Server message in English');
    expect(api(422, 'CLICKS', '0007', undefined, 'id').message).toBe('Pesan server dalam bahasa Indonesia');
  });

  it('OTP_08 names the contact centre', () => {
    expect(api(423, 'CLICKS', 'OTP_08').message).toBe(
      'Used ID is blocked. Please call 14041 or visit the nearest branch',
    );
  });

  it('matches source systems and codes case-insensitively, but not another source system', () => {
    expect(api(404, 'sics', 't1').key).toBe('noAccount.creditCard');
    expect(api(404, 'OTHER', 'T1').key).toBe('server');
  });
});

describe('pending outcomes', () => {
  const pending: [number, string, string][] = [
    [200, 'CLICKS', '0097'],
    [500, 'SIBS', '229'],
    [500, 'SIBS', '2022'],
    [500, 'ESB', '2018'],
    [500, 'ESB', '2022'],
    [500, 'ESB', '2023'],
    [500, 'ESB', '2066'],
    [500, 'SIBS', 'CFM0068'],
  ];
  it.each(pending)('%i %s %s is pending', (status, src, code) => {
    expect(isPendingOutcome(status, src, code)).toBe(true);
    const v = api(status, src, code);
    expect(v.kind).toBe('pending');
    expect(v.title).toBe('Transaction in progress');
    expect(api(status, src, code, undefined, 'id').title).toBe('Transaksi sedang diproses');
  });
  it.each([
    [400, 'ESB', '2019'],
    [400, 'SIBS', '2018'],
    [400, 'CLICKS', 'INVALID_REQUEST'],
    [503, 'CLICKS', 'GENERIC'],
  ] as [number, string, string][])('%i %s %s is failed, not pending', (status, src, code) => {
    expect(isPendingOutcome(status, src, code)).toBe(false);
    expect(api(status, src, code).kind).not.toBe('pending');
  });
  it('a gateway time-out (504) leaves the outcome unknown: pending', () => {
    expect(isPendingOutcome(504)).toBe(true);
  });
  it("at a transaction's look-up nothing is booked: a 504 is a time-out and a pending code no promise", () => {
    const lookUp = { stage: 'inquiry' } as const;
    expect(api(504, 'ESB', '0068').kind).toBe('pending');
    expect(api(504, 'ESB', '0068', lookUp)).toMatchObject({
      kind: 'timeout',
      title: 'Connection time-out, unable to load data',
      action: 'reload',
    });
    expect(api(400, 'ESB', '2018', lookUp).kind).not.toBe('pending');
  });
});

describe('fallbacks', () => {
  it.each([
    [
      'en',
      'invalid_token',
      401,
      'session',
      'Session Time-out',
      'Please login again to continue your transaction',
      'ERROR INVALID_TOKEN',
    ],
    [
      'en',
      'empty',
      200,
      'dialog',
      'Your request cannot be processed',
      'Please try again in a few minutes',
      'ERROR EMPTY_RESPONSE_DATA',
    ],
    [
      'en',
      'timeout',
      0,
      'timeout',
      'Connection time-out, unable to load data',
      'Please refresh the page',
      'error: 0000',
    ],
    [
      'en',
      'no_response',
      0,
      'dialog',
      'Your request cannot be processed',
      'Something went wrong. Please try again later.',
      'ERROR NO_RESPONSE',
    ],
    [
      'en',
      'invalid_request',
      400,
      'dialog',
      'Your request cannot be processed',
      'Please try again in a few minutes',
      'ERROR INVALID_REQUEST',
    ],
    [
      'id',
      'invalid_token',
      401,
      'session',
      'Sesi Berakhir',
      'Silakan login kembali untuk melanjutkan transaksi Anda',
      'ERROR INVALID_TOKEN',
    ],
    [
      'id',
      'empty',
      200,
      'dialog',
      'Permintaan Anda tidak dapat diproses',
      'Silakan coba beberapa saat lagi',
      'ERROR EMPTY_RESPONSE_DATA',
    ],
    [
      'id',
      'timeout',
      0,
      'timeout',
      'Koneksi terputus, data tidak dapat dimuat',
      'Silakan muat ulang halaman',
      'error: 0000',
    ],
    [
      'id',
      'no_response',
      0,
      'dialog',
      'Permintaan Anda tidak dapat diproses',
      'Terjadi kesalahan. Silakan coba lagi nanti.',
      'ERROR NO_RESPONSE',
    ],
    [
      'id',
      'invalid_request',
      400,
      'dialog',
      'Permintaan Anda tidak dapat diproses',
      'Silakan coba beberapa saat lagi',
      'ERROR INVALID_REQUEST',
    ],
  ] as const)('%s %s', (lang, kind, status, viewKind, title, message, code) => {
    const v = describeError(new ApiFailure(kind, status), as(lang));
    expect(v).toMatchObject({ kind: viewKind, title, message, code });
  });

  it('the timeout dialog offers Reload', () => {
    expect(describeError(new ApiFailure('timeout', 0), as('en')).action).toBe('reload');
  });

  it('a cancelled request shows nothing', () => {
    expect(describeError(new ApiFailure('cancelled', 0), as('en')).kind).toBe('none');
  });

  it('an INVALID_TOKEN payload is the session path', () => {
    expect(api(401, 'CLICKS', 'INVALID_TOKEN').kind).toBe('session');
  });

  it('unmatched server errors show the server title and message in the user language plus source : code', () => {
    expect(api(401, 'CLICKS', 'LOGIN_FAILED')).toMatchObject({
      kind: 'dialog',
      key: 'server',
      title: 'Server title',
      message: 'Server message in English',
      code: 'CLICKS : LOGIN_FAILED',
    });
    expect(api(401, 'CLICKS', 'LOGIN_FAILED', undefined, 'id')).toMatchObject({
      title: 'Judul server',
      message: 'Pesan server dalam bahasa Indonesia',
      code: 'CLICKS : LOGIN_FAILED',
    });
  });

  it('validation errors with fields are inline, with field texts in the user language', () => {
    const f = new ApiFailure(
      'api',
      422,
      body('CLICKS', 'AMOUNT_RULES', { fields: { '/amount': { eng: 'Too low', idn: 'Terlalu kecil' } } }),
    );
    expect(describeError(f, as('en'))).toMatchObject({ kind: 'inline', fields: { '/amount': 'Too low' } });
    expect(describeError(f, as('id'))).toMatchObject({
      kind: 'inline',
      fields: { '/amount': 'Terlalu kecil' },
    });
  });

  it('a 503 without a payload is the generic message; a 504 the time-out dialog', () => {
    expect(describeError(new ApiFailure('empty', 503), as('en'))).toMatchObject({
      title: 'Your request cannot be processed',
      message: 'Please try again in a few minutes',
    });
    expect(describeError(new ApiFailure('empty', 504), as('en')).kind).toBe('timeout');
  });

  it('describeCode reads the three keys without a payload', () => {
    expect(describeCode(409, 'CLICKS', '0021', as('en'))).toMatchObject({
      key: 'doubleTransaction',
      kind: 'dialog',
    });
    expect(describeCode(500, 'ESB', '2018', as('id'))).toMatchObject({
      kind: 'pending',
      title: 'Transaksi sedang diproses',
    });
    expect(describeCode(400, 'XYZ', '77', as('en'))).toMatchObject({
      kind: 'dialog',
      title: 'Your request cannot be processed',
      code: 'XYZ : 77',
    });
  });
});
