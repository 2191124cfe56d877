import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import type { OtpChallenge } from '../otp/otp-service';
import { verifyAgainstDecoy, verifySecret } from './password';
import { clearFailures, failureKey, isLocked, recordFailure } from './failures';
import { createSession } from './sessions';
import { customerSummary, type CustomerSummary } from './customer-summary';
import { issueCredentials } from './session-plugin';
import { challengeExpired, loginFailed, loginLocked, noPhoneForChallenge } from './texts';
import { randomToken, sha256Hex } from './tokens';
import { otpErrors } from '../otp/otp-errors';

/** A challenge outlives its OTP (5 minutes) a little, so resends within it keep working. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

export type LoginResult =
  | { status: 'ok'; customer: CustomerSummary }
  | { status: 'challenge'; challenge: { type: ChallengeKind; challengeId: string; otp: OtpChallenge } };

interface CredentialRow {
  id: number;
  cif_status: string;
  login_challenge: 'fds' | 'bds' | null;
  password_hash: string;
}

/**
 * Checks a user id and password. Unknown ids are verified against the argon2 decoy, so both paths
 * spend one argon2id verification; both answer the same 401, and both count towards the lock.
 */
export async function checkPassword(db: Queryable, userId: string, password: string): Promise<CredentialRow> {
  const key = failureKey('login', userId);
  if (await isLocked(db, key)) throw loginLocked();
  const { rows } = await db.query<CredentialRow>(
    `SELECT c.id, c.cif_status, c.login_challenge, cr.password_hash
       FROM customers c JOIN credentials cr ON cr.customer_id = c.id
      WHERE lower(c.user_id) = lower($1)`,
    [userId.trim()],
  );
  const row = rows[0];
  const ok = row ? await verifySecret(row.password_hash, password) : await verifyAgainstDecoy(password);
  if (!ok || !row) {
    if (await recordFailure(db, key)) throw loginLocked();
    throw loginFailed();
  }
  await clearFailures(db, key);
  // Only someone who knows the password learns that the id is blocked.
  if (row.cif_status === 'blocked') throw otpErrors.userBlocked();
  return row;
}

/** Which challenge this login needs: 'fds' always for flagged customers, 'bds' on a browser new to them. */
export async function challengeFor(
  db: Queryable,
  row: CredentialRow,
  browserId: string,
): Promise<'fds' | 'bds' | null> {
  if (row.login_challenge === 'fds') return 'fds';
  if (row.login_challenge !== 'bds') return null;
  const { rows } = await db.query(`SELECT 1 FROM known_browsers WHERE customer_id = $1 AND browser_id = $2`, [
    row.id,
    browserId,
  ]);
  return rows.length ? null : 'bds';
}

export type ChallengeKind = 'fds' | 'bds' | 'enrol' | 'unlock';

/**
 * Sends the challenge OTP to the customer's first phone that is not frozen. 'enrol' is the companion
 * app's first login on a device (channel 'mobile'); 'unlock' a known browser or device getting past a lock.
 */
export async function openChallenge(
  app: FastifyInstance,
  customerId: number,
  kind: ChallengeKind,
  browserId: string,
  channel: 'web' | 'mobile' = 'web',
): Promise<{
  status: 'challenge';
  challenge: { type: ChallengeKind; challengeId: string; otp: OtpChallenge };
}> {
  const phones = await app.otp.phones(app.db, customerId);
  if (!phones.length) throw noPhoneForChallenge();
  const now = Date.now();
  const phone = phones.find((p) => !p.frozenUntil || Date.parse(p.frozenUntil) <= now) ?? phones[0]!;
  // A frozen phone makes the OTP service answer OTP_FROZEN / OTP_ALL_FROZEN.
  const otp = await app.otp.issue(app.db, { customerId, phoneId: phone.phoneId, purpose: `login.${kind}` });
  const challengeId = randomToken();
  await app.db.query(
    `INSERT INTO login_challenges (challenge_hash, customer_id, kind, browser_id, otp_request_id, expires_at, channel)
     VALUES ($1, $2, $3, $4, $5, now() + $6::int * interval '1 millisecond', $7)`,
    [sha256Hex(challengeId), customerId, kind, browserId, otp.requestId, CHALLENGE_TTL_MS, channel],
  );
  return { status: 'challenge', challenge: { type: kind, challengeId, otp } };
}

export interface ChallengeRow {
  id: number;
  customer_id: number;
  otp_request_id: string;
  kind: ChallengeKind;
}

/** A live challenge opened from this browser for this channel, or 401 CHALLENGE_EXPIRED. */
export async function findChallenge(
  db: Queryable,
  challengeId: string,
  browserId: string,
  channel: 'web' | 'mobile' = 'web',
): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>(
    `SELECT id, customer_id, otp_request_id, kind FROM login_challenges
      WHERE challenge_hash = $1 AND browser_id = $2 AND channel = $3 AND used_at IS NULL AND expires_at > now()`,
    [sha256Hex(challengeId), browserId, channel],
  );
  if (!rows[0]) throw challengeExpired();
  return rows[0];
}

/** Opens the web session, remembers the browser, and makes the response carry the session headers. */
export async function completeLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  customerId: number,
  browserId: string,
  challengeRowId?: number,
): Promise<LoginResult> {
  const result = await app.db.transaction(async (tx) => {
    if (challengeRowId !== undefined) {
      const used = await tx.query(
        `UPDATE login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL`,
        [challengeRowId],
      );
      if (used.rowCount !== 1) throw challengeExpired();
    }
    const session = await createSession(tx, { customerId, channel: 'web', browserId });
    await tx.query(
      `INSERT INTO known_browsers (customer_id, browser_id) VALUES ($1, $2)
       ON CONFLICT (customer_id, browser_id) DO UPDATE SET last_seen_at = now()`,
      [customerId, browserId],
    );
    const customer = await customerSummary(tx, customerId, session.sessionId);
    return { session, customer: customer! };
  });
  issueCredentials(request, {
    token: result.session.token,
    expires: result.session.expires,
    absoluteExpires: result.session.absoluteExpires,
  });
  return { status: 'ok', customer: result.customer };
}
