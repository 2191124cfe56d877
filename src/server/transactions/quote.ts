import type { Money } from '../../shared/money';
import type { AmountSpec, FlowFile, PostingSpec, ServiceSpec } from '../../shared/flows/types';
import type { Fee } from '../../shared/flows/api';
import { readValue } from '../../shared/flows/values';
import type { CatalogFlow } from './catalog';
import { accountIdOf, asMoney, fieldOf, pointer, type Caller, type PostingContext } from './context';
import { txErrors } from './errors';
import { convert, idrValue } from './fx';
import type { Leg } from './ledger';
import { limitsOfCategory, type Limits } from './limits';
import { CUT_OFFS, cutOffState, effectiveRules } from '../../shared/flows/rules';
import { accountChoiceAllows, accountsById, internalAccounts, payeeAccounts } from './account-reads';
import { directReads } from '../db/keyed-reads';
import { resolveListChoices, resolveProvider } from '../reference/store';
import { resolveInquiryChoices } from './steps';
import { quotePromo } from '../promo/quote-promo';
import type { PromoApplied } from '../../shared/promo';
import { beneficiaryOf } from './beneficiary';
import type { ScheduleQuote } from './schedule-quote';

type MoneyFlow = FlowFile & { amount: AmountSpec; posting: PostingSpec };

function feeFromAnswer(value: unknown, path: string): number {
  const m = asMoney(value, 'IDR');
  if (!m || m.amount < 0)
    throw new Error(`fee ${path} is not a whole amount of minor units: ${String(value)}`);
  return m.amount;
}

/** What the inquiry quoted and the confirm books: kept server-side, never trusted from the client. */
export interface Quote {
  /** Absent (and fees empty, legs empty) for a flow that moves no money. */
  amount?: Money;
  fees: Fee[];
  total?: Money;
  exchangeRate?: string;
  equivalent?: Money;
  details: Record<string, unknown>;
  legs: Leg[];
  debitAccountId: number;
  debitAmount: number;
  limitCategory: string;
  limitAmount: number;
  amountField: string;
  debitField: string;
  /** A service flow's checked form, for its executor at confirm (never sent to the browser). */
  form?: Record<string, unknown>;
  /** The promo code the transaction takes (flow.promo), its reward already in the legs and total. */
  promo?: PromoApplied;
  /** Whom a money flow pays, for the FDS new-beneficiary rule (beneficiary.ts); absent: the customer's own. */
  beneficiary?: string;
  /** A transfer for a later date or recurring (schedule.ts): the confirm stores this instruction. */
  schedule?: ScheduleQuote;
}

/** How a quote is asked for: `scheduled`, for a later date (no cut-off, balance or daily limit today). */
export interface QuoteOptions {
  scheduled?: boolean;
}

/** The limit category of flows that move no money (declared with no limits). */
export const NO_LIMITS = 'none';

export type LimitQuote = Pick<Quote, 'limitCategory' | 'limitAmount' | 'amountField'>;

/** Throws the amount-rule error (below minimum, above maximum, over the daily limit), if any. */
export function limitsAllow(q: LimitQuote, limits: Limits, used: number): void {
  const idr = (amount: number): Money => ({ amount, currency: 'IDR' });
  if (q.limitAmount < limits.minAmount) throw txErrors.belowMinimum(q.amountField, idr(limits.minAmount));
  if (q.limitAmount > limits.maxPerTransaction)
    throw txErrors.aboveMaximum(q.amountField, idr(limits.maxPerTransaction));
  if (limits.dailyLimit !== null) {
    const unused = Math.max(0, limits.dailyLimit - used);
    if (q.limitAmount > unused) throw txErrors.dailyLimit(q.amountField, idr(unused));
  }
}

