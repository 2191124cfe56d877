import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../src/server/db/db';
import { createSession } from '../../src/server/auth/sessions';
import { enrolDevice } from '../../src/server/approvals/devices';
import { insertCustomer, uniquePhone } from './customers';
import { PERSONAS, type PersonaName } from './personas';
import { post, type Answer } from './requests';

// A signed-in customer: a live session opened in the database (no login round trip), its request
// headers, and a client whose calls follow the session's rotated token.

export interface Customer {
  customerId: number;
  phone: string;
  phoneIds: number[];
  userId: string;
  /** The session's request headers; the kit's post() keeps their token current. */
  headers: Record<string, string>;
}

/** A live session's headers; a companion-app ('mobile') one is on a device enrolled for approvals, as the app's login makes it. */
export async function sessionHeaders(db: Queryable, customerId: number, channel: 'web' | 'mobile' = 'web') {
  const browserId = channel === 'web' ? `test-browser-${customerId}` : `test-phone-${customerId}`;
  if (channel === 'mobile') await enrolDevice(db, customerId, browserId);
  const s = await createSession(db, { customerId, channel, browserId });
  return { authorization: `Bearer ${s.token}`, 'x-browser-id': browserId };
}

/** A made customer with a phone and a live web (or companion-app) session. */
export async function customerWithSession(
  db: Queryable,
  channel: 'web' | 'mobile' = 'web',
): Promise<Customer> {
  const phone = uniquePhone();
  const c = await insertCustomer(db, { phones: [phone] });
  const headers = await sessionHeaders(db, c.customerId, channel);
  return { ...c, phone, headers };
}

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

/** A signed-in customer with a client: `post(url, body)` sends the session's headers and follows its token. */
export interface SignedIn extends Customer {
  post(url: string, payload?: unknown): Promise<Answer>;
}

/** Binds a customer's session to an app: its calls carry the headers and follow the rotated token. */
export function signedIn(app: FastifyInstance, who: Customer): SignedIn {
  return { ...who, post: (url, payload = {}) => post(app, url, who.headers, payload) };
}

/** A made customer (customerWithSession), signed in on this app. */
export async function signInCustomer(
  t: { app: FastifyInstance; db: Queryable },
  channel: 'web' | 'mobile' = 'web',
): Promise<SignedIn> {
  return signedIn(t.app, await customerWithSession(t.db, channel));
}

/** A demo persona (the app's database holds the demo seed), signed in on this app's web. */
export async function signInPersona(
  t: { app: FastifyInstance; db: Queryable },
  persona: PersonaName,
  startedAt?: Date,
): Promise<SignedIn & { sessionId: number }> {
  const { userId } = PERSONAS[persona];
  const s = await openSession(t.db, userId, startedAt);
  const { rows } = await t.db.query<{ id: number; phone: string }>(
    'SELECT id, phone FROM customer_phones WHERE customer_id = $1 ORDER BY id',
    [s.customerId],
  );
  const who: Customer = {
    customerId: s.customerId,
    userId,
    phone: rows[0]?.phone ?? '',
    phoneIds: rows.map((r) => r.id),
    headers: s.headers,
  };
  return { ...signedIn(t.app, who), sessionId: s.sessionId };
}
