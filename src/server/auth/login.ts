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
import { DEFAULT_BROWSER_ID } from '../../shared/constants';

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

/** What a right password leads to: 'unlock' when the id is locked and only a known browser's OTP lets it in. */
export interface PasswordCheck {
  row: CredentialRow;
  unlock: boolean;
}

/**
 * Checks a user id and password. Unknown ids are verified against the argon2 decoy, so both paths
 * spend one argon2id verification; both answer the same 401, and both count towards the lock.
 *
 * While the id is locked, a browser the customer has logged in from before still has its password
 * checked (so guesses from elsewhere cannot keep the customer out): a right one asks for an 'unlock'
 * OTP, wrong ones count on a lock of that browser alone. Every other browser gets the lock message.
 */
export async function checkPassword(
  db: Queryable,
  userId: string,
  password: string,
  browserId: string,
): Promise<PasswordCheck> {
  const key = failureKey('login', userId);
  const locked = await isLocked(db, key);
  const { rows } = await db.query<CredentialRow>(
    `SELECT c.id, c.cif_status, c.login_challenge, cr.password_hash
       FROM customers c JOIN credentials cr ON cr.customer_id = c.id
      WHERE lower(c.user_id) = lower($1)`,
    [userId.trim()],
  );
  const row = rows[0];
  if (locked) return checkPasswordWhileLocked(db, key, row, password, browserId);
  const ok = row ? await verifySecret(row.password_hash, password) : await verifyAgainstDecoy(password);
  if (!ok || !row) {
    if (await recordFailure(db, key)) throw loginLocked();
    throw loginFailed();
  }
  await clearFailures(db, key);
  // Only someone who knows the password learns that the id is blocked.
  if (row.cif_status === 'blocked') throw otpErrors.userBlocked();
  return { row, unlock: false };
}

async function checkPasswordWhileLocked(
  db: Queryable,
  key: string,
  row: CredentialRow | undefined,
  password: string,
  browserId: string,
): Promise<PasswordCheck> {
  // The shared fallback id ('1234', no header) is anyone's browser, never a known one.
  if (!row || browserId === DEFAULT_BROWSER_ID) throw loginLocked();
  const { rows } = await db.query<{ passed: boolean }>(
    `SELECT coalesce(kb.unlocked_until >= f.locked_until, false) AS passed
       FROM known_browsers kb, auth_failures f
      WHERE kb.customer_id = $1 AND kb.browser_id = $2 AND f.key_hash = $3`,
    [row.id, browserId, key],
  );
  const known = rows[0];
  if (!known) throw loginLocked();
  // This browser's own count: a thief holding it gets 5 guesses, not unlimited ones.
  const browserKey = failureKey('login.browser', `${row.id}:${browserId}`);
  if (await isLocked(db, browserKey)) throw loginLocked();
  if (!(await verifySecret(row.password_hash, password))) {
    if (await recordFailure(db, browserKey)) throw loginLocked();
    throw loginFailed();
  }
  await clearFailures(db, browserKey);
  if (row.cif_status === 'blocked') throw otpErrors.userBlocked();
  return { row, unlock: !known.passed };
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
  challenge?: Pick<ChallengeRow, 'id' | 'kind'>,
): Promise<LoginResult> {
  const result = await app.db.transaction(async (tx) => {
    if (challenge) {
      const used = await tx.query(
        `UPDATE login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL`,
        [challenge.id],
      );
      if (used.rowCount !== 1) throw challengeExpired();
    }
    const session = await createSession(tx, { customerId, channel: 'web', browserId });
    await tx.query(
      `INSERT INTO known_browsers (customer_id, browser_id) VALUES ($1, $2)
       ON CONFLICT (customer_id, browser_id) DO UPDATE SET last_seen_at = now()`,
      [customerId, browserId],
    );
    if (challenge?.kind === 'unlock') {
      // The lock stays for everyone else; this browser passed it until it ends.
      const who = await tx.query<{ user_id: string }>(`SELECT user_id FROM customers WHERE id = $1`, [
        customerId,
      ]);
      await tx.query(
        `UPDATE known_browsers SET unlocked_until = (SELECT locked_until FROM auth_failures WHERE key_hash = $3)
          WHERE customer_id = $1 AND browser_id = $2`,
        [customerId, browserId, failureKey('login', who.rows[0]!.user_id)],
      );
    }
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
