import type { Queryable } from '../db/db';
import { sha256Hex } from './tokens';

/** Failed credential checks per submitted identifier before it locks, and for how long. */
export const LOCKOUT = { maxFailures: 5, lockMs: 30 * 60_000 } as const;

/** The counter key of a submitted identifier: 'login:budisantoso', 'forgot.password:budisantoso', ... */
export const failureKey = (scope: string, identifier: string) =>
  sha256Hex(`${scope}:${identifier.trim().toLowerCase()}`);

export async function isLocked(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    `SELECT locked_until IS NOT NULL AND locked_until > now() AS locked FROM auth_failures WHERE key_hash = $1`,
    [key],
  );
  return rows[0]?.locked ?? false;
}

/**
 * Counts one failure; returns true when this failure locked the identifier. The same for ids that
 * exist and ids that do not, so the lock says nothing about existence. A lock that ran out starts
 * the count again.
 */
export async function recordFailure(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    `INSERT INTO auth_failures (key_hash, failures, last_failed_at) VALUES ($1, 1, now())
     ON CONFLICT (key_hash) DO UPDATE SET
       failures = CASE WHEN auth_failures.locked_until IS NOT NULL AND auth_failures.locked_until <= now()
                       THEN 1 ELSE auth_failures.failures + 1 END,
       locked_until = CASE WHEN auth_failures.locked_until IS NOT NULL AND auth_failures.locked_until <= now()
                           THEN NULL ELSE auth_failures.locked_until END,
       last_failed_at = now()
     RETURNING failures >= $2 AS locked`,
    [key, LOCKOUT.maxFailures],
  );
  if (!rows[0]?.locked) return false;
  await db.query(
    `UPDATE auth_failures SET locked_until = now() + $2::int * interval '1 millisecond', failures = 0
     WHERE key_hash = $1`,
    [key, LOCKOUT.lockMs],
  );
  return true;
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query(`DELETE FROM auth_failures WHERE key_hash = $1`, [key]);
}
