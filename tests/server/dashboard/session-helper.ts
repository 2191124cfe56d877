import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../src/server/db/db';

export const TEST_BROWSER_ID = 'dashboard-test-browser';

/**
 * Opens a web session for a seeded user the way src/server/auth/sessions.ts stores one (only the
 * sha256 of a random base64url token), optionally as if it had started at `startedAt` — how the
 * banner tests log in "on a later day" without waiting for one.
 */
export async function openSession(
  db: Queryable,
  userId: string,
  startedAt?: Date,
): Promise<{ sessionId: number; customerId: number; headers: Record<string, string> }> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ id: number; customer_id: number }>(
    `INSERT INTO sessions (token_hash, customer_id, channel, browser_id, created_at, idle_expires_at, absolute_expires_at)
     SELECT $1, c.id, 'web', $2, coalesce($3::timestamptz, now()), now() + interval '5 minutes', now() + interval '60 minutes'
       FROM customers c WHERE c.user_id = $4
     RETURNING id, customer_id`,
    [
      createHash('sha256').update(token).digest('hex'),
      TEST_BROWSER_ID,
      startedAt?.toISOString() ?? null,
      userId,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`no such user ${userId}`);
  return {
    sessionId: row.id,
    customerId: row.customer_id,
    headers: { authorization: `Bearer ${token}`, 'x-browser-id': TEST_BROWSER_ID },
  };
}
