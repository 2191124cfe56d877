import type { ChoiceSource, FlowContext, Lookup } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import { txErrors } from '../transactions/errors';
import { addDays, occurrenceAfter, occurrenceOnOrAfter } from '../schedules/recurrence';
import { bankDate } from '../../shared/bank-time';
import { type Money } from '../../shared/money';
import { fourText, parseFour, percentOf, unitsFor, unitsValue } from '../../shared/invest/units';
import {
  fundOf,
  heldUnits,
  navTiming,
  addBusinessDays,
  type Fund,
  type PlanKind,
  type OrderSide,
} from './funds';
import { fundErrors } from './fund-errors';

/**
 * Mutual fund orders, checked against the fund's own rules before anything is booked: the fund exists,
 * the account is in its currency, the amount reaches its minimum (first purchase or top-up) in its
 * multiple, units to redeem or switch are held and leave either nothing or at least the minimum. Each
 * order gets the NAV of its NAV date (navDateFor: the fund's cut-off, WIB), so what the customer reads
 * on verify is an estimate at the last NAV; units are allotted, and proceeds paid, when the NAV of that
 * date is published (fund-executors.ts).
 */

const money = (amount: number, currency: string): Money => ({ amount, currency });

/** The fund a form names, or its apierror on that field. */
async function formFund(ctx: FlowContext, field: string): Promise<Fund> {
  const fund = await fundOf(ctx.db, ctx.form[field]);
  if (!fund) throw fundErrors.notFound(field);
  return fund;
}

/** An account of the customer's to pay from or into, in the fund's currency. */
async function accountInCurrency(ctx: FlowContext, field: string, currency: string) {
  const a = await accountById(ctx.db, Number(ctx.form[field]));
  if (
    !a ||
    a.customer_id !== ctx.customerId ||
    a.status !== 'active' ||
    !['savings', 'current'].includes(a.product)
  )
    throw txErrors.accountNotAllowed(`/form/${field}`);
  if (a.currency !== currency) throw fundErrors.currency(field, currency);
  return a;
}

/** The monthly amount of a target plan: the target over the months, rounded up to the fund's multiple (at least Rp 10.000). */
export function planMonthly(target: number, months: number, multiple: number): number {
  const step = Math.max(multiple, 1_000_000);
  return Math.ceil(target / months / step) * step;
}

/** The monthly debits of a plan after today's first order: dates of the 2nd and the last. */
export function planDates(today: string, dayOfMonth: number, months: number) {
  const rule = { every: 'month' as const, dayOfMonth };
  const start = addDays(today, 1);
  const next = occurrenceOnOrAfter(rule, start);
  let last = next;
  for (let i = 2; i < months; i++) last = occurrenceAfter(rule, last, start);
  return { nextDebitDate: next, lastDebitDate: last, startDate: start };
}

async function subscription(ctx: FlowContext, plan: PlanKind | undefined) {
  const fund = await formFund(ctx, 'fund');
  await accountInCurrency(ctx, 'sourceOfFund', fund.currency);
  const held = (await heldUnits(ctx.db, ctx.customerId, fund.code)).units > 0n;
  const months = Number(ctx.form.months ?? 0);
  const amount =
    plan === 'crisp' || plan === 'crispplus'
      ? planMonthly(Number(ctx.form.targetAmount), months, fund.multiple)
      : Number(ctx.form.amount);
  const amountField = plan === 'crisp' || plan === 'crispplus' ? 'targetAmount' : 'amount';
  // The first purchase of a fund needs its minimum subscription; later ones (a plan's too) the top-up's.
  const min = money(held ? fund.minTopup : fund.minSubscription, fund.currency);
  if (amount < min.amount) throw txErrors.belowMinimum(`/form/${amountField}`, min);
  if (amount % fund.multiple !== 0)
    throw fundErrors.multiple(amountField, money(fund.multiple, fund.currency));
  const fee = percentOf(amount, fund.fees.subscription);
  const net = amount - fee;
  const base = {
    fundCode: fund.code,
    fundName: fund.name,
    currency: fund.currency,
    lastNav: fund.nav,
    lastNavDate: fund.navDate,
    ...navTiming(fund, new Date()),
    orderAmount: money(amount, fund.currency),
    subscriptionFeeRate: `${fund.fees.subscription}%`,
    subscriptionFee: money(fee, fund.currency),
    netInvestment: money(net, fund.currency),
    estimatedUnits: fourText(unitsFor(net, fund.nav, fund.currency)),
    firstPurchase: !held,
  };
  if (!plan) return base;
  const dayOfMonth = Number(ctx.form.dayOfMonth);
  const dates = planDates(bankDate(), dayOfMonth, months);
  return {
    ...base,
    plan,
    months,
    dayOfMonth,
    monthlyAmount: money(amount, fund.currency),
    nextDebitDate: dates.nextDebitDate,
    lastDebitDate: dates.lastDebitDate,
    ...(plan !== 'regular'
      ? {
          targetAmount: money(Number(ctx.form.targetAmount), fund.currency),
          planTotal: money(amount * months, fund.currency),
        }
      : {}),
    ...(plan === 'crispplus' ? { lifeCover: money(Number(ctx.form.targetAmount), fund.currency) } : {}),
  };
}

