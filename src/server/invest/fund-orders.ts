import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { ChoiceSource, FlowContext, Lookup } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import { txErrors } from '../transactions/errors';
import { addDays, occurrenceAfter, occurrenceOnOrAfter } from '../schedules/recurrence';
import { bankDate, formatBankDate } from '../../shared/bank-time';
import { formatMoney, type Money } from '../../shared/money';
import { navDateFor } from '../../shared/invest/fund-orders';
import { fourText, parseFour, percentOf, unitsFor, unitsValue } from '../../shared/invest/units';
import { NAV_PUBLISH_TIME } from './nav';

/**
 * Mutual fund orders, checked against the fund's own rules before anything is booked: the fund exists,
 * the account is in its currency, the amount reaches its minimum (first purchase or top-up) in its
 * multiple, units to redeem or switch are held and leave either nothing or at least the minimum. Each
 * order gets the NAV of its NAV date (navDateFor: the fund's cut-off, WIB), so what the customer reads
 * on verify is an estimate at the last NAV; units are allotted, and proceeds paid, when the NAV of that
 * date is published (fund-executors.ts).
 */

export type OrderSide = 'subscription' | 'redemption' | 'switching';
export type PlanKind = 'regular' | 'crisp' | 'crispplus';

export interface Fund {
  code: string;
  name: string;
  currency: string;
  riskLevel: number;
  nav: string;
  navDate: string;
  cutoff: string;
  settlementDays: number;
  minSubscription: number;
  minTopup: number;
  minRedemptionUnits: string;
  multiple: number;
  fees: { subscription: string; redemption: string; switching: string };
}

export async function fundOf(db: Queryable, code: unknown): Promise<Fund | null> {
  if (typeof code !== 'string' || code.length > 40) return null;
  const { rows } = await db.query<{
    code: string;
    name: string;
    currency: string;
    risk_level: number;
    nav: string;
    price_date: string;
    cutoff: string;
    settlement_days: number;
    min_subscription: number;
    min_topup: number;
    min_redemption_units: string;
    subscription_multiple: number;
    subscription_fee: string;
    redemption_fee: string;
    switching_fee: string;
  }>(
    `SELECT p.code, p.name, p.currency, p.risk_level, p.nav::text AS nav, p.price_date::text AS price_date,
            to_char(f.cutoff_time, 'HH24:MI') AS cutoff, f.settlement_days, f.min_subscription, f.min_topup,
            f.min_redemption_units::text AS min_redemption_units, f.subscription_multiple,
            f.subscription_fee::text AS subscription_fee, f.redemption_fee::text AS redemption_fee,
            f.switching_fee::text AS switching_fee
       FROM investment_products p JOIN fund_facts f ON f.code = p.code
      WHERE p.code = $1 AND p.kind = 'mutual_fund'`,
    [code],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    code: r.code,
    name: r.name,
    currency: r.currency.trim(),
    riskLevel: r.risk_level,
    nav: r.nav,
    navDate: r.price_date,
    cutoff: r.cutoff,
    settlementDays: r.settlement_days,
    minSubscription: Number(r.min_subscription),
    minTopup: Number(r.min_topup),
    minRedemptionUnits: r.min_redemption_units,
    multiple: Number(r.subscription_multiple),
    fees: { subscription: r.subscription_fee, redemption: r.redemption_fee, switching: r.switching_fee },
  };
}

/** The customer's units of a fund (ten-thousandths), 0n when none. */
export async function heldUnits(db: Queryable, customerId: number, code: string, lock = false) {
  const { rows } = await db.query<{ units: string | null; cost: number }>(
    `SELECT units::text AS units, cost FROM investment_holdings WHERE customer_id = $1 AND product_code = $2${
      lock ? ' FOR UPDATE' : ''
    }`,
    [customerId, code],
  );
  const r = rows[0];
  return { units: r?.units ? (parseFour(r.units) ?? 0n) : 0n, cost: Number(r?.cost ?? 0) };
}

