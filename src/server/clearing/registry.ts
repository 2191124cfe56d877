import { randomUUID } from 'node:crypto';
import type { ChoiceSource, Executor, Lookup } from '../transactions/contracts';
import { holidaysSince } from '../schedules/store';
import { directReads } from '../db/keyed-reads';
import { bankDate } from '../../shared/bank-time';
import { CLEARING_METHODS, METHOD_RULES, participants, type ClearingMethod } from './banks';
import { simulatedClearingHouse } from './house';
import { clearingDate, clearingProvider, lookupInterbank } from './provider';

/** The clearing house the flow engine sends transfers to (a real bank puts its gateway here). */
export const clearingHouse = simulatedClearingHouse();

const methodOf = (params: Record<string, unknown>): ClearingMethod => {
  const m = params.method as ClearingMethod;
  if (!CLEARING_METHODS.includes(m))
    throw new Error(`clearing flow without a valid params.method: ${String(m)}`);
  return m;
};

/**
 * `clearing.account` (inquiry look-up), params {method}: the bank must take the method, the amount
 * its bounds; online and BI-FAST look the name up, SKN and RTGS take form.beneficiaryName; SKN/RTGS
 * after the cut-off (or on a weekend or holiday) say the business day they are cleared on.
 */
export const clearingLookups: Record<'clearing.account', Lookup> = {
  'clearing.account': async (ctx, params) => {
    const method = methodOf(params);
    const effectiveDate = METHOD_RULES[method].cutOff
      ? clearingDate(
          method,
          new Date(),
          await (ctx.reads ?? directReads(ctx.db)).get(holidaysSince, bankDate()),
        )
      : null;
    const details = await lookupInterbank(
      clearingHouse,
      {
        method,
        bankCode: String(ctx.form.bankCode ?? ''),
        accountNo: String(ctx.form.beneficiaryAccountNo ?? ''),
        typedName: typeof ctx.form.beneficiaryName === 'string' ? ctx.form.beneficiaryName : undefined,
        amount: Number(ctx.form.amount ?? 0),
        currency: 'IDR',
        fields: { bank: '/form/bankCode', account: '/form/beneficiaryAccountNo', amount: '/form/amount' },
        effectiveDate,
      },
      randomUUID,
    );
    return { ...details };
  },
};

/** `clearing.transfer`: the money is held and settled through settlement.ts by the clearing house's answers. */
export const clearingExecutors: Record<'clearing.transfer', Executor> = {
  'clearing.transfer': { provider: clearingProvider(clearingHouse) },
};

/** `clearing.banks`, params {method}: the banks that take the method. */
export const clearingChoiceSources: Record<'clearing.banks', ChoiceSource> = {
  'clearing.banks': async ({ spec }) => {
    const method = spec.params?.method as ClearingMethod | undefined;
    return participants()
      .filter((p) => !method || p.methods.includes(method))
      .map((p) => ({
        value: p.code,
        labelEng: `${p.code} - ${p.name}`,
        labelIdn: `${p.code} - ${p.name}`,
        detail: { methods: [...p.methods] },
      }));
  },
};
