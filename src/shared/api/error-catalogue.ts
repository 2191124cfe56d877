/**
 * The error catalogue of spec section 8, in ONE place: (HTTP status, sourceSystem, errorCode) ->
 * what the user sees, in their language (texts in locales/<lang>/errors.json).
 *
 * kinds: 'inline' (the page shows it in place: a field message or an empty state), 'dialog',
 * 'pending' (the transaction is in progress: check the history later), 'session' (log out and go to
 * login), 'timeout' (the connection time-out dialog with Reload), 'none' (cancelled: show nothing).
 */
import type { i18n as I18n } from 'i18next';
import type { ApiErrorBody } from '../api-error';
import { CONTACT_CENTRE } from '../constants';
import { PASSKEY_CODES } from '../passkeys/codes';
import type { FailureKind } from './client';

export type ErrorKind = 'inline' | 'dialog' | 'pending' | 'session' | 'timeout' | 'none';

/** What the dialog's main button does (the caller decides how; 'close' when absent). */
export type ErrorAction =
  'reload' | 'login' | 'openAccount' | 'choosePhone' | 'callCentre' | 'defaultAccount' | 'close';

/** Products with their own "no account" dialog (spec section 8). */
export type NoAccountProduct =
  'casa' | 'mobileNumber' | 'creditCard' | 'timeDeposit' | 'loan' | 'investment' | 'custody' | 'insurance';

/** Where the call was made, for codes whose meaning depends on it (5072, T1, T2, ESTAT 404). */
export interface ErrorContext {
  product?: NoAccountProduct;
  /** 'installment': the installment summary, where T1/T2/5072/1213 mean "no installments". */
  area?: 'installment';
  /**
   * 'inquiry': a transaction's look-up, before anything is booked. A time-out there is a time-out
   * (try again), never "in progress, check your history": there is nothing in the history.
   */
  stage?: 'inquiry';
}

/** Anything shaped like an ApiFailure (the class, or a plain object in tests and stories). */
export interface FailureLike {
  kind?: FailureKind;
  status: number;
  body?: ApiErrorBody;
  sourceSystem?: string;
  errorCode?: string;
}

export interface ErrorView {
  kind: ErrorKind;
  /** Catalogue key (errors:catalogue.<key>, or 'server', 'generic', 'timeout', ...): stable, for tests. */
  key: string;
  title: string;
  message: string;
  /** Small reference under the message: 'CLICKS : 0005', 'error: 0000', 'ERROR NO_RESPONSE'. */
  code?: string;
  action?: ErrorAction;
  /** Per-field messages in the user's language (JSON pointer -> text), for inline display. */
  fields?: Record<string, string>;
}

interface Rule {
  key: string;
  kind: ErrorKind;
  /** Source systems that match; undefined = any source (the spec does not name one). */
  sources?: readonly string[];
  codes: readonly string[];
  action?: ErrorAction;
  /** Show the server's message (in the user's language) under the catalogue title. */
  serverMessage?: boolean;
  /** Only when the caller says it is about this product / area. */
  product?: NoAccountProduct;
  area?: ErrorContext['area'];
}

const WMS_NO_ACCOUNT = ['0904', '0905', '0906', '0912', '0926', '0927', '0928', '0929'];

/** Transaction outcomes that are "in progress", not failed (spec section 8, Transactions). */
export const PENDING_CODES: readonly { sourceSystem?: string; errorCode: string }[] = [
  { errorCode: '0097' },
  { sourceSystem: 'SIBS', errorCode: '229' },
  { sourceSystem: 'SIBS', errorCode: '2022' },
  { sourceSystem: 'ESB', errorCode: '2018' },
  { sourceSystem: 'ESB', errorCode: '2022' },
  { sourceSystem: 'ESB', errorCode: '2023' },
  { sourceSystem: 'ESB', errorCode: '2066' },
  { errorCode: 'CFM0068' },
];

/**
 * Context rules first (they win when the caller gives the context), then the general ones, in order.
 * Exported so the tests walk the whole table.
 */