/** Units to take out of a held fund: held, at least the fund's minimum (or all), leaving none or the minimum. */
async function unitsOut(ctx: FlowContext, fund: Fund) {
  const held = await heldUnits(ctx.db, ctx.customerId, fund.code);
  if (held.units <= 0n) throw fundErrors.notHeld('fund');
  const units = typeof ctx.form.units === 'string' ? parseFour(ctx.form.units) : null;
  if (units === null || units <= 0n) throw fundErrors.unitsInvalid('units');
  const min = parseFour(fund.minRedemptionUnits) ?? 0n;
  if (units > held.units) throw fundErrors.unitsAboveHolding('units', fourText(held.units));
  if (units < min && units !== held.units) throw fundErrors.unitsBelowMinimum('units', fourText(min));
  const rest = held.units - units;
  if (rest > 0n && rest < min) throw fundErrors.unitsRemaining('units', fourText(min));
  return { units, held };
}

async function redemption(ctx: FlowContext) {
  const fund = await formFund(ctx, 'fund');
  const { units, held } = await unitsOut(ctx, fund);
  await accountInCurrency(ctx, 'destinationAccount', fund.currency);
  const gross = unitsValue(units, fund.nav, fund.currency);
  const fee = percentOf(gross, fund.fees.redemption);
  const timing = navTiming(fund, new Date());
  return {
    fundCode: fund.code,
    fundName: fund.name,
    currency: fund.currency,
    lastNav: fund.nav,
    lastNavDate: fund.navDate,
    ...timing,
    units: fourText(units),
    heldUnits: fourText(held.units),
    redemptionFeeRate: `${fund.fees.redemption}%`,
    estimatedProceeds: money(gross - fee, fund.currency),
    paymentDate: addBusinessDays(timing.navDate, fund.settlementDays),
  };
}

async function switching(ctx: FlowContext) {
  const fund = await formFund(ctx, 'fund');
  const target = await formFund(ctx, 'targetFund');
  if (target.code === fund.code || target.currency !== fund.currency) throw fundErrors.sameFund('targetFund');
  const { units, held } = await unitsOut(ctx, fund);
  const gross = unitsValue(units, fund.nav, fund.currency);
  const fee = percentOf(gross, fund.fees.switching);
  return {
    fundCode: fund.code,
    fundName: fund.name,
    targetFundCode: target.code,
    targetFundName: target.name,
    currency: fund.currency,
    lastNav: fund.nav,
    targetLastNav: target.nav,
    ...navTiming(fund, new Date()),
    units: fourText(units),
    heldUnits: fourText(held.units),
    switchingFeeRate: `${fund.fees.switching}%`,
    estimatedValue: money(gross - fee, fund.currency),
    estimatedTargetUnits: fourText(unitsFor(gross - fee, target.nav, target.currency)),
  };
}

/**
 * `fund.order` (inquiry look-up), params {side, plan?}: checks a subscription (one-off, or the first
 * order of a regular/CRISP/CRISP Plus plan), a redemption or a switch against the fund's rules, and
 * answers the estimate the verify page shows (NAV date, fees, units or proceeds).
 */
export const fundOrderLookup: Lookup = async (ctx, params) => {
  const side = params.side as OrderSide;
  if (side === 'redemption') return redemption(ctx);
  if (side === 'switching') return switching(ctx);
  const plan = ['regular', 'crisp', 'crispplus'].includes(String(params.plan))
    ? (params.plan as PlanKind)
    : undefined;
  return subscription(ctx, plan);
};

/**
 * `invest.funds` (choice source), params {held?}: the funds the bank sells (value = fund code), or with
 * `held` those the customer holds units of (their units in the label). The order's look-up checks the
 * chosen one again.
 */
export const fundChoices: ChoiceSource = async ({ db, customerId, spec }) => {
  const held = spec.params?.held === true;
  const { rows } = await db.query<{
    code: string;
    name: string;
    currency: string;
    risk_level: number;
    nav: string;
    units: string | null;
  }>(
    `SELECT p.code, p.name, p.currency, p.risk_level, p.nav::text AS nav, h.units::text AS units
       FROM investment_products p
       LEFT JOIN investment_holdings h ON h.product_code = p.code AND h.customer_id = $1
      WHERE p.kind = 'mutual_fund' AND (NOT $2 OR h.units > 0)
      ORDER BY p.risk_level, p.name`,
    [customerId, held],
  );
  return rows.map((r) => {
    const currency = r.currency.trim();
    const units = r.units ? fourText(parseFour(r.units) ?? 0n) : null;
    return {
      value: r.code,
      labelEng: held && units ? `${r.name} · ${units} units` : `${r.name} (${currency})`,
      labelIdn: held && units ? `${r.name} · ${units} unit` : `${r.name} (${currency})`,
      detail: { currency, riskLevel: r.risk_level, nav: r.nav, ...(units ? { units } : {}) },
    };
  });
};
