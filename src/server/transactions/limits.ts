import type { Queryable } from '../db/db';

export interface Limits {
  minAmount: number;
  maxPerTransaction: number;
  /** null: no daily limit (own-account transfers). */
  dailyLimit: number | null;
}

const rp = (n: number) => n * 100;

/** Used when the customer has no row for the category (IDR minor units). */
const DEFAULTS: Record<string, Limits> = {
  'transfer-own': { minAmount: rp(1), maxPerTransaction: 999_999_999_999_999, dailyLimit: null },
  transfer: { minAmount: rp(10_000), maxPerTransaction: rp(100_000_000), dailyLimit: rp(200_000_000) },
  payment: { minAmount: rp(1_000), maxPerTransaction: rp(50_000_000), dailyLimit: rp(100_000_000) },
  purchase: { minAmount: rp(1_000), maxPerTransaction: rp(10_000_000), dailyLimit: rp(20_000_000) },
};
const FALLBACK: Limits = {
  minAmount: rp(1_000),
  maxPerTransaction: rp(50_000_000),
  dailyLimit: rp(100_000_000),
};

/** Row of limitsSql: the customer's limits for a category (nulls: no row) and today's use. */
export interface LimitsRow {
  min_amount: number | null;
  max_per_transaction: number | null;
  daily_limit: number | null;
  used: number;
}

/**
 * A one-row subquery giving the customer's limits and today's use, with the customer id and category
 * at the given parameter numbers (postJournal joins it to its account locks: one round trip).
 */
export const limitsSql = (customer: number, category: number) =>
  `SELECT l.min_amount, l.max_per_transaction, l.daily_limit,
          (SELECT coalesce(sum(limit_amount), 0)::int8 FROM journal
            WHERE customer_id = $${customer} AND limit_category = $${category} AND status IN ('success', 'pending')
              AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta')) AS used
     FROM (SELECT 1) one
     LEFT JOIN transaction_limits l ON l.customer_id = $${customer} AND l.category = $${category}`;

export function limitsOfRow(r: LimitsRow, category: string): { limits: Limits; used: number } {
  const limits =
    r.min_amount === null
      ? (DEFAULTS[category] ?? FALLBACK)
      : { minAmount: r.min_amount, maxPerTransaction: r.max_per_transaction!, dailyLimit: r.daily_limit };
  return { limits, used: r.used };
}

/** The limits and today's use in one round trip (used at inquiry; confirm reads them with its locks). */
export async function limitsAndUse(
  db: Queryable,
  customerId: number,
  category: string,
): Promise<{ limits: Limits; used: number }> {
  const { rows } = await db.query<LimitsRow>(limitsSql(1, 2), [customerId, category]);
  return limitsOfRow(rows[0]!, category);
}