export const RULES: readonly Rule[] = [
  // Installment summary: these codes mean "none".
  { key: 'installmentNone', kind: 'inline', codes: ['T1', 'T2', '5072', '1213'], area: 'installment' },
  // No-account dialogs per product.
  {
    key: 'noAccount.casa',
    kind: 'dialog',
    action: 'openAccount',
    product: 'casa',
    codes: ['5072'],
    sources: ['CLICKS'],
  },
  {
    key: 'noAccount.mobileNumber',
    kind: 'dialog',
    product: 'mobileNumber',
    codes: ['5072', '0099'],
  },
  { key: 'noAccount.creditCard', kind: 'dialog', product: 'creditCard', codes: ['T1', 'T2', '5072'] },
  { key: 'noAccount.timeDeposit', kind: 'dialog', product: 'timeDeposit', codes: ['5072'] },
  { key: 'noAccount.loan', kind: 'dialog', product: 'loan', codes: ['5072'] },
  { key: 'noAccount.investment', kind: 'dialog', product: 'investment', codes: ['5072'] },
  { key: 'noAccount.custody', kind: 'dialog', product: 'custody', codes: ['5072'] },
  { key: 'noAccount.insurance', kind: 'dialog', product: 'insurance', codes: ['5072'] },
  { key: 'noStatementCc', kind: 'inline', product: 'creditCard', sources: ['ESTAT'], codes: ['404'] },

  // Registration and OTP.
  { key: 'wrongData', kind: 'dialog', sources: ['CLICKS'], codes: ['0005'] },
  { key: 'cifBlocked', kind: 'dialog', codes: ['0007'], serverMessage: true },
  { key: 'otpResendLimit', kind: 'dialog', codes: ['OTP_09'] },
  { key: 'otpWrong', kind: 'inline', codes: ['OTP_05'], serverMessage: true },
  { key: 'otpExpired', kind: 'inline', codes: ['OTP_EXPIRED'] },
  { key: 'userIdBlocked', kind: 'dialog', codes: ['OTP_08'], action: 'callCentre' },
  { key: 'phoneFrozen', kind: 'dialog', codes: ['OTP_FROZEN'], action: 'choosePhone' },
  { key: 'allPhonesFrozen', kind: 'dialog', codes: ['OTP_ALL_FROZEN'], action: 'callCentre' },
  { key: 'doubleTransaction', kind: 'dialog', codes: ['0021'] },
  { key: 'registrationFailed', kind: 'dialog', codes: ['REGISTRATION_FAILED'] },
  { key: 'registrationPartial', kind: 'dialog', codes: ['REGISTRATION_PARTIAL'] },

  // No-account codes that name their product without context.
  { key: 'noAccount.casa', kind: 'dialog', action: 'openAccount', sources: ['SIBS'], codes: ['MBM2001'] },
  { key: 'noAccount.mobileNumber', kind: 'dialog', codes: ['0099'] },
  { key: 'noAccount.mobileNumber', kind: 'dialog', sources: ['GOMOBILE'], codes: ['44'] },
  { key: 'noAccount.creditCard', kind: 'dialog', sources: ['SICS'], codes: ['T1', 'T2'] },
  { key: 'noAccount.investment', kind: 'dialog', sources: ['WMS'], codes: WMS_NO_ACCOUNT },
  { key: 'noAccount.investment', kind: 'dialog', sources: ['CLICKS'], codes: ['0092', '0038'] },
  { key: 'noAccount.custody', kind: 'dialog', sources: ['KSEI'], codes: ['04'] },
  { key: 'noAccount.custody', kind: 'dialog', sources: ['CLICKS'], codes: ['1513'] },
  { key: 'noAccount.insurance', kind: 'dialog', codes: ['0040'] },
  { key: 'noAccount.generic', kind: 'dialog', codes: ['5072'] },

  // Other specific cases.
  { key: 'aroInactive', kind: 'dialog', codes: ['0100'] },
  { key: 'noStatement', kind: 'inline', sources: ['ESTAT'], codes: ['404'] },
  { key: 'noDefaultAccount', kind: 'dialog', codes: ['95'], action: 'defaultAccount' },
  { key: 'installmentNone', kind: 'inline', codes: ['1213'] },
  { key: 'mailboxEmpty', kind: 'inline', codes: ['0030'] },
  { key: 'noTransactions', kind: 'inline', codes: ['5071'] },
  // Named messages of section 8 "Other messages" (codes chosen by this product's server).
  { key: 'verificationExpired', kind: 'dialog', codes: ['VERIFICATION_EXPIRED', 'APPROVAL_EXPIRED'] },
  { key: 'verificationFailed', kind: 'dialog', codes: ['VERIFICATION_FAILED'] },
  { key: 'beneficiaryNotFound', kind: 'inline', codes: ['BENEFICIARY_NOT_FOUND'] },
  { key: 'invalidCurrencyPair', kind: 'dialog', codes: ['INVALID_CURRENCY_PAIR'] },
  { key: 'promoQuota', kind: 'dialog', codes: ['PROMO_QUOTA'] },
  { key: 'searchNoResult', kind: 'inline', codes: ['SEARCH_NO_RESULT'] },
  { key: 'poinInsufficient', kind: 'inline', codes: ['POIN_INSUFFICIENT'] },
  { key: 'poinEmptyAmount', kind: 'inline', codes: ['POIN_AMOUNT_REQUIRED'] },
  { key: 'poinExceeds', kind: 'inline', codes: ['POIN_AMOUNT_EXCEEDS'] },
  { key: 'limitReached', kind: 'dialog', codes: ['RATE_LIMITED'] },
  // Passkeys (src/server/passkeys/errors.ts): each refusal, nothing booked; the server's own message
  // (the apierror carries both languages) says which, under the catalogue's title.
  {
    key: 'passkeyRefused',
    kind: 'dialog',
    serverMessage: true,
    codes: PASSKEY_CODES,
  },
];

