import type { ApiErrorBody } from '../../shared/api-error';
import type { ProviderOutcome } from '../transactions/contracts';
import type { Provider } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { CLEARING_METHODS, METHOD_RULES, participant, type ClearingMethod } from './banks';
import {
  REJECT_REASONS,
  type ClearingAnswer,
  type ClearingHouse,
  type ClearingInstruction,
  type RejectReason,
} from './house';

/**
 * The clearing house as a provider of the flow engine: a transfer to another bank holds the money
 * (journal pending) and is settled by the same mechanism as a biller's payment
 * (transactions/settlement.ts): the answer to submit() at once, status() later with backoff. Settled
 * is success; a reject is failed and the money given back, the reason on the receipt and in the
 * history; "queued for the batch" and "time-out" are spec section 8's pending codes.
 */

/** What the inquiry's look-up puts in the quote's details, and the provider reads back. */
export interface ClearingDetails {
  clearingRef: string;
  clearingMethod: ClearingMethod;
  /** "BI-FAST", as verify and the receipt show it. */
  clearingMethodName: string;
  bankCode: string;
  bankName: string;
  beneficiaryAccountNo: string;
  beneficiaryName: string;
  amount: number;
  currency: string;
  /** SKN/RTGS after the cut-off, on a weekend or a holiday: the business day it is cleared on (said before verify). */
  effectiveDate?: string;
}

const METHOD_NAMES: Record<ClearingMethod, string> = {
  online: 'Online',
  bifast: 'BI-FAST',
  skn: 'SKN',
  rtgs: 'RTGS',
};
/** The source system of a clearing answer, as the error payload names it. */
const SOURCE: Record<ClearingMethod, string> = { online: 'ATMB', bifast: 'BIFAST', skn: 'SKN', rtgs: 'RTGS' };

export function instructionOf(details: Record<string, unknown>): ClearingInstruction {
  const method = String(details.clearingMethod) as ClearingMethod;
  if (!CLEARING_METHODS.includes(method)) throw new Error(`not a clearing transfer: ${String(method)}`);
  return {
    ref: String(details.clearingRef ?? ''),
    method,
    bankCode: String(details.bankCode ?? ''),
    accountNo: String(details.beneficiaryAccountNo ?? ''),
    beneficiaryName: String(details.beneficiaryName ?? ''),
    amount: Number(details.amount ?? 0),
    currency: String(details.currency ?? 'IDR'),
    ...(typeof details.effectiveDate === 'string' ? { effectiveDate: details.effectiveDate } : {}),
  };
}

/** A reject, worded for the receipt: what happened and that the money came back. */
export function rejectError(method: ClearingMethod, reason: RejectReason): ApiErrorBody {
  const r = REJECT_REASONS[reason];
  const messageEng = `The ${METHOD_NAMES[method]} transfer was returned: ${r.eng}. The amount has been returned to your account.`;
  return {
    sourceSystem: SOURCE[method],
    errorCode: reason,
    message: messageEng,
    errorTitleEng: 'Transfer returned',
    errorTitleIdn: 'Transfer dikembalikan',
    errorMessageEng: messageEng,
    errorMessageIdn: `Transfer ${METHOD_NAMES[method]} dikembalikan: ${r.idn}. Dana telah dikembalikan ke rekening Anda.`,
  };
}

/** Spec section 8 pending codes: ESB 2022 (in the next clearing batch), ESB 2018 (time-out, asked again). */
function pendingError(
  method: ClearingMethod,
  answer: Extract<ClearingAnswer, { state: 'queued' | 'in_progress' }>,
): ApiErrorBody {
  const queued = answer.state === 'queued';
  const messageEng = queued
    ? `Your ${METHOD_NAMES[method]} transfer is queued for the next clearing batch. Please check your transaction history later.`
    : 'Your transaction is being processed. Please check your transaction history later.';
  return {
    sourceSystem: 'ESB',
    errorCode: queued ? '2022' : '2018',
    message: messageEng,
    errorTitleEng: 'Transaction in progress',
    errorTitleIdn: 'Transaksi sedang diproses',
    errorMessageEng: messageEng,
    errorMessageIdn: queued
      ? `Transfer ${METHOD_NAMES[method]} Anda masuk antrean kliring berikutnya. Silakan periksa riwayat transaksi Anda nanti.`
      : 'Transaksi Anda sedang diproses. Silakan periksa riwayat transaksi Anda nanti.',
  };
}

export function outcomeOf(method: ClearingMethod, answer: ClearingAnswer): ProviderOutcome {
  switch (answer.state) {
    case 'settled':
      return {
        ok: true,
        details: { clearingReference: answer.clearingReference, settledAt: answer.settledAt },
      };
    case 'rejected':
      return { ok: false, error: rejectError(method, answer.reason) };
    default:
      return { ok: false, error: pendingError(method, answer) };
  }
}

export function clearingProvider(house: ClearingHouse): Provider {
  return {
    pay: async (details) => {
      const i = instructionOf(details);
      return outcomeOf(i.method, await house.submit(i, new Date()));
    },
    status: async (details, _params, sentAt) => {
      const i = instructionOf(details);
      return outcomeOf(i.method, await house.status(i, sentAt));
    },
  };
}

