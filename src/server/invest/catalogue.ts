import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { Money } from '../../shared/money';
import type { RiskProfileLevel } from '../../shared/invest/risk-questionnaire';
import type {
  BondHolding,
  BondSummary,
  CatalogueProduct,
  Eligibility,
  FundDetail,
  FundSummary,
  Localized,
  OfferStatus,
  PricePoint,
  ProductCategory,
  ProductFacts,
  TenorRates,
} from '../../shared/invest/types';

const DAY_MS = 86_400_000;
const dateText = (d: Date | string) =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
const money = (amount: number, currency: string): Money => ({ amount, currency });
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

interface ProductRow {
  code: string;
  category: ProductCategory;
  name: string;
  currency: string;
  sharia: boolean;
  facts: unknown;
}

/** Time deposit rates per tenor, tiers ascending, for the given products. */
async function tenorRates(db: Queryable, codes: string[]): Promise<Map<string, TenorRates[]>> {
  const out = new Map<string, TenorRates[]>();
  if (!codes.length) return out;
  const { rows } = await db.query<{
    product_code: string;
    tenor_months: number;
    min_amount: number;
    rate: string;
    currency: string;
  }>(
    `SELECT r.product_code, r.tenor_months, r.min_amount, r.rate::text AS rate, p.currency
       FROM time_deposit_rates r JOIN bank_products p ON p.code = r.product_code
      WHERE r.product_code = ANY($1::text[]) ORDER BY r.product_code, r.tenor_months, r.min_amount`,
    [codes],
  );
  for (const r of rows) {
    const list = out.get(r.product_code) ?? [];
    let tenor = list.find((t) => t.months === r.tenor_months);
    if (!tenor) list.push((tenor = { months: r.tenor_months, tiers: [] }));
    tenor.tiers.push({ from: money(r.min_amount, r.currency), rate: r.rate });
    out.set(r.product_code, list);
  }
  return out;
}