/** Catalogue keys reachable from RULES plus the fixed ones: every one must have texts in both languages. */
export const CATALOGUE_KEYS: readonly string[] = [
  ...new Set([...RULES.map((r) => r.key), 'pending', 'serviceUnavailable']),
];

function norm(s: string | undefined): string {
  return (s ?? '').trim().toUpperCase();
}

/**
 * A transaction answer that means "in progress" (receipt status pending), not "failed".
 * 504: the bank's system did not answer in time, so the outcome is unknown until the history says.
 */
export function isPendingOutcome(status: number, sourceSystem?: string, errorCode?: string): boolean {
  if (status === 504) return true;
  const src = norm(sourceSystem);
  const code = norm(errorCode);
  return PENDING_CODES.some((p) => p.errorCode === code && (!p.sourceSystem || p.sourceSystem === src));
}

/** The rule for a server error, or undefined when the catalogue does not know it. */
export function findRule(
  sourceSystem: string | undefined,
  errorCode: string | undefined,
  ctx: ErrorContext = {},
): Rule | undefined {
  const src = norm(sourceSystem);
  const code = norm(errorCode);
  return RULES.find(
    (r) =>
      r.codes.includes(code) &&
      (!r.sources || r.sources.includes(src)) &&
      (!r.product || r.product === ctx.product) &&
      (!r.area || r.area === ctx.area),
  );
}

type Translator = Pick<I18n, 'getFixedT' | 'language'>;

function langOf(i18n: Translator): 'en' | 'id' {
  return i18n.language === 'en' ? 'en' : 'id';
}

/** The server's own text in the user's language (the payload carries both). */
export function serverText(body: ApiErrorBody, lang: 'en' | 'id'): { title: string; message: string } {
  return lang === 'en'
    ? { title: body.errorTitleEng, message: body.errorMessageEng || body.message }
    : { title: body.errorTitleIdn, message: body.errorMessageIdn || body.message };
}