const refusal = (
  status: number,
  source: string,
  code: string,
  field: string,
  eng: [string, string],
  idn: [string, string],
) =>
  new ApiError(
    status,
    source,
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

export const fundErrors = {
  // Spec section 8's investment "no account" codes: WMS 0912 is the product the bank does not know.
  notFound: (field: string) =>
    refusal(
      404,
      'WMS',
      '0912',
      field,
      ['Fund not found', 'This mutual fund is not offered. Choose one of the funds listed.'],
      [
        'Reksa dana tidak ditemukan',
        'Reksa dana ini tidak ditawarkan. Pilih salah satu reksa dana yang ada.',
      ],
    ),
  notHeld: (field: string) =>
    refusal(
      422,
      'CLICKS',
      '0092',
      field,
      ['No units of this fund', 'You hold no units of this fund. Choose one of the funds you hold.'],
      [
        'Tidak ada unit reksa dana ini',
        'Anda tidak memiliki unit reksa dana ini. Pilih salah satu reksa dana milik Anda.',
      ],
    ),
  currency: (field: string, currency: string) =>
    refusal(
      422,
      'CLICKS',
      'FUND_CURRENCY',
      field,
      [
        'Account currency differs',
        `This fund is bought and sold in ${currency}. Choose an account in ${currency}.`,
      ],
      [
        'Mata uang rekening berbeda',
        `Reksa dana ini dibeli dan dijual dalam ${currency}. Pilih rekening dalam ${currency}.`,
      ],
    ),
  multiple: (field: string, multiple: Money) =>
    refusal(
      422,
      'CLICKS',
      'AMOUNT_MULTIPLE',
      field,
      ['Amount not accepted', `The amount must be a multiple of ${formatMoney(multiple, 'en')}.`],
      ['Jumlah tidak diterima', `Jumlah harus kelipatan ${formatMoney(multiple, 'id')}.`],
    ),
  unitsInvalid: (field: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_INVALID',
      field,
      ['Check the units', 'Enter the units as a number with at most 4 decimals, e.g. 125.5.'],
      ['Periksa jumlah unit', 'Masukkan unit berupa angka dengan paling banyak 4 desimal, mis. 125,5.'],
    ),
  unitsAboveHolding: (field: string, held: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_ABOVE_HOLDING',
      field,
      ['More than you hold', `You hold ${held} units of this fund.`],
      ['Melebihi unit Anda', `Anda memiliki ${held} unit reksa dana ini.`],
    ),
  unitsBelowMinimum: (field: string, min: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_BELOW_MINIMUM',
      field,
      ['Units below the minimum', `The minimum is ${min} units, or all the units you hold.`],
      ['Unit di bawah minimum', `Minimum ${min} unit, atau seluruh unit yang Anda miliki.`],
    ),
  unitsRemaining: (field: string, min: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_REMAINING',
      field,
      [
        'Too few units would remain',
        `At least ${min} units must remain in the fund. Redeem them all, or fewer units.`,
      ],
      [
        'Sisa unit terlalu sedikit',
        `Minimal ${min} unit harus tersisa. Cairkan seluruhnya, atau lebih sedikit unit.`,
      ],
    ),
  sameFund: (field: string) =>
    refusal(
      422,
      'CLICKS',
      'SWITCH_SAME_FUND',
      field,
      ['Choose another fund', 'Switch into a different fund in the same currency.'],
      ['Pilih reksa dana lain', 'Alihkan ke reksa dana lain dengan mata uang yang sama.'],
    ),
};

const WIB_MS = 7 * 3_600_000;

/** "YYYY-MM-DD" plus `n` business days (weekends skipped). */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6) left--;
  }
  return d;
}

/** A day as the customer reads it in a sentence: "27 November 2026", "27 November 2026". */
export const longDate = (date: string, lang: 'en' | 'id') =>
  formatBankDate(date, lang, { day: 'numeric', month: 'long', year: 'numeric' });

/** When an order's NAV date falls, and what the customer is told about it (both languages). */
export function navTiming(fund: Fund, now: Date) {
  const navDate = navDateFor(now, fund.cutoff);
  const on = { en: longDate(navDate, 'en'), id: longDate(navDate, 'id') };
  const today = new Date(now.getTime() + WIB_MS).toISOString().slice(0, 10);
  return {
    navDate,
    ...(navDate !== today
      ? {
          cutOffNote: {
            en: `Orders after the ${fund.cutoff} WIB cut-off, and on weekends, get the NAV of the next business day (${on.en}).`,
            id: `Pesanan setelah batas waktu ${fund.cutoff} WIB, dan pada akhir pekan, mendapat NAB hari kerja berikutnya (${on.id}).`,
          },
        }
      : {}),
    allotmentNote: {
      en: `Units are allotted at the NAV of ${on.en}, published after ${NAV_PUBLISH_TIME} WIB.`,
      id: `Unit dialokasikan dengan NAB tanggal ${on.id}, yang terbit setelah pukul ${NAV_PUBLISH_TIME} WIB.`,
    },
  };
}

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
