import type { Lookup } from '../transactions/contracts';
import type { Qris } from '../../shared/qris';
import { formatPercent } from '../../shared/qris/amount';
import { qrisErrors } from './errors';
import { readPayableCode, type PayableCode } from './read-code';

/**
 * The QRIS payment's look-ups (flows/qris/pay.json): `qris.code` reads the scanned, uploaded or pasted
 * payload again on the server and answers whom it pays; `qris.payment` reads it once more with the
 * amount and tip and answers what is booked. Every amount in integer sen.
 */

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/** The tip of a code for an amount: typed (prompt), the code's fixed fee, or its percentage. */
export function tipOf(qris: Qris, amount: number, typed: unknown): number {
  const tip = qris.tip;
  if (!tip) return 0;
  if (tip.kind === 'prompt')
    return Number.isSafeInteger(typed) && (typed as number) > 0 ? (typed as number) : 0;
  if (tip.kind === 'fixed') return tip.fee.amount;
  // A percentage of the amount in whole sen, half a sen rounded up (2.5 % of Rp 45.555 is Rp 1.138,88).
  return Math.floor((amount * tip.basisPoints + 5_000) / 10_000);
}

/** What the customer sees of a code before paying it (the step's answer, `inquiry.code.<key>`). */
export function codeDetails({ qris, merchant }: PayableCode): Record<string, unknown> {
  const a = qris.additional;
  return {
    merchantName: qris.merchant.name,
    merchantCity: qris.merchant.city,
    nmid: qris.merchant.nmid,
    mcc: qris.merchant.mcc,
    initiation: qris.initiation,
    // What the later form asks for (flows/qris/pay.json fills them): the amount of a static code, a tip typed.
    amountKind: qris.initiation === 'dynamic' ? 'fixed' : 'typed',
    tipKind: qris.tip?.kind ?? 'none',
    ...(qris.amount ? { codeAmount: qris.amount.amount } : {}),
    ...(qris.tip?.kind === 'fixed' ? { tipFee: qris.tip.fee.amount } : {}),
    ...(qris.tip?.kind === 'percent' ? { tipPercent: `${formatPercent(qris.tip.basisPoints)}%` } : {}),
    ...(a.billNumber ? { billNumber: a.billNumber } : {}),
    ...(a.referenceLabel ? { referenceLabel: a.referenceLabel } : {}),
    ...(a.terminalLabel ? { terminalLabel: a.terminalLabel } : {}),
    ...(qris.acquirer ? { acquirer: qris.acquirer } : {}),
    onUs: !!merchant,
  };
}

export const qrisCode: Lookup = async (ctx, params) => {
  const field = text(params.field, 'payload');
  return codeDetails(await readPayableCode(ctx.db, String(ctx.form[field] ?? ''), field));
};

export const qrisPayment: Lookup = async (ctx, params) => {
  const field = text(params.field, 'payload');
  const amountField = text(params.amountField, 'amount');
  const code = await readPayableCode(ctx.db, String(ctx.form[field] ?? ''), field);
  const { qris } = code;
  let amount: number;
  if (qris.amount) amount = qris.amount.amount;
  else {
    const typed = ctx.form[amountField];
    if (!Number.isSafeInteger(typed) || (typed as number) <= 0) throw qrisErrors.amountRequired(amountField);
    amount = typed as number;
  }
  const tip = tipOf(qris, amount, ctx.form[text(params.tipField, 'tip')]);
  return {
    ...codeDetails(code),
    purchaseAmount: amount,
    ...(tip > 0 ? { tip } : {}),
    // What the merchant gets (the posting's amount): the QRIS maximum and the customer's limits apply to it.
    total: amount + tip,
    ...(code.merchant ? { merchantMid: code.merchant.mid } : {}),
  };
};
