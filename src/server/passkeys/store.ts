import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { CHALLENGE_TTL_MS } from './config';
import type { NewCredential, StoredCredential } from './ceremony';
import { passkeyErrors } from './errors';

// The passkeys and challenges as stored (migration 350).

/** At most this many passkeys a customer. */
export const MAX_PASSKEYS = 10;

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  createdWhere: string | null;
  lastUsedAt: string | null;
  lastUsedWhere: string | null;
  /** Synced to the customer's other devices by its provider (a backed-up, multi-device passkey). */
  synced: boolean;
  /** A clone suspected: refused until removed. */
  blocked: boolean;
  /** Asked to keep or remove after a password reset or credential change. */
  reviewAsked: boolean;
}

interface CredentialRow {
  id: string | number;
  customer_id: string | number;
  credential_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  name: string;
  device_type: string;
  backed_up: boolean;
  created_at: Date | string;
  created_where: string | null;
  last_used_at: Date | string | null;
  last_used_where: string | null;
  flagged_at: Date | string | null;
  review_asked_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const viewOf = (r: CredentialRow): PasskeyView => ({
  id: Number(r.id),
  name: r.name,
  createdAt: iso(r.created_at)!,
  createdWhere: r.created_where,
  lastUsedAt: iso(r.last_used_at),
  lastUsedWhere: r.last_used_where,
  synced: r.backed_up,
  blocked: r.flagged_at !== null,
  reviewAsked: r.review_asked_at !== null,
});

type Stored = StoredCredential & { customerId: number; underReview: boolean };

const storedOf = (r: CredentialRow): Stored => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  credentialId: r.credential_id,
  publicKey: new Uint8Array(r.public_key),
  counter: Number(r.counter),
  transports: r.transports ?? [],
  flagged: r.flagged_at !== null,
  underReview: r.review_asked_at !== null,
});

export async function listPasskeys(db: Queryable, customerId: number): Promise<PasskeyView[]> {
  const { rows } = await db.query<CredentialRow>(
    'SELECT * FROM passkey_credentials WHERE customer_id = $1 ORDER BY created_at, id',
    [customerId],
  );
  return rows.map(viewOf);
}

/** The customer's usable passkeys (not blocked, not waiting for review), for a request's allow list. */
export async function usableCredentials(db: Queryable, customerId: number): Promise<StoredCredential[]> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT * FROM passkey_credentials
      WHERE customer_id = $1 AND flagged_at IS NULL AND review_asked_at IS NULL ORDER BY id`,
    [customerId],
  );
  return rows.map(storedOf);
}

export async function hasPasskey(db: Queryable, customerId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM passkey_credentials
      WHERE customer_id = $1 AND flagged_at IS NULL AND review_asked_at IS NULL LIMIT 1`,
    [customerId],
  );
  return rows.length > 0;
}

/** A credential by the id the authenticator gives, or PASSKEY_UNKNOWN. */
export async function credentialById(db: Queryable, credentialId: string): Promise<Stored> {
  const { rows } = await db.query<CredentialRow>(
    'SELECT * FROM passkey_credentials WHERE credential_id = $1',
    [credentialId],
  );
  if (!rows[0]) throw passkeyErrors.unknown();
  return storedOf(rows[0]);
}

