import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import { ApiError } from '../http/api-error';
import { holdings } from './investments';
import { boardRates, toIdr } from './board-rates';
import { pendingOrders } from '../invest/pending-orders';

// The customer's investments: the portfolio with its gains and mix, and one product with what they hold of it.

const m = (amount: number, currency: string): Money => ({ amount, currency });

export const noInvestmentProduct = () =>
  new ApiError(404, 'WMS', '0912', {
    titleEng: 'Product not found',
    titleIdn: 'Produk tidak ditemukan',
    messageEng: 'This investment product is not available.',
    messageIdn: 'Produk investasi ini tidak tersedia.',
  });

/** The investment portfolio: every holding with its cost, value and gain, and the mix by kind of fund. */
export async function investmentPortfolio(db: Queryable, customerId: number) {
  const [funds, bonds, rates, info] = await Promise.all([
    holdings(db, customerId, 'mutual_fund'),
    holdings(db, customerId, 'bond'),
    boardRates(db),
    db.query<{ code: string; fund_type: string | null; risk_level: number; kind: string }>(
      `SELECT p.code, p.fund_type, p.risk_level, p.kind FROM investment_products p
         JOIN investment_holdings h ON h.product_code = p.code WHERE h.customer_id = $1`,
      [customerId],
    ),
  ]);
  const infoOf = new Map(info.rows.map((r) => [r.code, r]));
  const items = [...funds, ...bonds].map((h) => {
    const i = infoOf.get(h.code);
    const gain = h.marketValue.amount - h.cost.amount;
    return {
      ...h,
      kind: (i?.kind ?? 'mutual_fund') as 'mutual_fund' | 'bond',
      assetClass: i?.kind === 'bond' ? 'bond' : (i?.fund_type ?? 'other'),
      riskLevel: i?.risk_level ?? 1,
      gain: m(gain, h.currency),
      // percent with two decimals, as text (no float drift in what is shown)
      gainPercent: h.cost.amount > 0 ? ((gain * 10_000) / h.cost.amount / 100).toFixed(2) : '0.00',
      marketValueIdr: m(toIdr(h.marketValue.amount, h.currency, rates), 'IDR'),
    };
  });
  const total = items.reduce((s, x) => s + x.marketValueIdr.amount, 0);
  const costIdr = items.reduce((s, x) => s + toIdr(x.cost.amount, x.currency, rates), 0);
  const byClass = new Map<string, number>();
  for (const x of items)
    byClass.set(x.assetClass, (byClass.get(x.assetClass) ?? 0) + x.marketValueIdr.amount);
  return {
    items,
    // Orders not final yet (apply & invest): money held, or units out at their last value.
    pendingOrders: await pendingOrders(db, customerId),
    totalIdr: m(total, 'IDR'),
    costIdr: m(costIdr, 'IDR'),
    gainIdr: m(total - costIdr, 'IDR'),
    allocation: [...byClass.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([assetClass, value]) => ({
        assetClass,
        value: m(value, 'IDR'),
        percent: total > 0 ? ((value * 10_000) / total / 100).toFixed(2) : '0.00',
      })),
  };
}

/** One investment product as the bank sells it, with what the customer holds of it and their latest movements. */
export async function productDetail(db: Queryable, customerId: number, code: string) {
  const { rows } = await db.query<{
    code: string;
    kind: 'mutual_fund' | 'bond';
    name: string;
    currency: string;
    fund_type: string | null;
    risk_level: number;
    nav: string | null;
    price: string | null;
    coupon_rate: string | null;
    maturity_date: string | null;
    price_date: string;
  }>(
    `SELECT code, kind, name, currency, fund_type, risk_level, nav::text AS nav, price::text AS price,
            coupon_rate::text AS coupon_rate, maturity_date::text AS maturity_date, price_date::text AS price_date
       FROM investment_products WHERE code = $1`,
    [code],
  );
  const p = rows[0];
  if (!p) throw noInvestmentProduct();
  const held = (await holdings(db, customerId, p.kind)).find((h) => h.code === code) ?? null;
  const tx = await db.query<{
    reference_no: string;
    kind: string;
    created_at: Date | string;
    units: string | null;
    nav: string | null;
    face_value: number | null;
    price: string | null;
    amount: number;
  }>(
    `SELECT reference_no, kind, created_at, units::text AS units, nav::text AS nav, face_value, price::text AS price, amount
       FROM investment_transactions WHERE customer_id = $1 AND product_code = $2 ORDER BY created_at DESC, id DESC LIMIT 10`,
    [customerId, code],
  );
  const currency = p.currency.trim();
  return {
    code: p.code,
    kind: p.kind,
    name: p.name,
    currency,
    fundType: p.fund_type,
    riskLevel: p.risk_level,
    nav: p.nav,
    price: p.price,
    couponRate: p.coupon_rate,
    maturityDate: p.maturity_date,
    priceDate: p.price_date,
    holding: held,
    transactions: tx.rows.map((r) => ({
      referenceNo: r.reference_no,
      kind: r.kind,
      at: new Date(r.created_at).toISOString(),
      units: r.units,
      nav: r.nav,
      faceValue: r.face_value === null ? null : m(Number(r.face_value), currency),
      price: r.price,
      amount: m(Number(r.amount), currency),
    })),
  };
}
