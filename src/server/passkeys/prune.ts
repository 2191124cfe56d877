import type { Queryable } from '../db/db';

/**
 * Deletes what passkeys no longer need: challenges a day past their expiry (used or not: an inquiry or
 * cart they verified was booked or has expired long since; a replay of one now finds no challenge and is
 * refused all the same) and step-ups a day old (each is good for 10 minutes). The passkeys stay.
 */
export async function prunePasskeyRows(db: Queryable): Promise<{ challenges: number; stepUps: number }> {
  const challenges = await db.query(
    `DELETE FROM passkey_challenges WHERE expires_at < now() - interval '1 day'`,
  );
  const stepUps = await db.query(`DELETE FROM passkey_step_ups WHERE created_at < now() - interval '1 day'`);
  return { challenges: challenges.rowCount, stepUps: stepUps.rowCount };
}
