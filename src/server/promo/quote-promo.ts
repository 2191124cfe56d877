import type { Queryable } from '../db/db';
import type { Fee } from '../../shared/flows/api';
import type { FlowFile } from '../../shared/flows/types';
import { formatMoney, type Money } from '../../shared/money';
import { normalisePromoCode, type PromoApplied } from '../../shared/promo';
import { internalAccount, type Leg } from '../transactions/ledger';
import { promoErrors } from './errors';
import { cashbackOf, coversFlow, findProgramme, usesOf, type Programme } from './store';

/** Where the bank's promotions are paid from (cashback given, fees waived). */
export const PROMO_EXPENSE_ACCOUNT = 'PROMO-EXPENSE';

/**
 * Inquiries that took a promo code carry this in their id, so the confirm knows, before it reads
 * anything, to book them in a transaction that also takes the code (take-promo.ts).
 */
export const PROMO_MARK = 'promo-';
export const hasPromo = (inquiryId: string) =>
  inquiryId.startsWith(PROMO_MARK) || inquiryId.includes(`-${PROMO_MARK}`);

/** What a code does to a quote: the reward, the fee it takes off the debit, and its ledger legs. */
export interface PromoQuote {
  applied: PromoApplied;
  /** Taken off what leaves the source of fund (a waived fee). */
  waived: number;
  /** The promotion's own legs: the bank's expense, and a cashback back to the source of fund. */
  legs: Leg[];
}

export interface PromoQuoteInput {
  customerId: number;
  flow: FlowFile;
  form: Record<string, unknown>;
  debit: { id: number; product: string; currency: string };
  amount: Money;
  fees: Fee[];
  now?: Date;
}

/** Whether a programme may be used now, by this customer, for this transaction; throws why not. */
export async function checkUsable(
  db: Queryable,
  p: Programme,
  customerId: number,
  now: Date,
  field?: string,
): Promise<{ uses: number }> {
  if (now < p.startsAt) throw promoErrors.notStarted(field);
  if (now >= p.endsAt) throw promoErrors.ended(field);
  if (p.used >= p.quota) throw promoErrors.quotaExhausted(field);
  const { count } = await usesOf(db, customerId, p.code);
  if (count >= p.tasks) throw promoErrors.completed(field);
  return { uses: count };
}

/**
 * The promo code of a flow that takes one (`flow.promo`), checked at inquiry: none typed, nothing
 * changes; otherwise the programme must run, cover this flow, have quota left and tasks left for the
 * customer, and the source of fund must not be a credit card (spec section 6). Its reward is booked
 * in the transaction's own journal, against PROMO-EXPENSE.
 */
export async function quotePromo(db: Queryable, input: PromoQuoteInput): Promise<PromoQuote | undefined> {
  const field = input.flow.promo?.field;
  if (!field) return undefined;
  const code = normalisePromoCode(input.form[field]);
  if (!code) return undefined;
  const p = await findProgramme(db, code);
  if (!p) throw promoErrors.notFound(field);
  if (input.debit.product === 'credit_card') throw promoErrors.creditCard(field);
  if (!coversFlow(p, input.flow.id)) throw promoErrors.notForTransaction(field);
  if (input.amount.currency !== 'IDR' || input.debit.currency !== 'IDR') throw promoErrors.rupiahOnly(field);
  const now = input.now ?? new Date();
  const { uses } = await checkUsable(db, p, input.customerId, now, field);
  if (input.amount.amount < p.minAmount) {
    const min = { amount: p.minAmount, currency: 'IDR' };
    throw promoErrors.belowMinimum({ en: formatMoney(min, 'en'), id: formatMoney(min, 'id') }, field);
  }
  const base = { code: p.code, name: p.name, reward: p.reward };
  const expense = () => internalAccount(db, PROMO_EXPENSE_ACCOUNT, 'IDR');
  // The programme's last task earns its completion points too.
  const completion = uses + 1 === p.tasks ? p.completionPoints : 0;
  const pointsOf = (n: number) => (n > 0 ? { points: n } : {});
  if (p.reward === 'feeWaiver') {
    const waived = input.fees.filter((f) => f.kind === 'admin').reduce((s, f) => s + f.amount.amount, 0);
    if (waived <= 0) throw promoErrors.noFee(field);
    return {
      applied: { ...base, value: { amount: waived, currency: 'IDR' }, ...pointsOf(completion) },
      waived,
      legs: [{ accountId: await expense(), amount: -waived, currency: 'IDR' }],
    };
  }
  if (p.reward === 'cashback') {
    const cashback = cashbackOf(p, input.amount.amount);
    return {
      applied: { ...base, value: { amount: cashback, currency: 'IDR' }, ...pointsOf(completion) },
      waived: 0,
      legs:
        cashback > 0
          ? [
              { accountId: await expense(), amount: -cashback, currency: 'IDR' },
              { accountId: input.debit.id, amount: cashback, currency: 'IDR' },
            ]
          : [],
    };
  }
  return { applied: { ...base, ...pointsOf(p.points + completion) }, waived: 0, legs: [] };
}
