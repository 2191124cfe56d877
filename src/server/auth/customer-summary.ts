import type { Queryable } from '../db/db';

/** CONTRACTS.md CustomerSummary; the shape of schemas/api/auth/customer-summary.json. */
export interface CustomerSummary {
  userId: string;
  title: 'Mr.' | 'Ms.';
  fullName: string;
  displayName: string;
  /** Start of the previous web session (ISO), null on the first login. */
  lastLoginAt: string | null;
  /** Holds an active savings or current account. */
  hasCasa: boolean;
  /** Holds credit cards and no savings/current account. */
  ccOnly: boolean;
  /** Holds only supplementary credit cards (accounts.details->>'supplementary' = 'true') and no savings/current. */
  supplementary: boolean;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();

/**
 * The summary of a customer as seen from one session: lastLoginAt is the latest web session that
 * started before this one. Pass sessionId null to take the latest web session of all.
 */
export async function customerSummary(
  db: Queryable,
  customerId: number,
  sessionId: number | null,
): Promise<CustomerSummary | null> {
  const { rows } = await db.query<{
    user_id: string;
    title: 'Mr.' | 'Ms.';
    full_name: string;
    display_name: string;
    last_login_at: unknown;
    has_casa: boolean;
    has_cc: boolean;
    has_main_cc: boolean;
  }>(
    `SELECT c.user_id, c.title, c.full_name, coalesce(nullif(c.display_name, ''), c.full_name) AS display_name,
       (SELECT max(s.created_at) FROM sessions s
          WHERE s.customer_id = c.id AND s.channel = 'web'
            AND ($2::int8 IS NULL OR s.id < $2::int8)) AS last_login_at,
       EXISTS (SELECT 1 FROM accounts a WHERE a.customer_id = c.id AND a.status = 'active'
                 AND a.product IN ('savings', 'current')) AS has_casa,
       EXISTS (SELECT 1 FROM accounts a WHERE a.customer_id = c.id AND a.status = 'active'
                 AND a.product = 'credit_card') AS has_cc,
       EXISTS (SELECT 1 FROM accounts a WHERE a.customer_id = c.id AND a.status = 'active'
                 AND a.product = 'credit_card'
                 AND coalesce(a.details->>'supplementary', 'false') <> 'true') AS has_main_cc
     FROM customers c WHERE c.id = $1`,
    [customerId, sessionId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    userId: r.user_id,
    title: r.title,
    fullName: r.full_name,
    displayName: r.display_name,
    lastLoginAt: iso(r.last_login_at),
    hasCasa: r.has_casa,
    ccOnly: !r.has_casa && r.has_cc,
    supplementary: !r.has_casa && r.has_cc && !r.has_main_cc,
  };
}
