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

export async function limitsFor(db: Queryable, customerId: number, category: string): Promise<Limits> {
  const { rows } = await db.query<{ min_amount: number; max_per_transaction: number; daily_limit: number }>(
    'SELECT min_amount, max_per_transaction, daily_limit FROM transaction_limits WHERE customer_id = $1 AND category = $2',
    [customerId, category],
  );
  const r = rows[0];
  if (!r) return DEFAULTS[category] ?? FALLBACK;
  return { minAmount: r.min_amount, maxPerTransaction: r.max_per_transaction, dailyLimit: r.daily_limit };
}

/** Today's (Jakarta calendar day) successful and pending amounts of the category, in IDR minor units. */
export async function usedToday(db: Queryable, customerId: number, category: string): Promise<number> {
  const { rows } = await db.query<{ used: number }>(
    `SELECT coalesce(sum(limit_amount), 0)::int8 AS used FROM journal
      WHERE customer_id = $1 AND limit_category = $2 AND status IN ('success', 'pending')
        AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta')`,
    [customerId, category],
  );
  return rows[0]?.used ?? 0;
}