/** Pricing of a money flow: the look-up, the amount, fees, currencies, legs, limits and balance. */
export function quoting(ctx: PostingContext) {
  const { db } = ctx;
  const { lookups, serviceExecutors } = ctx.registry;
  const reads = ctx.reads ?? directReads(db);
  const internal = (name: string, currency: string) => reads.get(internalAccounts, { name, currency });

  /** Checks the debit account against the flow's choice rule for that field (a goal's only where it says so). */
  async function debitAccount(flow: MoneyFlow, form: Record<string, unknown>, customerId: number) {
    const field = fieldOf(flow.posting.debit);
    const id = accountIdOf(form[field]);
    const a = id !== undefined ? await reads.get(accountsById, id) : undefined;
    if (!a || !accountChoiceAllows(a, customerId, flow.choices?.[field]))
      throw txErrors.accountNotAllowed(pointer(flow.posting.debit));
    return a;
  }

  async function creditAccount(
    flow: MoneyFlow,
    form: Record<string, unknown>,
    customerId: number,
    currency: string,
    inquiry: Record<string, unknown> = {},
  ) {
    const credit = flow.posting.credit;
    if ('internal' in credit) return { id: await internal(credit.internal, currency), currency };
    if ('provider' in credit) {
      const settlement = resolveProvider(flow, form)?.provider.settlementAccount;
      if (!settlement) throw new Error(`flow ${flow.id} credits a provider but names none`);
      return { id: await internal(settlement, currency), currency };
    }
    if ('accountId' in credit) {
      const field = fieldOf(credit.accountId);
      const id = accountIdOf(form[field]);
      const a = id !== undefined ? await reads.get(accountsById, id) : undefined;
      // (as the page's list offers it: a card payment pays a card, a loan's money goes to a rupiah account)
      if (!a || !accountChoiceAllows(a, customerId, flow.choices?.[field]))
        throw txErrors.accountNotAllowed(pointer(credit.accountId));
      return { id: a.id, currency: a.currency, own: true };
    }
    // A typed account number (form.*) or one the look-up found (inquiry.*: a mobile-number account).
    const accountNo = String(readValue({ form, inquiry }, credit.accountNo) ?? '');
    const payee = await reads.get(payeeAccounts, accountNo);
    if (!payee) throw txErrors.beneficiaryNotFound(pointer(credit.accountNo));
    return { id: payee.id, currency: payee.currency, own: payee.customerId === customerId };
  }

  /** Min, max per transaction, unused daily limit (all in IDR). */
  async function checkLimits(q: LimitQuote, customerId: number, perTransactionOnly = false) {
    const { limits, used } = await reads.get(limitsOfCategory, { customerId, category: q.limitCategory });
    // A transfer scheduled for later counts against the daily limit of the day it runs (the runner's quote).
    limitsAllow(q, perTransactionOnly ? { ...limits, dailyLimit: null } : limits, used);
  }

  /**
   * The choices from lists checked against the server's own copy (`choice.<field>.<detail>`), then the
   * flow's look-up.
   */
  async function lookupDetails(
    caller: Pick<Caller, 'customerId'>,
    flow: FlowFile,
    form: Record<string, unknown>,
    prior?: Record<string, unknown>,
  ) {
    const chosen = {
      ...resolveListChoices(flow, form),
      ...(prior ? resolveInquiryChoices(flow, form, prior) : {}),
    };
    const found = flow.inquiry
      ? await lookups[flow.inquiry.lookup as keyof typeof lookups](
          { db, customerId: caller.customerId, flow, form, reads },
          flow.inquiry.params ?? {},
        )
      : {};
    // A multi-step inquiry's earlier answers are inquiry.<stepId>.<key>.
    const all = prior ? { ...prior, ...found } : found;
    return Object.keys(chosen).length ? { ...all, choice: chosen } : all;
  }

  /** A flow that moves no money: the look-up (if any), then its executor's own check. */
  async function serviceQuote(
    caller: Pick<Caller, 'customerId'>,
    flow: FlowFile & { service: ServiceSpec },
    form: Record<string, unknown>,
    prior?: Record<string, unknown>,
  ): Promise<Quote> {
    let details = await lookupDetails(caller, flow, form, prior);
    const executor = serviceExecutors[flow.service.execute as keyof typeof serviceExecutors];
    if (executor.check)
      details = {
        ...details,
        ...(await executor.check(db, {
          customerId: caller.customerId,
          flow,
          form,
          details,
          params: flow.service.params ?? {},
        })),
      };
    return {
      fees: [],
      details,
      legs: [],
      debitAccountId: 0,
      debitAmount: 0,
      limitCategory: NO_LIMITS,
      limitAmount: 0,
      amountField: '',
      debitField: '',
      form,
    };
  }

  /** `prior`: a multi-step inquiry's earlier answers (steps.ts), by step id. */
  async function quote(
    caller: Pick<Caller, 'customerId'>,
    entry: CatalogFlow,
    form: Record<string, unknown>,
    prior?: Record<string, unknown>,
    opts: QuoteOptions = {},
  ): Promise<Quote> {
    const { flow } = entry;
    if (flow.service) return serviceQuote(caller, { ...flow, service: flow.service }, form, prior);
    if (!flow.amount || !flow.posting) throw new Error(`flow ${flow.id} has neither posting nor service`);
    const q = await moneyQuote(
      caller,
      { ...flow, amount: flow.amount, posting: flow.posting },
      form,
      prior,
      opts,
    );
    const service = flow.posting.service;
    if (!service) return q;
    // What the money buys is recorded at confirm by the posting's service executor: checked now too.
    const executor = serviceExecutors[service.execute as keyof typeof serviceExecutors];
    const checked = executor.check
      ? await executor.check(db, {
          customerId: caller.customerId,
          flow,
          form,
          details: q.details,
          params: service.params ?? {},
        })
      : {};
    return { ...q, details: { ...q.details, ...checked }, form };
  }

  async function moneyQuote(
    caller: Pick<Caller, 'customerId'>,
    flow: MoneyFlow,
    form: Record<string, unknown>,
    prior?: Record<string, unknown>,
    opts: QuoteOptions = {},
  ): Promise<Quote> {
    const debit = await debitAccount(flow, form, caller.customerId);
    const details = await lookupDetails(caller, flow, form, prior);
    // The flow's rules for these values: fees, min/max, limit category, cut-off (rules.ts).
    const rules = effectiveRules(flow, { form, inquiry: details });
    if (opts.scheduled) {
      // Today's cut-off says nothing of a later date: each occurrence runs before it (06:00 WIB).
      delete details.effectiveDate;
      delete details.effectiveDateHoliday;
    } else if (rules.cutOff) {
      const c = CUT_OFFS[rules.cutOff]!;
      const state = cutOffState(c, new Date());
      if (state.after && c.after === 'refuse') throw txErrors.afterCutOff(rules.cutOff, c.time);
      if (state.after) {
        details.effectiveDate = state.nextBusinessDay;
        // Why not tomorrow: the public holiday in between (rules/holidays.json), shown before verify.
        if (state.holiday) details.effectiveDateHoliday = state.holiday;
      }
    }
    const currency = flow.amount.currency ?? debit.currency;
    const amount = asMoney(readValue({ form, inquiry: details }, flow.amount.from), currency);
    const amountField = flow.amount.from.startsWith('form.')
      ? pointer(flow.amount.from)
      : pointer(flow.posting.debit);
    if (!amount || amount.amount <= 0) throw txErrors.belowMinimum(amountField, { amount: 1, currency });
    if (rules.min !== undefined && amount.amount < rules.min)
      throw txErrors.belowMinimum(amountField, { amount: rules.min, currency: amount.currency });
    if (rules.max !== undefined && amount.amount > rules.max)
      throw txErrors.aboveMaximum(amountField, { amount: rules.max, currency: amount.currency });
    const credit = await creditAccount(flow, form, caller.customerId, amount.currency, details);
    if (credit.id === debit.id)
      throw txErrors.sameAccount(
        pointer('accountId' in flow.posting.credit ? flow.posting.credit.accountId : flow.posting.debit),
      );
    // A look-up that redeemed a live rate quote (SWIFT) books the window of the rate the page showed.
    const rateAt = typeof details.rateQuotedAtMs === 'number' ? details.rateQuotedAtMs : Date.now();
    const fees: Fee[] = [];
    for (const f of rules.fees) {
      if ('from' in f) {
        // A fee from the biller's answer is minor units of the transaction's currency.
        const v = feeFromAnswer(readValue({ form, inquiry: details }, f.from), f.from);
        if (v > 0) fees.push({ kind: f.kind, amount: { amount: v, currency: amount.currency } });
      } else if (f.currency && f.currency !== amount.currency) {
        // A fee charged in another currency: what buys it, at this quote's channel rate; both shown.
        const c = await convert(db, f.amount, f.currency, amount.currency, rateAt);
        if (!c) throw txErrors.currencyPair();
        if (f.amount > 0)
          fees.push({
            kind: f.kind,
            amount: { amount: c.amount, currency: amount.currency },
            charged: { amount: f.amount, currency: f.currency },
          });
      } else if (f.amount > 0)
        fees.push({ kind: f.kind, amount: { amount: f.amount, currency: amount.currency } });
    }
    const feeSum = fees.reduce((s, f) => s + f.amount.amount, 0);
    const total: Money = { amount: amount.amount + feeSum, currency: amount.currency };

    // What leaves the source of fund, and what reaches the credit account, across currencies, at
    // the special rates of one window (the ones /exchange-rate/ shows now).
    const A = amount.currency;
    let debitAmount = total.amount;
    let exchangeRate: string | undefined;
    let equivalent: Money | undefined;
    const legs: Leg[] = [];
    if (debit.currency !== A) {
      const c = await convert(db, total.amount, A, debit.currency, rateAt);
      if (!c) throw txErrors.currencyPair();
      debitAmount = c.amount;
      exchangeRate = c.rate;
      equivalent = { amount: c.amount, currency: debit.currency };
      legs.push(
        {
          accountId: await internal('FX-POSITION', debit.currency),
          amount: debitAmount,
          currency: debit.currency,
        },
        { accountId: await internal('FX-POSITION', A), amount: -total.amount, currency: A },
      );
    }
    let creditAmount = amount.amount;
    if (credit.currency !== A) {
      // The beneficiary's currency: how much of it the amount buys (rounded down).
      const unit = await convert(db, 1_000_000, credit.currency, A, rateAt);
      if (!unit) throw txErrors.currencyPair();
      creditAmount = Math.floor((amount.amount * 1_000_000) / unit.amount);
      exchangeRate ??= unit.rate;
      equivalent ??= { amount: creditAmount, currency: credit.currency };
      legs.push(
        { accountId: await internal('FX-POSITION', A), amount: amount.amount, currency: A },
        {
          accountId: await internal('FX-POSITION', credit.currency),
          amount: -creditAmount,
          currency: credit.currency,
        },
      );
    }
    legs.unshift({ accountId: debit.id, amount: -debitAmount, currency: debit.currency });
    legs.push({ accountId: credit.id, amount: creditAmount, currency: credit.currency });
    if (feeSum > 0) legs.push({ accountId: await internal('FEE-INCOME', A), amount: feeSum, currency: A });

    // A promo code (flow.promo): a waived fee comes off the debit, a cashback goes back to the source
    // of fund, both against the bank's promotion expense, in this journal.
    const promo =
      flow.promo && !opts.scheduled
        ? await quotePromo(db, { customerId: caller.customerId, flow, form, debit, amount, fees })
        : undefined;
    if (promo) {
      debitAmount -= promo.waived;
      total.amount -= promo.waived;
      legs[0]!.amount += promo.waived;
      legs.push(...promo.legs);
    }

    const q: Quote = {
      amount,
      fees,
      total,
      ...(exchangeRate ? { exchangeRate } : {}),
      ...(equivalent ? { equivalent } : {}),
      details,
      legs,
      debitAccountId: debit.id,
      debitAmount,
      limitCategory: rules.limitCategory,
      limitAmount: await idrValue(db, amount.amount, A),
      amountField,
      debitField: pointer(flow.posting.debit),
      ...(promo ? { promo: promo.applied } : {}),
      ...beneficiaryOf(flow, form, details, credit),
    };
    await checkLimits(q, caller.customerId, opts.scheduled);
    // The balance of a later date is the one it runs with (a short one is retried that day, then failed).
    if (!opts.scheduled && debit.balance - debitAmount < debit.floor)
      throw txErrors.insufficientBalance(amountField);
    return q;
  }

  return { quote };
}
