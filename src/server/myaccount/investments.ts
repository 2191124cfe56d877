import type { Queryable } from '../db/db';
import type {
  InvestmentHistoryPage,
  InvestmentHolding,
  InvestmentKind,
  InvestmentTx,
  InvestmentTxKind,
} from '../../shared/myaccount';
import { jakartaDateSql } from '../core-bank/banners';
import { HISTORY_PAGE_SIZE, likePattern } from '../core-bank/history';

/** Which transaction kinds belong to which product kind. */
export const TX_KINDS: Record<InvestmentKind, InvestmentTxKind[]> = {
  mutual_fund: ['subscription', 'redemption', 'switch_in', 'switch_out'],
  bond: ['buy', 'sell', 'coupon'],
};

/** The customer's holdings of one kind, valued at the latest price (exact numeric, rounded once). */
export async function holdings(
  db: Queryable,
  customerId: number,
  kind: InvestmentKind,
): Promise<InvestmentHolding[]> {
  const { rows } = await db.query<{
    code: string;
    name: string;
    currency: string;
    units: string | null;
    nav: string | null;
    face_value: number | null;
    price: string | null;
    price_date: string;
    market_value: number;
    cost: number;
  }>(
    `SELECT p.code, p.name, p.currency, h.units::text AS units, p.nav::text AS nav, h.face_value,
            p.price::text AS price, p.price_date::text AS price_date, h.cost,
            CASE WHEN p.kind = 'mutual_fund' THEN round(h.units * p.nav * 100)
                 ELSE round(h.face_value * p.price / 100) END::int8 AS market_value
       FROM investment_holdings h JOIN investment_products p ON p.code = h.product_code
      WHERE h.customer_id = $1 AND p.kind = $2 ORDER BY p.code`,
    [customerId, kind],
  );
  return rows.map((r) => {
    const currency = r.currency.trim();
    return {
      code: r.code,
      name: r.name,
      currency,
      units: r.units,
      nav: r.nav,
      faceValue: r.face_value === null ? null : { amount: Number(r.face_value), currency },
      price: r.price,
      priceDate: r.price_date,
      marketValue: { amount: Number(r.market_value), currency },
      cost: { amount: Number(r.cost), currency },
    };
  });
}

export interface InvestmentQuery {
  kind: InvestmentKind;
  from: string;
  to: string;
  page: number;
  pageSize?: number;
  productCode?: string;
  txKind?: InvestmentTxKind;
  search?: string;
}

/** Transactions of the customer's mutual funds or bonds in a period, newest first, a page at a time. */
export async function investmentHistory(
  db: Queryable,
  customerId: number,
  q: InvestmentQuery,
): Promise<InvestmentHistoryPage> {
  const size = q.pageSize ?? HISTORY_PAGE_SIZE;
  const [held, txs] = await Promise.all([
    holdings(db, customerId, q.kind),
    db.query<{
      id: number;
      reference_no: string;
      created_at: Date | string;
      product_code: string;
      name: string;
      kind: InvestmentTxKind;
      status: 'success' | 'pending' | 'failed';
      units: string | null;
      nav: string | null;
      face_value: number | null;
      price: string | null;
      amount: number;
      currency: string;
    }>(
      `SELECT t.id, t.reference_no, t.created_at, t.product_code, p.name, t.kind, t.status,
              t.units::text AS units, t.nav::text AS nav, t.face_value, t.price::text AS price, t.amount, t.currency
         FROM investment_transactions t JOIN investment_products p ON p.code = t.product_code
        WHERE t.customer_id = $1 AND p.kind = $2
          AND ${jakartaDateSql('t.created_at')} BETWEEN $3::date AND $4::date
          AND ($5::text IS NULL OR t.product_code = $5)
          AND ($6::text IS NULL OR t.kind = $6)
          AND ($7::text IS NULL OR p.name ILIKE $7 OR t.product_code ILIKE $7 OR t.reference_no ILIKE $7)
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT $8 OFFSET $9`,
      [
        customerId,
        q.kind,
        q.from,
        q.to,
        q.productCode ?? null,
        q.txKind ?? null,
        q.search?.trim() ? likePattern(q.search) : null,
        size + 1,
        (q.page - 1) * size,
      ],
    ),
  ]);
  const entries: InvestmentTx[] = txs.rows.slice(0, size).map((r) => {
    const currency = r.currency.trim();
    return {
      id: Number(r.id),
      referenceNo: r.reference_no,
      at: new Date(r.created_at).toISOString(),
      productCode: r.product_code,
      productName: r.name,
      kind: r.kind,
      status: r.status,
      units: r.units,
      nav: r.nav,
      faceValue: r.face_value === null ? null : { amount: Number(r.face_value), currency },
      price: r.price,
      amount: { amount: Number(r.amount), currency },
    };
  });
  return {
    kind: q.kind,
    from: q.from,
    to: q.to,
    page: q.page,
    pageSize: size,
    hasMore: txs.rows.length > size,
    holdings: held,
    entries,
  };
}