/** The bank's products of one category (or all), in the catalogue's order. */
export async function listProducts(
  db: Queryable,
  category?: ProductCategory,
  code?: string,
): Promise<CatalogueProduct[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT code, category, name, currency, sharia, facts FROM bank_products
      WHERE active AND ($1::text IS NULL OR category = $1) AND ($2::text IS NULL OR code = $2)
      ORDER BY sort_order, code`,
    [category ?? null, code ?? null],
  );
  const rates = await tenorRates(
    db,
    rows.filter((r) => r.category === 'timedeposit').map((r) => r.code),
  );
  return rows.map((r) => {
    const stored = json<{ description: Localized; highlights: Localized[]; facts: ProductFacts }>(r.facts);
    const facts: ProductFacts = { ...stored.facts };
    if (r.category === 'timedeposit') facts.tenors = rates.get(r.code) ?? [];
    return {
      code: r.code,
      category: r.category,
      name: r.name,
      currency: r.currency.trim(),
      sharia: r.sharia,
      description: stored.description,
      highlights: stored.highlights,
      facts,
    };
  });
}

/** The periods a fund's return is given over, in days back from its newest NAV. */
export const RETURN_DAYS = { m1: 30, m3: 91, m6: 182, y1: 365 } as const;
/**
 * How much history the returns read: a year and a week, so a period that starts on a day with no NAV
 * (a weekend, a holiday) still finds the NAV published before it.
 */
export const RETURNS_WINDOW_DAYS = RETURN_DAYS.y1 + 7;
/** The price chart: a year of NAVs. */
const CHART_DAYS = 366;

/** Percent change from the value on or before `daysAgo` to the latest, 2 decimals; null without history. */
function change(history: PricePoint[], daysAgo: number): string | null {
  const last = history[history.length - 1];
  if (!last) return null;
  const cutoff = daysBefore(last.date, daysAgo);
  let base: PricePoint | undefined;
  for (const p of history) {
    if (p.date <= cutoff) base = p;
    else break;
  }
  if (!base) return null;
  return ((Number(last.value) / Number(base.value) - 1) * 100).toFixed(2);
}

const daysBefore = (date: string, days: number) =>
  dateText(new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS));

/** A fund's return over each period, from its history (oldest first, newest last). */
export function periodReturns(history: PricePoint[]): Record<keyof typeof RETURN_DAYS, string | null> {
  return {
    m1: change(history, RETURN_DAYS.m1),
    m3: change(history, RETURN_DAYS.m3),
    m6: change(history, RETURN_DAYS.m6),
    y1: change(history, RETURN_DAYS.y1),
  };
}

interface FundRow {
  code: string;
  name: string;
  currency: string;
  fund_type: FundSummary['fundType'];
  risk_level: number;
  nav: string;
  price_date: Date | string;
  manager: string;
  custodian: string;
  launch_date: Date | string;
  sharia: boolean;
  min_subscription: number;
  min_topup: number;
  subscription_multiple: number;
  min_redemption_units: string;
  subscription_fee: string;
  redemption_fee: string;
  switching_fee: string;
  management_fee: string;
  aum: number;
  cutoff_time: string;
  settlement_days: number;
  nav_year_ago: string | null;
}

const FUND_SQL = `
  SELECT p.code, p.name, p.currency, p.fund_type, p.risk_level, p.nav::text AS nav, p.price_date,
         f.manager, f.custodian, f.launch_date, f.sharia, f.min_subscription, f.min_topup,
         f.min_redemption_units::text AS min_redemption_units, f.subscription_multiple,
         f.subscription_fee::text AS subscription_fee,
         f.redemption_fee::text AS redemption_fee, f.switching_fee::text AS switching_fee,
         f.management_fee::text AS management_fee, f.aum, to_char(f.cutoff_time, 'HH24:MI') AS cutoff_time,
         f.settlement_days,
         (SELECT h.value::text FROM investment_price_history h
           WHERE h.code = p.code AND h.price_date <= p.price_date - ${RETURN_DAYS.y1}
           ORDER BY h.price_date DESC LIMIT 1) AS nav_year_ago
    FROM investment_products p JOIN fund_facts f ON f.code = p.code
   WHERE p.kind = 'mutual_fund'`;

const fundSummary = (r: FundRow, eligibility: Eligibility): FundSummary => ({
  code: r.code,
  name: r.name,
  currency: r.currency.trim(),
  fundType: r.fund_type,
  riskLevel: r.risk_level as RiskProfileLevel,
  sharia: r.sharia,
  manager: r.manager,
  nav: r.nav,
  navDate: dateText(r.price_date),
  return1y: r.nav_year_ago ? ((Number(r.nav) / Number(r.nav_year_ago) - 1) * 100).toFixed(2) : null,
  minSubscription: money(r.min_subscription, r.currency.trim()),
  subscriptionFee: r.subscription_fee,
  eligibility,
});

type EligibilityOf = (code: string, riskLevel: number) => Eligibility;

export async function listFunds(db: Queryable, eligibilityOf: EligibilityOf): Promise<FundSummary[]> {
  const { rows } = await db.query<FundRow>(`${FUND_SQL} ORDER BY p.risk_level, p.name`);
  return rows.map((r) => fundSummary(r, eligibilityOf(r.code, r.risk_level)));
}

async function history(db: Queryable, code: string, days: number): Promise<PricePoint[]> {
  const { rows } = await db.query<{ price_date: Date | string; value: string }>(
    `SELECT price_date, value::text AS value FROM investment_price_history
      WHERE code = $1 AND price_date > (SELECT max(price_date) FROM investment_price_history WHERE code = $1) - $2::int
      ORDER BY price_date`,
    [code, days],
  );
  return rows.map((r) => ({ date: dateText(r.price_date), value: r.value }));
}

export async function fundDetail(
  db: Queryable,
  code: string,
  eligibilityOf: EligibilityOf,
): Promise<FundDetail | null> {
  const { rows } = await db.query<FundRow>(`${FUND_SQL} AND p.code = $1`, [code]);
  const r = rows[0];
  if (!r) return null;
  const h = await history(db, code, RETURNS_WINDOW_DAYS);
  const chartFrom = h.length ? daysBefore(h[h.length - 1]!.date, CHART_DAYS) : '';
  const currency = r.currency.trim();
  return {
    ...fundSummary(r, eligibilityOf(r.code, r.risk_level)),
    custodian: r.custodian,
    launchDate: dateText(r.launch_date),
    minTopup: money(r.min_topup, currency),
    subscriptionMultiple: money(Number(r.subscription_multiple), currency),
    minRedemptionUnits: r.min_redemption_units,
    redemptionFee: r.redemption_fee,
    switchingFee: r.switching_fee,
    managementFee: r.management_fee,
    aum: money(r.aum, currency),
    cutoffTime: r.cutoff_time,
    settlementDays: r.settlement_days,
    returns: periodReturns(h),
    history: h.filter((p) => p.date > chartFrom),
  };
}

interface BondRow {
  code: string;
  name: string;
  currency: string;
  risk_level: number;
  price: string;
  price_date: Date | string;
  coupon_rate: string;
  maturity_date: Date | string;
  issuer: string;
  series: string;
  sharia: boolean;
  coupon_type: BondSummary['couponType'];
  coupon_frequency_months: number;
  min_order: number;
  order_multiple: number;
  max_order: number | null;
  offer_start: Date | null;
  offer_end: Date | null;
  settlement_date: Date | string | null;
  tradable: boolean;
  bid_price: string | null;
  offer_price: string | null;
}

const BOND_SQL = `
  SELECT p.code, p.name, p.currency, p.risk_level, p.price::text AS price, p.price_date,
         p.coupon_rate::text AS coupon_rate, p.maturity_date, b.issuer, b.series, b.sharia, b.coupon_type,
         b.coupon_frequency_months, b.min_order, b.order_multiple, b.max_order, b.offer_start, b.offer_end,
         b.settlement_date, b.tradable, b.bid_price::text AS bid_price, b.offer_price::text AS offer_price
    FROM investment_products p JOIN bond_facts b ON b.code = p.code
   WHERE p.kind = 'bond'`;

export function offerStatus(start: Date, end: Date, now: Date): OfferStatus {
  if (now.getTime() < start.getTime()) return 'upcoming';
  return now.getTime() < end.getTime() ? 'open' : 'closed';
}

const bondSummary = (r: BondRow, now: Date, eligibility: Eligibility): BondSummary => {
  const currency = r.currency.trim();
  return {
    code: r.code,
    name: r.name,
    currency,
    series: r.series,
    issuer: r.issuer,
    sharia: r.sharia,
    riskLevel: r.risk_level as RiskProfileLevel,
    couponRate: r.coupon_rate,
    couponType: r.coupon_type,
    couponFrequencyMonths: r.coupon_frequency_months,
    maturityDate: dateText(r.maturity_date),
    minOrder: money(r.min_order, currency),
    orderMultiple: money(r.order_multiple, currency),
    maxOrder: r.max_order === null ? null : money(r.max_order, currency),
    tradable: r.tradable,
    offer:
      r.offer_start && r.offer_end
        ? {
            start: new Date(r.offer_start).toISOString(),
            end: new Date(r.offer_end).toISOString(),
            settlementDate: r.settlement_date ? dateText(r.settlement_date) : '',
            status: offerStatus(new Date(r.offer_start), new Date(r.offer_end), now),
          }
        : null,
    bidPrice: r.bid_price,
    offerPrice: r.offer_price,
    price: r.price,
    priceDate: dateText(r.price_date),
    eligibility,
  };
};

export async function listBonds(
  db: Queryable,
  now: Date,
  eligibilityOf: EligibilityOf,
): Promise<BondSummary[]> {
  const { rows } = await db.query<BondRow>(
    `${BOND_SQL} ORDER BY b.offer_start DESC NULLS LAST, p.maturity_date`,
  );
  return rows.map((r) => bondSummary(r, now, eligibilityOf(r.code, r.risk_level)));
}

export async function bondDetail(db: Queryable, code: string, now: Date, eligibilityOf: EligibilityOf) {
  const { rows } = await db.query<BondRow>(`${BOND_SQL} AND p.code = $1`, [code]);
  const r = rows[0];
  if (!r) return null;
  return {
    ...bondSummary(r, now, eligibilityOf(r.code, r.risk_level)),
    history: await history(db, code, 190),
  };
}

/** The next coupon date after `now`: coupons fall on the maturity's day every `months` months. */
export function nextCouponDate(maturity: string, months: number, now: Date): string {
  const m = new Date(`${maturity}T00:00:00Z`);
  const today = dateText(now);
  let k = 0;
  let candidate = m;
  // Step back from maturity to the first coupon date that is not after today, then one forward.
  for (;;) {
    const d = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() - (k + 1) * months, 1));
    const day = Math.min(
      m.getUTCDate(),
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate(),
    );
    const prev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), day));
    if (dateText(prev) <= today) return dateText(candidate);
    candidate = prev;
    k += 1;
  }
}

/** Bonds monitoring: the customer's bonds valued at the bank's bid, with the next coupon. */
export async function bondHoldings(db: Queryable, customerId: number, now: Date): Promise<BondHolding[]> {
  const { rows } = await db.query<BondRow & { face_value: number; cost: number }>(
    `SELECT x.*, h.face_value, h.cost FROM investment_holdings h
       JOIN (${BOND_SQL}) x ON x.code = h.product_code
      WHERE h.customer_id = $1 AND h.face_value > 0 ORDER BY x.maturity_date`,
    [customerId],
  );
  return rows.map((r) => {
    const currency = r.currency.trim();
    const valuation = r.bid_price ?? r.price;
    // face × price% in minor units, rounded half up (prices have 4 decimals: scale by 10^6).
    const marketValue = Math.round((r.face_value * Math.round(Number(valuation) * 10_000)) / 1_000_000);
    const coupon = Math.round(
      (r.face_value * Math.round(Number(r.coupon_rate) * 10_000) * r.coupon_frequency_months) /
        (12 * 1_000_000),
    );
    return {
      code: r.code,
      name: r.name,
      currency,
      faceValue: money(r.face_value, currency),
      cost: money(r.cost, currency),
      price: r.price,
      bidPrice: r.bid_price,
      marketValue: money(marketValue, currency),
      unrealized: money(marketValue - r.cost, currency),
      couponRate: r.coupon_rate,
      couponFrequencyMonths: r.coupon_frequency_months,
      nextCouponDate: nextCouponDate(dateText(r.maturity_date), r.coupon_frequency_months, now),
      nextCoupon: money(coupon, currency),
      maturityDate: dateText(r.maturity_date),
      tradable: r.tradable,
    };
  });
}

/**
 * For the time deposit opening flow (engine): the yearly rate of a deposit of `amount` for
 * `tenorMonths`, from the highest tier the amount reaches. Below the minimum placement, a tenor the
 * product lacks or a currency it does not take: the spec's apierror, both languages.
 */
export async function timeDepositRate(
  db: Queryable,
  productCode: string,
  tenorMonths: number,
  amount: Money,
): Promise<{ rate: string; minPlacement: Money }> {
  const [product] = await listProducts(db, 'timedeposit', productCode);
  const refuse = (code: string, en: string, id: string) =>
    new ApiError(422, 'CLICKS', code, {
      titleEng: 'Time deposit not possible',
      titleIdn: 'Deposito tidak dapat dibuka',
      messageEng: en,
      messageIdn: id,
    });
  if (!product?.facts.minPlacement)
    throw refuse('TD_PRODUCT', 'This time deposit is not offered.', 'Deposito ini tidak ditawarkan.');
  const min = product.facts.minPlacement;
  if (amount.currency !== product.currency)
    throw refuse(
      'TD_CURRENCY',
      `This deposit is placed in ${product.currency}.`,
      `Deposito ini ditempatkan dalam ${product.currency}.`,
    );
  const tenor = product.facts.tenors?.find((t) => t.months === tenorMonths);
  if (!tenor)
    throw refuse('TD_TENOR', 'Choose one of the tenors offered.', 'Pilih salah satu tenor yang ditawarkan.');
  if (amount.amount < min.amount)
    throw refuse(
      'TD_MIN_PLACEMENT',
      'The amount is below the minimum placement.',
      'Jumlah di bawah penempatan minimum.',
    );
  const tier = [...tenor.tiers].reverse().find((t) => amount.amount >= t.from.amount)!;
  return { rate: tier.rate, minPlacement: min };
}
