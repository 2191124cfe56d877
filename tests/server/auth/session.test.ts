import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { createSession, SLIDE_SLACK_MS } from '../../../src/server/auth/sessions';
import { sha256Hex } from '../../../src/server/auth/tokens';
import { SESSION } from '../../../src/shared/constants';
import { type Client, client, makeCustomer, testDbs, useTestApp } from '../../kit';

const SESSION_TIMEOUT = {
  sourceSystem: 'CLICKS',
  errorCode: 'INVALID_TOKEN',
  errorTitleEng: 'Session Time-out',
  errorMessageEng: 'Please login again to continue your transaction',
  errorTitleIdn: 'Sesi Berakhir',
  errorMessageIdn: 'Silakan login kembali untuk melanjutkan transaksi Anda',
};

describe.each(testDbs)('sessions on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let seen: { customerId: number | null; channel: string | null }[];

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    seen = [];
    // A background (polling) route: checked but not slid.
    app.post(
      '/api/test/v1/poll',
      { preHandler: app.requireSession, config: { sessionNoSlide: true } },
      async (request) => {
        seen.push({
          customerId: request.session?.customerId ?? null,
          channel: request.session?.channel ?? null,
        });
        return {};
      },
    );
    // A companion-app route.
    app.post('/api/test/v1/app-poll', { preHandler: app.requireMobileSession }, async (request) => {
      seen.push({
        customerId: request.session?.customerId ?? null,
        channel: request.session?.channel ?? null,
      });
      return {};
    });
    await makeCustomer(db, { userId: 'sessionuser', password: 'Sess@2026', fullName: 'Sesi Pengguna' });
  });

  async function loggedIn(): Promise<Client> {
    const c = client(app);
    const res = await c.post('/api/v1/login', { userId: 'sessionuser', password: 'Sess@2026' });
    expect(res.statusCode).toBe(200);
    return c;
  }
  const sessionRow = async (c: Client) =>
    (
      await db.query<{ id: number; ended_at: unknown; end_reason: string | null }>(
        `SELECT id, ended_at, end_reason FROM sessions WHERE token_hash = $1`,
        [sha256Hex(c.token!)],
      )
    ).rows[0]!;

  it('answers /session/me with the customer and both expiries, and the session headers', async () => {
    const c = await loggedIn();
    const res = await c.post('/api/v1/session/me');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({
      userId: 'sessionuser',
      fullName: 'Sesi Pengguna',
      displayName: 'Sesi Pengguna',
    });
    expect(res.headers['access_token']).toBe(c.token);
    expect(Number(res.headers['expires'])).toBe(body.expires);
    expect(body.absoluteExpires - body.expires).toBeGreaterThan(SESSION.absoluteMs - SESSION.idleMs - 10_000);
  });

  it('refuses a missing, malformed or unknown token with 401 INVALID_TOKEN in both languages', async () => {
    const none = await client(app).post('/api/v1/session/me');
    const malformed = await client(app).post('/api/v1/session/me', {}, { authorization: 'Basic abc' });
    const unknown = await client(app).post(
      '/api/v1/session/me',
      {},
      { authorization: `Bearer ${'x'.repeat(43)}` },
    );
    for (const res of [none, malformed, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().apierror).toMatchObject(SESSION_TIMEOUT);
      expect(res.headers['access_token']).toBeUndefined();
    }
  });

  it('ends a session idle past its expiry', async () => {
    const c = await loggedIn();
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sha256Hex(c.token!)],
    );
    const res = await c.post('/api/v1/session/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().apierror).toMatchObject(SESSION_TIMEOUT);
    expect((await sessionRow(c)).end_reason).toBe('idle');
    // Ended for good: even an idle expiry pushed back does not revive it.
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() + interval '5 minutes' WHERE token_hash = $1`,
      [sha256Hex(c.token!)],
    );
    expect((await c.post('/api/v1/session/refresh')).statusCode).toBe(401);
  });

  it('ends a session at its absolute limit however active it is', async () => {
    const c = await loggedIn();
    await db.query(
      `UPDATE sessions SET created_at = now() - interval '61 minutes',
         absolute_expires_at = now() - interval '1 minute' WHERE token_hash = $1`,
      [sha256Hex(c.token!)],
    );
    const res = await c.post('/api/v1/session/refresh');
    expect(res.statusCode).toBe(401);
    expect(res.json().apierror.errorCode).toBe('INVALID_TOKEN');
    expect((await sessionRow(c)).end_reason).toBe('absolute');
  });

  it('refuses (and ends) a session used from another browser id', async () => {
    const c = await loggedIn();
    const res = await c.post('/api/v1/session/me', {}, { 'x-browser-id': 'someone-else' });
    expect(res.statusCode).toBe(401);
    expect(res.json().apierror.errorCode).toBe('INVALID_TOKEN');
    expect((await sessionRow(c)).end_reason).toBe('browser_mismatch');
    expect((await c.post('/api/v1/session/me')).statusCode).toBe(401);
  });

  it('slides the idle expiry on refresh ("Yes, I\'m still here")', async () => {
    const c = await loggedIn();
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() + interval '30 seconds' WHERE token_hash = $1`,
      [sha256Hex(c.token!)],
    );
    const before = Date.now();
    const res = await c.post('/api/v1/session/refresh');
    expect(res.statusCode).toBe(200);
    const { expires } = res.json();
    expect(expires).toBeGreaterThan(before + SESSION.idleMs - 5_000);
    expect(Number(res.headers['expires'])).toBe(expires);
    expect(res.headers['access_token']).toBe(c.token);
  });

  it('skips the slide (no write) while the idle expiry is within the slack, and slides once it is older', async () => {
    const c = await loggedIn();
    const idleOf = async () =>
      (
        await db.query<{ idle: number; seen: string }>(
          `SELECT floor(extract(epoch from idle_expires_at) * 1000)::int8 AS idle, last_seen_at::text AS seen
             FROM sessions WHERE token_hash = $1`,
          [sha256Hex(c.token!)],
        )
      ).rows[0]!;
    // Just inside the slack: the stored expiry stays as it is, and the header reports it.
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() + $2::int * interval '1 millisecond' - interval '2 seconds',
              last_seen_at = now() - interval '1 hour' WHERE token_hash = $1`,
      [sha256Hex(c.token!), SESSION.idleMs],
    );
    const stored = await idleOf();
    const within = await c.post('/api/v1/session/me');
    expect(within.statusCode).toBe(200);
    expect(await idleOf()).toEqual(stored);
    expect(Number(within.headers['expires'])).toBe(stored.idle);
    // Older than the slack: slid to now + idle, and last seen now.
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() + $2::int * interval '1 millisecond' - $3::int * interval '1 millisecond' - interval '1 second'
        WHERE token_hash = $1`,
      [sha256Hex(c.token!), SESSION.idleMs, SLIDE_SLACK_MS],
    );
    const before = Date.now();
    const after = await c.post('/api/v1/session/me');
    const slid = await idleOf();
    expect(slid.idle).toBeGreaterThanOrEqual(before + SESSION.idleMs - 1_000);
    expect(slid.seen).not.toBe(stored.seen);
    expect(Number(after.headers['expires'])).toBe(slid.idle);
  });

  it('never slides past the absolute limit', async () => {
    const c = await loggedIn();
    await db.query(
      `UPDATE sessions SET absolute_expires_at = now() + interval '2 minutes' WHERE token_hash = $1`,
      [sha256Hex(c.token!)],
    );
    const res = await c.post('/api/v1/session/refresh');
    const me = await c.post('/api/v1/session/me');
    expect(res.json().expires).toBe(me.json().absoluteExpires);
    expect(res.json().expires).toBeLessThan(Date.now() + 2 * 60_000 + 5_000);
  });

  it('does not slide on routes marked sessionNoSlide, but still checks the session', async () => {
    const c = await loggedIn();
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() + interval '30 seconds' WHERE token_hash = $1`,
      [sha256Hex(c.token!)],
    );
    const res = await c.post('/api/test/v1/poll');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['expires'])).toBeLessThan(Date.now() + 31_000);
    expect(seen.at(-1)).toMatchObject({ channel: 'web' });
    expect((await client(app).post('/api/test/v1/poll')).statusCode).toBe(401);
  });

  it('logs out with the server message, then refuses the token', async () => {
    const c = await loggedIn();
    const res = await c.post('/api/v1/login/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      logoutresponse: {
        eng: 'You have been logged out successfully. Thank you for banking with us.',
        idn: expect.stringMatching(/berhasil keluar/),
      },
    });
    expect(res.headers['access_token']).toBeUndefined();
    expect((await sessionRow(c)).end_reason).toBe('logout');
    const reuse = await c.post('/api/v1/session/me');
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().apierror).toMatchObject(SESSION_TIMEOUT);
    const again = await c.post('/api/v1/login/logout');
    expect(again.statusCode).toBe(401);
    expect(again.json().apierror.errorCode).toBe('INVALID_TOKEN');
  });

  it('reports the previous login as lastLoginAt', async () => {
    await makeCustomer(db, { userId: 'lastlogin1', password: 'Last@2026' });
    const first = await client(app).post('/api/v1/login', { userId: 'lastlogin1', password: 'Last@2026' });
    expect(first.json().customer.lastLoginAt).toBeNull();
    const { rows } = await db.query<{ created_at: Date }>(
      `SELECT s.created_at FROM sessions s JOIN customers c ON c.id = s.customer_id WHERE c.user_id = 'lastlogin1'`,
    );
    const c = client(app);
    const second = await c.post('/api/v1/login', { userId: 'lastlogin1', password: 'Last@2026' });
    expect(Date.parse(second.json().customer.lastLoginAt)).toBe(new Date(rows[0]!.created_at).getTime());
    expect((await c.post('/api/v1/session/me')).json().customer.lastLoginAt).toBe(
      second.json().customer.lastLoginAt,
    );
  });

  it('tells savings holders, credit-card-only and supplementary-only customers apart', async () => {
    await makeCustomer(db, {
      userId: 'mixedholder',
      password: 'Mix@2026x',
      casa: [{ accountNo: '700100200399' }],
      creditCards: [{ cardNo: '4214560000009001' }],
    });
    await makeCustomer(db, {
      userId: 'cardonly1',
      password: 'Card@2026',
      creditCards: [{ cardNo: '4214560000009002' }],
    });
    await makeCustomer(db, {
      userId: 'supponly1',
      password: 'Supp@2026',
      creditCards: [{ cardNo: '4214560000009003', supplementary: true }],
    });
    const summary = async (userId: string, pw: string) =>
      (await client(app).post('/api/v1/login', { userId, password: pw })).json().customer;
    expect(await summary('mixedholder', 'Mix@2026x')).toMatchObject({
      hasCasa: true,
      ccOnly: false,
      supplementary: false,
    });
    expect(await summary('cardonly1', 'Card@2026')).toMatchObject({
      hasCasa: false,
      ccOnly: true,
      supplementary: false,
    });
    expect(await summary('supponly1', 'Supp@2026')).toMatchObject({
      hasCasa: false,
      ccOnly: true,
      supplementary: true,
    });
  });

  it('serves mobile-channel sessions made by createSession on the app routes only, and web sessions on the web routes only', async () => {
    const { id } = await makeCustomer(db, { userId: 'mobileuser', password: 'Mobi@2026' });
    const s = await createSession(db, { customerId: id, channel: 'mobile', browserId: 'phone-1' });
    expect(s.expires).toBeGreaterThan(Date.now() + SESSION.idleMs - 5_000);
    const call = (url: string, token: string, browserId: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { authorization: `Bearer ${token}`, 'x-browser-id': browserId },
      });
    const res = await call('/api/test/v1/app-poll', s.token, 'phone-1');
    expect(res.statusCode).toBe(200);
    expect(seen.at(-1)).toEqual({ customerId: id, channel: 'mobile' });
    expect((await call('/api/test/v1/poll', s.token, 'phone-1')).statusCode).toBe(401);
    const w = await createSession(db, { customerId: id, channel: 'web', browserId: 'browser-1' });
    expect((await call('/api/test/v1/app-poll', w.token, 'browser-1')).statusCode).toBe(401);
    // Refused on the other channel's routes, not ended: each still serves its own.
    expect((await call('/api/test/v1/app-poll', s.token, 'phone-1')).statusCode).toBe(200);
    expect((await call('/api/test/v1/poll', w.token, 'browser-1')).statusCode).toBe(200);
  });
});
