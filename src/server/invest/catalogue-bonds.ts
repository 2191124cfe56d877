import type { Queryable } from '../db/db';
import type { RiskProfileLevel } from '../../shared/invest/risk-questionnaire';
import type { BondHolding, BondSummary, Eligibility, OfferStatus } from '../../shared/invest/types';
import { dateText, money, priceHistory, type EligibilityOf } from './catalogue-rows';

// Bonds: the list, a bond's page, its offering's status and coupons, and the customer's bonds.

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
    history: await priceHistory(db, code, 190),
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
