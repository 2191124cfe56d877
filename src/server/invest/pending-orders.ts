import type { Queryable } from '../db/db';
import type { PendingOrder } from '../../shared/invest/types';
import { fourText, parseFour, unitsValue } from '../../shared/invest/units';

/**
 * The customer's investment orders not yet final (fund orders waiting for their NAV, a primary bond
 * order for its settlement date), newest first: what the portfolio and the dashboard show beside the
 * holdings, so money or units that left are never missing from what the customer sees.
 */
export async function pendingOrders(db: Queryable, customerId: number): Promise<PendingOrder[]> {
  const { rows } = await db.query<{
    reference_no: string;
    product_code: string;
    name: string;
    kind: PendingOrder['kind'];
    created_at: Date | string;
    units: string | null;
    amount: number;
    currency: string;
    nav: string | null;
  }>(
    `SELECT t.reference_no, t.product_code, p.name, t.kind, t.created_at, t.units::text AS units, t.amount,
            t.currency, p.nav::text AS nav
       FROM investment_transactions t JOIN investment_products p ON p.code = t.product_code
      WHERE t.customer_id = $1 AND t.status = 'pending' AND t.kind IN ('subscription', 'redemption', 'switch_out', 'buy')
      ORDER BY t.created_at DESC, t.id DESC LIMIT 50`,
    [customerId],
  );
  return rows.map((r) => {
    const currency = r.currency.trim();
    const units = r.units ? (parseFour(r.units.replace('-', '')) ?? 0n) : null;
    const value =
      units !== null && r.nav && (r.kind === 'redemption' || r.kind === 'switch_out')
        ? unitsValue(units, r.nav, currency)
        : Number(r.amount);
    return {
      referenceNo: r.reference_no,
      productCode: r.product_code,
      productName: r.name,
      kind: r.kind,
      at: new Date(r.created_at).toISOString(),
      value: { amount: value, currency },
      units: units === null ? null : fourText(units),
    };
  });
}