const lookupError = (method: ClearingMethod, reason: RejectReason, field: string) => {
  const r = REJECT_REASONS[reason];
  const inline =
    reason === 'AC01'
      ? { eng: 'Beneficiary account number is not found', idn: 'Nomor rekening penerima tidak ditemukan' }
      : { eng: cap(r.eng), idn: cap(r.idn) };
  return new ApiError(
    422,
    SOURCE[method],
    reason,
    {
      titleEng: reason === 'AC01' ? 'Beneficiary account number is not found' : 'Transfer not possible',
      titleIdn:
        reason === 'AC01' ? 'Nomor rekening penerima tidak ditemukan' : 'Transfer tidak dapat dilakukan',
      messageEng: `${cap(r.eng)}. Please check the bank and the account number.`,
      messageIdn: `${cap(r.idn)}. Silakan periksa bank dan nomor rekening.`,
    },
    { [field]: inline },
  );
};
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The inquiry's look-up for a transfer to another bank: the bank must take the method; online and
 * BI-FAST ask the network for the beneficiary's name (a closed or unknown account is refused now),
 * SKN and RTGS send the name the customer typed (the receiving bank checks it in the batch). The
 * amount is checked against the method's bounds. Field names are JSON pointers into the request.
 */
export async function lookupInterbank(
  house: ClearingHouse,
  input: {
    method: ClearingMethod;
    bankCode: string;
    accountNo: string;
    typedName?: string;
    amount: number;
    currency: string;
    fields: { bank: string; account: string; amount: string };
    /** The business day the transfer is cleared on, when it is not today (cutOffDate). */
    effectiveDate?: string | null;
  },
  newRef: () => string,
): Promise<ClearingDetails> {
  const { method, fields } = input;
  const bank = participant(input.bankCode);
  if (!bank || !bank.methods.includes(method)) throw lookupError(method, 'RC01', fields.bank);
  if (!/^\d{5,18}$/.test(input.accountNo)) throw lookupError(method, 'AC01', fields.account);
  const rule = METHOD_RULES[method];
  if (input.currency !== 'IDR') throw methodAmountError(fields.amount, 'currency', method);
  if (input.amount < rule.minAmount) throw methodAmountError(fields.amount, 'min', method);
  if (rule.maxAmount !== null && input.amount > rule.maxAmount)
    throw methodAmountError(fields.amount, 'max', method);
  let name = (input.typedName ?? '').trim();
  if (rule.nameLookup) {
    const found = await house.lookup(input.bankCode, input.accountNo, method);
    if (!found.found) throw lookupError(method, found.reason, fields.account);
    name = found.name;
  }
  return {
    clearingRef: newRef(),
    clearingMethod: method,
    clearingMethodName: METHOD_NAMES[method],
    bankCode: bank.code,
    bankName: bank.name,
    beneficiaryAccountNo: input.accountNo,
    beneficiaryName: name.toUpperCase(),
    amount: input.amount,
    currency: input.currency,
    ...(input.effectiveDate ? { effectiveDate: input.effectiveDate } : {}),
  };
}

/**
 * The business day an SKN/RTGS transfer sent at `now` is cleared on: today before the method's
 * cut-off on a business day, otherwise the next business day; null for today (and for online and
 * BI-FAST, which run at any hour every day).
 */
export function clearingDate(
  method: ClearingMethod,
  now: Date,
  holidays: ReadonlySet<string>,
): string | null {
  const cutOff = METHOD_RULES[method].cutOff;
  if (!cutOff) return null;
  const wib = new Date(now.getTime() + 7 * 3_600_000);
  const today = wib.toISOString().slice(0, 10);
  const hhmm = wib.toISOString().slice(11, 16);
  const isBusiness = (d: string) => {
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    return dow !== 0 && dow !== 6 && !holidays.has(d);
  };
  if (isBusiness(today) && hhmm < cutOff) return null;
  let d = today;
  do d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  while (!isBusiness(d));
  return d;
}

function methodAmountError(field: string, which: 'min' | 'max' | 'currency', method: ClearingMethod) {
  const rule = METHOD_RULES[method];
  const rp = (n: number) => ({
    eng: `IDR ${new Intl.NumberFormat('en-US').format(n / 100)}`,
    idn: `Rp ${new Intl.NumberFormat('id-ID').format(n / 100)}`,
  });
  const name = METHOD_NAMES[method];
  const text =
    which === 'currency'
      ? { eng: `${name} transfers are in rupiah only`, idn: `Transfer ${name} hanya dalam rupiah` }
      : which === 'min'
        ? {
            eng: `The minimum for ${name} is ${rp(rule.minAmount).eng}`,
            idn: `Minimum ${name} adalah ${rp(rule.minAmount).idn}`,
          }
        : {
            eng: `The maximum for ${name} is ${rp(rule.maxAmount!).eng}`,
            idn: `Maksimum ${name} adalah ${rp(rule.maxAmount!).idn}`,
          };
  return new ApiError(
    422,
    'CLICKS',
    which === 'min' ? 'AMOUNT_BELOW_MINIMUM' : which === 'max' ? 'AMOUNT_ABOVE_MAXIMUM' : 'INVALID_CURRENCY',
    {
      titleEng:
        which === 'min'
          ? 'Amount below minimum'
          : which === 'max'
            ? 'Amount above maximum'
            : 'Invalid Currency Pairing',
      titleIdn:
        which === 'min'
          ? 'Jumlah di bawah minimum'
          : which === 'max'
            ? 'Jumlah melebihi maksimum'
            : 'Pasangan mata uang tidak valid',
      messageEng: `${text.eng}.`,
      messageIdn: `${text.idn}.`,
    },
    { [field]: text },
  );
}