/** Turns a failed call into what the user sees. */
export function describeError(failure: FailureLike, i18n: Translator, ctx: ErrorContext = {}): ErrorView {
  const lang = langOf(i18n);
  const tf = i18n.getFixedT(lang, 'errors');
  const t = (key: string, opts?: Record<string, unknown>): string =>
    (tf as unknown as (k: string, o?: Record<string, unknown>) => string)(key, {
      centre: CONTACT_CENTRE,
      ...opts,
    });
  const body = failure.body;
  const sourceSystem = failure.sourceSystem ?? body?.sourceSystem;
  const errorCode = failure.errorCode ?? body?.errorCode;
  const kind: FailureKind = failure.kind ?? (body ? 'api' : 'no_response');
  const generic = (code: string): ErrorView => ({
    kind: 'dialog',
    key: 'generic',
    title: t('generic.title'),
    message: t('generic.message'),
    code,
  });

  switch (kind) {
    case 'cancelled':
      return { kind: 'none', key: 'cancelled', title: '', message: '' };
    case 'timeout':
      return timeoutView(t);
    case 'invalid_token':
      return {
        kind: 'session',
        key: 'session',
        title: t('session.title'),
        message: t('session.message'),
        code: t('fallback.invalidToken'),
        action: 'login',
      };
    case 'empty':
      if (failure.status === 503)
        return { ...generic(t('fallback.emptyResponse')), key: 'serviceUnavailable' };
      if (failure.status === 504) return timeoutView(t);
      return generic(t('fallback.emptyResponse'));
    case 'no_response':
      return {
        kind: 'dialog',
        key: 'somethingWrong',
        title: t('generic.title'),
        message: t('generic.somethingWrong'),
        code: t('fallback.noResponse'),
      };
    case 'invalid_request':
      return generic(t('fallback.invalidRequest'));
    case 'api':
      break;
  }

  // A server error payload.
  if (norm(errorCode) === 'INVALID_TOKEN')
    return describeError({ ...failure, kind: 'invalid_token' }, i18n, ctx);
  if (ctx.stage !== 'inquiry' && isPendingOutcome(failure.status, sourceSystem, errorCode))
    return {
      kind: 'pending',
      key: 'pending',
      title: t('catalogue.pending.title'),
      message: t('catalogue.pending.message'),
      code: sourceSystem && errorCode ? `${sourceSystem} : ${errorCode}` : undefined,
    };
  const fields = body?.fields ? fieldTexts(body.fields, lang) : undefined;
  const rule = findRule(sourceSystem, errorCode, ctx);
  if (rule) {
    const server = body ? serverText(body, lang) : undefined;
    return {
      kind: rule.kind,
      key: rule.key,
      title: t(`catalogue.${rule.key}.title`),
      message: (rule.serverMessage && server?.message) || t(`catalogue.${rule.key}.message`),
      code: `${sourceSystem} : ${errorCode}`,
      ...(rule.action ? { action: rule.action } : {}),
      ...(fields ? { fields } : {}),
    };
  }
  if (failure.status === 503)
    return { ...generic(`${sourceSystem} : ${errorCode}`), key: 'serviceUnavailable' };
  if (failure.status === 504) return timeoutView(t);
  if (!body)
    return generic(
      sourceSystem && errorCode ? `${sourceSystem} : ${errorCode}` : t('fallback.emptyResponse'),
    );
  // Validation problems with per-field messages: the form shows them in place.
  const server = serverText(body, lang);
  return {
    kind: fields ? 'inline' : 'dialog',
    key: 'server',
    title: server.title || t('generic.title'),
    message: server.message || t('generic.message'),
    code: `${body.sourceSystem} : ${body.errorCode}`,
    ...(fields ? { fields } : {}),
  };
}

/** The catalogue by its three keys, without a payload (e.g. a receipt's error code). */
export function describeCode(
  status: number,
  sourceSystem: string,
  errorCode: string,
  i18n: Translator,
  ctx: ErrorContext = {},
): ErrorView {
  return describeError({ kind: 'api', status, sourceSystem, errorCode }, i18n, ctx);
}

function timeoutView(t: (key: string, opts?: Record<string, unknown>) => string): ErrorView {
  return {
    kind: 'timeout',
    key: 'timeout',
    title: t('timeout.title'),
    message: t('timeout.message'),
    code: t('timeout.code', { code: '0000' }),
    action: 'reload',
  };
}

function fieldTexts(fields: NonNullable<ApiErrorBody['fields']>, lang: 'en' | 'id'): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, lang === 'en' ? v.eng : v.idn]));
}

/** Texts of a catalogue entry without a failure (e.g. 'registrationPartial' shown on a success page). */
export function catalogueText(key: string, i18n: Translator): { title: string; message: string } {
  const tf = i18n.getFixedT(langOf(i18n), 'errors') as unknown as (
    k: string,
    o?: Record<string, unknown>,
  ) => string;
  return {
    title: tf(`catalogue.${key}.title`, { centre: CONTACT_CENTRE }),
    message: tf(`catalogue.${key}.message`, { centre: CONTACT_CENTRE }),
  };
}
