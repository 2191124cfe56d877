import type { Queryable } from '../db/db';

/**
 * Deletes what the login area no longer needs: spent or expired challenges and forgot requests,
 * failure counters quiet for a day and not locked. Sessions stay (the audit trail of logins).
 */
export async function pruneAuthRows(
  db: Queryable,
): Promise<{ challenges: number; forgot: number; failures: number }> {
  const challenges = await db.query(
    `DELETE FROM login_challenges WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`,
  );
  const forgot = await db.query(
    `DELETE FROM forgot_requests WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`,
  );
  const failures = await db.query(
    `DELETE FROM auth_failures
      WHERE last_failed_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
  );
  return { challenges: challenges.rowCount, forgot: forgot.rowCount, failures: failures.rowCount };
}
