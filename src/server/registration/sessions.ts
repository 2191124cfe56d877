import type { FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { registrationErrors as E } from './errors';

// A registration or card activation attempt: its token (stored hashed), its step and what the holder chose.

/** How long a registration token lives without an extendcache call. */
export const REGISTRATION_TTL_MS = 10 * 60_000;

export type Kind = 'registration' | 'card_activation';
export interface SessionRow {
  id: number;
  kind: Kind;
  customer_id: number;
  registration_type: string;
  step: string;
  credit_card_id: number | null;
  draft: Draft;
  otp_request_id: string | null;
  email_code_hash: string | null;
  email_attempts: number;
  email_wait_ms: number;
}
export interface Draft {
  userId?: string;
  passwordHash?: string;
  secureWord?: string;
  email?: string;
  promoCode?: string;
  referralCode?: string;
  salesCode?: string;
  mobileLogin?: boolean;
  appPinHash?: string;
  emailSends?: number;
  outcome?: 'success' | 'partial';
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export async function loadSession(
  db: Queryable,
  token: unknown,
  kind: Kind,
  lock = false,
): Promise<SessionRow> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw E.sessionExpired();
  const { rows } = await db.query<SessionRow>(
    `SELECT id, kind, customer_id, registration_type, step, credit_card_id, draft, otp_request_id,
            email_code_hash, email_attempts,
            greatest(0, extract(epoch FROM (email_code_expires_at - now())) * 1000)::int AS email_wait_ms
       FROM registration_sessions
      WHERE token_hash = $1 AND kind = $2 AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
    [sha256(token), kind],
  );
  const row = rows[0];
  if (!row) throw E.sessionExpired();
  return { ...row, id: Number(row.id), customer_id: Number(row.customer_id) };
}

export async function createSession(
  db: Queryable,
  kind: Kind,
  customerId: number,
  registrationType: string,
  creditCardId: number | null = null,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  // Forget attempts that died more than a day ago (what they chose is of no use any more).
  await db.query(`DELETE FROM registration_sessions WHERE expires_at < now() - interval '1 day'`);
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO registration_sessions (token_hash, kind, customer_id, registration_type, step, credit_card_id, expires_at)
     VALUES ($1, $2, $3, $4, 'validated', $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [sha256(token), kind, customerId, registrationType, creditCardId, REGISTRATION_TTL_MS / 1000],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at).toISOString() };
}

/** extendcache: the attempt whose token is in the access_token header lives REGISTRATION_TTL_MS more. */
export async function extendSession(db: Queryable, request: FastifyRequest, kind: Kind) {
  const token = request.headers['access_token'];
  const session = await loadSession(db, Array.isArray(token) ? token[0] : token, kind);
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `UPDATE registration_sessions SET expires_at = now() + make_interval(secs => $2) WHERE id = $1 RETURNING expires_at`,
    [session.id, REGISTRATION_TTL_MS / 1000],
  );
  return { expiresAt: new Date(rows[0]!.expires_at).toISOString() };
}