export async function insertCredential(
  db: Queryable,
  customerId: number,
  c: NewCredential,
  name: string,
  where: string,
): Promise<PasskeyView> {
  const { rows } = await db.query<CredentialRow>(
    `INSERT INTO passkey_credentials
       (customer_id, credential_id, public_key, counter, transports, name, device_type, backed_up, created_where)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [customerId, c.credentialId, c.publicKey, c.counter, c.transports, name, c.deviceType, c.backedUp, where],
  );
  return viewOf(rows[0]!);
}

/** A used passkey: its new counter, when and where. */
export async function markUsed(db: Queryable, id: number, counter: number, where: string): Promise<void> {
  await db.query(
    `UPDATE passkey_credentials SET counter = $2, last_used_at = now(), last_used_where = $3 WHERE id = $1`,
    [id, counter, where],
  );
}

/** A clone suspected: the passkey is refused from now on (the customer removes it in Settings). */
export async function flagCloned(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE passkey_credentials SET flagged_at = coalesce(flagged_at, now()) WHERE id = $1', [
    id,
  ]);
}

export async function renamePasskey(db: Queryable, customerId: number, id: number, name: string) {
  const { rowCount } = await db.query(
    'UPDATE passkey_credentials SET name = $3 WHERE id = $1 AND customer_id = $2',
    [id, customerId, name],
  );
  if (!rowCount) throw passkeyErrors.notFound();
}

/** The review after a reset: the passkeys kept are usable again, the others removed (their names). */
export async function settleReview(db: Queryable, customerId: number, keep: number[]): Promise<string[]> {
  await db.query(
    `UPDATE passkey_credentials SET review_asked_at = NULL
      WHERE customer_id = $1 AND id = ANY($2::bigint[]) AND review_asked_at IS NOT NULL`,
    [customerId, keep],
  );
  const { rows } = await db.query<{ name: string }>(
    `DELETE FROM passkey_credentials WHERE customer_id = $1 AND review_asked_at IS NOT NULL RETURNING name`,
    [customerId],
  );
  return rows.map((r) => r.name);
}

/** Removes passkeys of the customer; answers the names removed. */
export async function removePasskeys(db: Queryable, customerId: number, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM passkey_credentials WHERE customer_id = $1 AND id = ANY($2::bigint[]) RETURNING name',
    [customerId, ids],
  );
  return rows.map((r) => r.name);
}

/** 32 random bytes, base64url: a challenge or a nonce. */
export const randomChallenge = () => randomBytes(32).toString('base64url');

export interface ChallengeRow {
  id: number;
  purpose: 'register' | 'login' | 'inquiry' | 'cart';
  challenge: string;
  nonce: string | null;
  customerId: number | null;
  sessionId: number | null;
  browserId: string | null;
  subject: string | null;
  expired: boolean;
  used: boolean;
}

/** Stores a challenge the browser will have signed (answered within CHALLENGE_TTL_MS, once). */
export async function storeChallenge(
  db: Queryable,
  c: {
    purpose: ChallengeRow['purpose'];
    challenge: string;
    nonce?: string;
    customerId?: number;
    sessionId?: number;
    browserId?: string;
    subject?: string;
  },
): Promise<{ expiresAt: string }> {
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO passkey_challenges (purpose, challenge, nonce, customer_id, session_id, browser_id, subject, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8::int * interval '1 millisecond') RETURNING expires_at`,
    [
      c.purpose,
      c.challenge,
      c.nonce ?? null,
      c.customerId ?? null,
      c.sessionId ?? null,
      c.browserId ?? null,
      c.subject ?? null,
      CHALLENGE_TTL_MS,
    ],
  );
  return { expiresAt: iso(rows[0]!.expires_at)! };
}

const challengeOf = (r: Record<string, unknown>): ChallengeRow => ({
  id: Number(r.id),
  purpose: r.purpose as ChallengeRow['purpose'],
  challenge: r.challenge as string,
  nonce: (r.nonce as string | null) ?? null,
  customerId: r.customer_id === null ? null : Number(r.customer_id),
  sessionId: r.session_id === null ? null : Number(r.session_id),
  browserId: (r.browser_id as string | null) ?? null,
  subject: (r.subject as string | null) ?? null,
  expired: r.expired === true,
  used: r.used_at !== null,
});

/** A stored challenge by its text (what the client data says was signed); undefined when unknown. */
export async function challengeByText(db: Queryable, challenge: string): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT *, expires_at <= now() AS expired FROM passkey_challenges WHERE challenge = $1',
    [challenge],
  );
  return rows[0] ? challengeOf(rows[0]) : undefined;
}

/** The newest challenge of a subject (an inquiry or a cart verification) and purpose. */
export async function latestChallengeOf(
  db: Queryable,
  purpose: ChallengeRow['purpose'],
  subject: string,
): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT *, expires_at <= now() AS expired FROM passkey_challenges
      WHERE purpose = $1 AND subject = $2 ORDER BY id DESC LIMIT 1`,
    [purpose, subject],
  );
  return rows[0] ? challengeOf(rows[0]) : undefined;
}

/** Uses a challenge up, once: false when it was used already (a replay) or has expired. */
export async function useChallenge(db: Queryable, id: number, credentialId: number | null): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE passkey_challenges SET used_at = now(), credential_id = $2
      WHERE id = $1 AND used_at IS NULL AND expires_at > now()`,
    [id, credentialId],
  );
  return rowCount === 1;
}
