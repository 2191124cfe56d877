import type { Queryable } from '../db/db';
import type { KeyedRead } from '../db/keyed-reads';
import { LIMIT_CATEGORIES } from '../../shared/flows/rules';

export interface Limits {
  minAmount: number;
  maxPerTransaction: number;
  /** null: no daily limit (own-account transfers). */
  dailyLimit: number | null;
}

/** Used when the customer has no row for the category (IDR minor units), from rules/limit-categories.json. */
const DEFAULTS: Record<string, Limits> = Object.fromEntries(
  Object.entries(LIMIT_CATEGORIES).map(([k, c]) => [
    k,
    { minAmount: c.min, maxPerTransaction: c.maxPerTransaction, dailyLimit: c.daily },
  ]),
);
// A category no flow should name (the checker refuses unknown ones): the payment defaults.
const FALLBACK: Limits = DEFAULTS.payment!;

/**
 * The defaults as the database's confirm_inquiry() takes them: categories, minimums, maximums and daily
 * limits, index for index, with the fallback last (for any other category).
 */
export const DEFAULT_LIMITS_ARGS: [string[], number[], number[], (number | null)[]] = (() => {
  const rows: [string, Limits][] = [...Object.entries(DEFAULTS), ['*', FALLBACK]];
  return [
    rows.map(([c]) => c),
    rows.map(([, l]) => l.minAmount),
    rows.map(([, l]) => l.maxPerTransaction),
    rows.map(([, l]) => l.dailyLimit),
  ];
})();

/** A customer's own limits for a category; nulls when they have no row (the defaults apply). */
export interface LimitsRow {
  min_amount: number | null;
  max_per_transaction: number | null;
  daily_limit: number | null;
}

export function limitsOfRow(r: LimitsRow, category: string): Limits {
  return r.min_amount === null
    ? (DEFAULTS[category] ?? FALLBACK)
    : { minAmount: r.min_amount, maxPerTransaction: r.max_per_transaction!, dailyLimit: r.daily_limit };
}

/**
 * The limits and today's use (the database's limit_used(): Asia/Jakarta days) in one round trip;
 * the use is summed only where a daily limit applies (a customer's own row always has one).
 */
export async function limitsAndUse(
  db: Queryable,
  customerId: number,
  category: string,
): Promise<{ limits: Limits; used: number }> {
  const { rows } = await db.query<LimitsRow & { used: number }>(
    `SELECT l.min_amount, l.max_per_transaction, l.daily_limit,
            CASE WHEN l.customer_id IS NOT NULL OR $3::boolean THEN limit_used($1, $2) ELSE 0 END AS used
       FROM (SELECT 1) one
       LEFT JOIN transaction_limits l ON l.customer_id = $1 AND l.category = $2`,
    [customerId, category, (DEFAULTS[category] ?? FALLBACK).dailyLimit !== null],
  );
  return { limits: limitsOfRow(rows[0]!, category), used: rows[0]!.used };
}

/** limitsAndUse as a keyed read: the rows of a batch ask it once per customer and category. */
export const limitsOfCategory: KeyedRead<
  { customerId: number; category: string },
  { limits: Limits; used: number }
> = {
  name: 'limitsOfCategory',
  id: (k) => `${k.customerId}:${k.category}`,
  // Few keys at a time (one customer, a category or two): one statement each.
  load: (db, keys) => Promise.all(keys.map((k) => limitsAndUse(db, k.customerId, k.category))),
};
