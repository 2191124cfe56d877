import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { registrationErrors as E } from './errors';

/** Failed credential checks allowed per client address and per account in the window. */
export const CREDENTIAL_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/** The client address's key of the failed checks. */
export const clientKey = (request: FastifyRequest) => `ip:${request.ip}`;

/** Refuses the check when the address or the account has failed too often recently. */
export async function assertNotRateLimited(db: Queryable, keys: string[]): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registration_attempts
      WHERE client_key = ANY($1) AND created_at > now() - make_interval(secs => $2)
      GROUP BY client_key ORDER BY n DESC LIMIT 1`,
    [keys, CREDENTIAL_RATE_LIMIT.windowMs / 1000],
  );
  if ((rows[0]?.n ?? 0) >= CREDENTIAL_RATE_LIMIT.max) throw E.rateLimited();
}

export async function recordFailure(db: Queryable, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.query('INSERT INTO registration_attempts (client_key) VALUES ($1)', [key]);
    // Keep only the window's rows for this key: the table stays small without a sweeper.
    await db.query(
      `DELETE FROM registration_attempts WHERE client_key = $1 AND created_at < now() - make_interval(secs => $2)`,
      [key, CREDENTIAL_RATE_LIMIT.windowMs / 1000],
    );
  }
}
