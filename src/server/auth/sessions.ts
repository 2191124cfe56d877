import type { Queryable } from '../db/db';
import { SESSION } from '../../shared/constants';
import { randomToken, sha256Hex } from './tokens';
import { openToken, sealToken } from './token-handover';

export type Channel = 'web' | 'mobile';

export interface NewSession {
  token: string;
  /** Idle expiry, epoch ms (the `expires` header). */
  expires: number;
  absoluteExpires: number;
  sessionId: number;
}

/** Epoch ms of a timestamptz, computed by the database so both drivers agree. */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::int8`;

/**
 * Opens a session and returns its bearer token; only sha256(token) is stored.
 * Used by the web login and by the companion app's /api/mobile/v1/login (channel 'mobile').
 */
export async function createSession(
  db: Queryable,
  input: { customerId: number; channel: Channel; browserId: string },
): Promise<NewSession> {
  const token = randomToken();
  const { rows } = await db.query<{ id: number; idle_ms: number; absolute_ms: number }>(
    `INSERT INTO sessions (token_hash, customer_id, channel, browser_id, idle_expires_at, absolute_expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 millisecond', now() + $6::int * interval '1 millisecond')
     RETURNING id, ${ms('idle_expires_at')} AS idle_ms, ${ms('absolute_expires_at')} AS absolute_ms`,
    [sha256Hex(token), input.customerId, input.channel, input.browserId, SESSION.idleMs, SESSION.absoluteMs],
  );
  const row = rows[0]!;
  return { token, expires: row.idle_ms, absoluteExpires: row.absolute_ms, sessionId: row.id };
}

export interface LiveSession {
  id: number;
  customerId: number;
  channel: Channel;
  expires: number;
  absoluteExpires: number;
}

/**
 * A slide is skipped while the stored idle expiry is within this much of the one a slide would set:
 * a burst of requests then costs no write (and no extra commit) each, and the idle expiry is still
 * right to within these few seconds (the client's prompt comes 60 s before it).
 */
export const SLIDE_SLACK_MS = 5_000;

/** In the UPDATE of SESSION_TOUCH_SQL: the idle expiry is due a slide. */
const SLIDE_DUE = `($3::boolean AND s.idle_expires_at < s.target - ${SLIDE_SLACK_MS} * interval '1 millisecond')`;
/** In the UPDATE of SESSION_TOUCH_SQL: the call came with the current token, old enough to be replaced. */
const ROTATION_DUE = `($5::text IS NOT NULL AND t.token_hash = $1
  AND t.token_issued_at <= now() - ${SESSION.rotateAfterMs} * interval '1 millisecond')`;

/**
 * The session check as common table expressions (touchSession). Parameters $1 to $5: the token's
 * hash, the browser id, whether to slide, the channel the route serves ('web' or 'mobile': a
 * companion-app session is never accepted by the web's API, nor a web session by the app's), and the
 * hash of a new token (or null: no rotation on this call), and that token sealed with the one sent ($6,
 * src/server/auth/token-handover.ts). `s` is the live session, found by its
 * current token or by the previous one within its grace window; `u` slides its idle expiry to
 * now + idle (never past the absolute expiry) unless it is already within SLIDE_SLACK_MS of that, and
 * rotates the token when the call came with the current one and it is SESSION.rotateAfterMs old (the
 * old one becomes the previous, accepted for SESSION.rotationGraceMs). The token is compared again in
 * the UPDATE, so of two concurrent calls with one token only one rotates it.
 * Select `${SESSION_COLUMNS} FROM s LEFT JOIN u ON u.id = s.id`; where no live session is found, call
 * endDeadSession. The confirm applies the same rule inside confirm_inquiry() (migration 024, with
 * SESSION.idleMs and SLIDE_SLACK_MS as arguments) and answers these columns: change both together;
 * it finds a session by its current token only, so confirm() resolves a previous one first.
 */
export const SESSION_TOUCH_SQL = `s AS (
       SELECT id, customer_id, channel, idle_expires_at, absolute_expires_at,
              token_hash <> $1 AS by_previous, current_token_sealed,
              LEAST(now() + ${SESSION.idleMs} * interval '1 millisecond', absolute_expires_at) AS target
         FROM sessions
        WHERE (token_hash = $1 OR (previous_token_hash = $1 AND previous_valid_until > now()))
          AND ended_at IS NULL AND browser_id = $2 AND channel = $4
          AND idle_expires_at > now() AND absolute_expires_at > now()
     ), u AS (
       UPDATE sessions t SET
              last_seen_at = CASE WHEN ${SLIDE_DUE} THEN now() ELSE t.last_seen_at END,
              idle_expires_at = CASE WHEN ${SLIDE_DUE} THEN s.target ELSE t.idle_expires_at END,
              token_hash = CASE WHEN ${ROTATION_DUE} THEN $5::text ELSE t.token_hash END,
              previous_token_hash = CASE WHEN ${ROTATION_DUE} THEN t.token_hash ELSE t.previous_token_hash END,
              previous_valid_until = CASE WHEN ${ROTATION_DUE}
                THEN now() + ${SESSION.rotationGraceMs} * interval '1 millisecond' ELSE t.previous_valid_until END,
              token_issued_at = CASE WHEN ${ROTATION_DUE} THEN now() ELSE t.token_issued_at END,
              current_token_sealed = CASE WHEN ${ROTATION_DUE} THEN $6::text ELSE t.current_token_sealed END
         FROM s
        WHERE t.id = s.id AND t.ended_at IS NULL AND (${SLIDE_DUE} OR ${ROTATION_DUE})
       RETURNING t.id, t.idle_expires_at, t.token_hash = $5::text AS rotated
     )`;

/**
 * A token with no live session: its session, if any, found expired or used from another browser id
 * (the token may be stolen), is ended. A session of the other channel is left alone (refused, not ended).
 */
export async function endDeadSession(db: Queryable, token: string, channel: Channel = 'web'): Promise<void> {
  await db.query(
    `UPDATE sessions SET ended_at = now(), end_reason = CASE
       WHEN absolute_expires_at <= now() THEN 'absolute'
       WHEN idle_expires_at <= now() THEN 'idle'
       ELSE 'browser_mismatch' END
     WHERE token_hash = $1 AND ended_at IS NULL AND channel = $2`,
    [sha256Hex(token), channel],
  );
}

export const SESSION_COLUMNS = `s.id AS session_id, s.customer_id AS session_customer_id, s.channel AS session_channel,
  coalesce(u.rotated, false) AS session_rotated,
  ${ms('LEAST(coalesce(u.idle_expires_at, s.idle_expires_at), s.absolute_expires_at)')} AS session_idle_ms,
  ${ms('s.absolute_expires_at')} AS session_absolute_ms`;

export interface SessionRow {
  session_id: number | null;
  session_customer_id: number;
  session_channel: Channel;
  session_idle_ms: number;
  session_absolute_ms: number;
  /** Only from SESSION_TOUCH_SQL: this call replaced the token. */
  session_rotated?: boolean;
}

/** The live session of a row selected with SESSION_COLUMNS (or answered by confirm_inquiry), or null. */
export function liveSessionOf(row: SessionRow | undefined): LiveSession | null {
  if (!row?.session_id) return null;
  return {
    id: row.session_id,
    customerId: row.session_customer_id,
    channel: row.session_channel,
    expires: row.session_idle_ms,
    absoluteExpires: row.session_absolute_ms,
  };
}

/**
 * Finds the live session of a token of this channel used from this browser id and, when slide is
 * true, slides its idle expiry (SESSION_TOUCH_SQL), in one statement, so concurrent calls agree;
 * ends a dead one. With rotate, a current token SESSION.rotateAfterMs old is replaced: the answer's
 * `token` is then the new one (else the token the call came with).
 */
export async function touchSession(
  db: Queryable,
  token: string,
  browserId: string,
  slide: boolean,
  channel: Channel = 'web',
  rotate = false,
): Promise<(LiveSession & { token: string }) | null> {
  const next = rotate ? randomToken() : null;
  const { rows } = await db.query<SessionRow & { by_previous: boolean; current_token_sealed: string | null }>(
    `WITH ${SESSION_TOUCH_SQL} SELECT ${SESSION_COLUMNS}, s.by_previous, s.current_token_sealed
       FROM s LEFT JOIN u ON u.id = s.id`,
    [
      sha256Hex(token),
      browserId,
      slide,
      channel,
      next ? sha256Hex(next) : null,
      next ? sealToken(token, next) : null,
    ],
  );
  const row = rows[0];
  const live = liveSessionOf(row);
  if (!live) {
    await endDeadSession(db, token, channel);
    return null;
  }
  if (next && row!.session_rotated) return { ...live, token: next };
  // Sent with the token a rotation replaced: its answer may never have arrived, so it is answered again.
  const handedOver =
    row!.by_previous && row!.current_token_sealed ? openToken(token, row!.current_token_sealed) : null;
  return { ...live, token: handedOver ?? token };
}

/**
 * The session whose previous token (replaced by a rotation, still within its grace window) is `previous`:
 * its current token's hash (confirm_inquiry() knows only current tokens) and the current token itself,
 * for the answer (null if it cannot be opened), or null when there is no such session.
 */
export async function currentTokenOf(
  db: Queryable,
  previous: string,
): Promise<{ tokenHash: string; token: string | null } | null> {
  const { rows } = await db.query<{ token_hash: string; current_token_sealed: string | null }>(
    `SELECT token_hash, current_token_sealed FROM sessions
      WHERE previous_token_hash = $1 AND previous_valid_until > now() AND ended_at IS NULL`,
    [sha256Hex(previous)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    tokenHash: row.token_hash,
    token: row.current_token_sealed ? openToken(previous, row.current_token_sealed) : null,
  };
}

/** Whether a session is still open (not logged out, nor ended by a removal or a credential change). */
export async function isSessionOpen(db: Queryable, sessionId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND ended_at IS NULL', [sessionId]);
  return rows.length > 0;
}

export async function endSession(db: Queryable, sessionId: number, reason: string): Promise<void> {
  await db.query(`UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL`, [
    sessionId,
    reason,
  ]);
}

/** Ends every open session of a customer (password reset). Returns how many were ended. */
export async function endCustomerSessions(
  db: Queryable,
  customerId: number,
  reason: string,
): Promise<number> {
  const r = await db.query(
    `UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE customer_id = $1 AND ended_at IS NULL`,
    [customerId, reason],
  );
  return r.rowCount;
}
