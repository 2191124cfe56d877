import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import type { Eligibility, PricePoint } from '../../shared/invest/types';

// What the catalogue's readers (products, funds, bonds) share: a row's dates and money, a product's
// price history, and the customer's eligibility they are given.

export const DAY_MS = 86_400_000;
export const dateText = (d: Date | string) =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
export const money = (amount: number, currency: string): Money => ({ amount, currency });

export type EligibilityOf = (code: string, riskLevel: number) => Eligibility;

/** A product's published prices of the last `days` days up to its newest, oldest first. */
export async function priceHistory(db: Queryable, code: string, days: number): Promise<PricePoint[]> {
  const { rows } = await db.query<{ price_date: Date | string; value: string }>(
    `SELECT price_date, value::text AS value FROM investment_price_history
      WHERE code = $1 AND price_date > (SELECT max(price_date) FROM investment_price_history WHERE code = $1) - $2::int
      ORDER BY price_date`,
    [code, days],
  );
  return rows.map((r) => ({ date: dateText(r.price_date), value: r.value }));
}
