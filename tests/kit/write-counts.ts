import type { Db } from '../../src/server/db/db';

/**
 * Counts rows of the tables a request might write, to prove a refused request wrote nothing: the
 * sign-in and OTP tables, and `also` (a domain's own tables: favorites, mailbox_messages, ...).
 */
export async function writeCounts(db: Db, also: readonly string[] = []): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [
    'sessions',
    'auth_failures',
    'login_challenges',
    'forgot_requests',
    'known_browsers',
    'otp_requests',
    'sms_outbox',
    ...also,
  ]) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
    out[t] = rows[0]!.n;
  }
  return out;
}
