import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { createSession } from '../../../src/server/auth/sessions';
import { sha256Hex } from '../../../src/server/auth/tokens';
import { bothEngines, makeCustomer, useTestApp } from '../../kit';

/** Issue #25 item 1: the access_token header replaces the token; the old one lasts a grace window only. */
describe.each(bothEngines)('token rotation on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let customerId: number;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    customerId = (await makeCustomer(db, { userId: 'rotateuser', password: 'Rota@2026' })).id;
  });

  const call = (url: string, token: string, browserId: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: url.endsWith('/confirm')
        ? { inquiryId: 'no-such-inquiry', idempotencyKey: 'key-12345678' }
        : {},
      headers: { authorization: `Bearer ${token}`, 'x-browser-id': browserId },
    });
  /** Time passes for a token: it was issued, or replaced, `ms` earlier than it was. */
  const age = (token: string, ms: number) =>
    db.query(
      `UPDATE sessions SET token_issued_at = token_issued_at - $2::int * interval '1 millisecond',
              previous_valid_until = previous_valid_until - $2::int * interval '1 millisecond'
        WHERE token_hash = $1 OR previous_token_hash = $1`,
      [sha256Hex(token), ms],
    );

  it('answers a new token once the one sent is old, keeps the old one for the grace window only', async () => {
    const s = await createSession(db, { customerId, channel: 'web', browserId: 'b-rot' });
    const me = (token: string) => call('/api/v1/session/me', token, 'b-rot');

    // A young token comes back as it is.
    const first = await me(s.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['access_token']).toBe(s.token);

    await age(s.token, 31_000);
    const rotated = await me(s.token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.headers['access_token'] as string;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(s.token);

    // A parallel call sent with the old token before the new one arrived still passes, rotates nothing,
    // and is answered the new token (the client keeps the one it holds: rotated-token.ts).
    const parallel = await me(s.token);
    expect(parallel.statusCode).toBe(200);
    expect(parallel.headers['access_token']).toBe(next);
    expect((await me(next)).headers['access_token']).toBe(next);

    // After the grace window the old token is refused; the session goes on with the new one.
    await age(next, 31_000);
    const late = await me(s.token);
    expect(late.statusCode).toBe(401);
    expect(late.json().apierror.errorCode).toBe('INVALID_TOKEN');
    const still = await me(next);
    expect(still.statusCode).toBe(200);
    expect(still.headers['access_token']).not.toBe(next);
  });

  it('hands the new token again to a call made with the old one, when the answer that brought it was lost', async () => {
    // The walk of every page was signed out mid-walk: a navigation aborted the call whose answer carried
    // the new token, the page went on with the old one, and the grace window closed on it.
    const s = await createSession(db, { customerId, channel: 'web', browserId: 'b-lost' });
    const me = (token: string) => call('/api/v1/session/me', token, 'b-lost');
    await age(s.token, 31_000);
    const lost = (await me(s.token)).headers['access_token'] as string;
    expect(lost).not.toBe(s.token);

    const again = await me(s.token);
    expect(again.statusCode).toBe(200);
    expect(again.headers['access_token']).toBe(lost);
    // The confirm, which finds the session in SQL, answers it too.
    const confirm = await call('/api/transaction/v1/confirm', s.token, 'b-lost');
    expect(confirm.json().apierror.errorCode).toBe('INQUIRY_NOT_FOUND');
    expect(confirm.headers['access_token']).toBe(lost);

    // Only the holder of the old token can open it: the row keeps neither token.
    const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM sessions WHERE id = $1`, [
      s.sessionId,
    ]);
    expect(JSON.stringify(rows[0])).not.toContain(lost);
    expect(JSON.stringify(rows[0])).not.toContain(s.token);

    // The session goes on with the token handed over, and the old one still ends with its grace window.
    await age(lost, 31_000);
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await me(lost)).statusCode).toBe(200);
  });

  it('rotates once for concurrent calls with one token, and all of them pass', async () => {
    const s = await createSession(db, { customerId, channel: 'web', browserId: 'b-par' });
    await age(s.token, 31_000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('/api/v1/session/me', s.token, 'b-par')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const fresh = new Set(answers.map((r) => r.headers['access_token']).filter((t) => t !== s.token));
    expect(fresh.size).toBe(1);
    const [next] = [...fresh] as string[];
    expect((await call('/api/v1/session/me', next!, 'b-par')).statusCode).toBe(200);
  });

  it('lets the confirm find the session by the replaced token within the grace window only', async () => {
    const s = await createSession(db, { customerId, channel: 'web', browserId: 'b-conf' });
    await age(s.token, 31_000);
    const next = (await call('/api/v1/session/me', s.token, 'b-conf')).headers['access_token'] as string;
    expect(next).not.toBe(s.token);
    // The session is accepted (the inquiry is what is missing), with either token.
    for (const token of [s.token, next]) {
      const r = await call('/api/transaction/v1/confirm', token, 'b-conf');
      expect(r.json().apierror.errorCode).toBe('INQUIRY_NOT_FOUND');
    }
    await age(next, 31_000);
    const late = await call('/api/transaction/v1/confirm', s.token, 'b-conf');
    expect(late.statusCode).toBe(401);
    expect(late.json().apierror.errorCode).toBe('INVALID_TOKEN');
    expect((await call('/api/transaction/v1/confirm', next, 'b-conf')).json().apierror.errorCode).toBe(
      'INQUIRY_NOT_FOUND',
    );
  });

  it("rotates the companion app's token the same way, on the app's routes", async () => {
    const s = await createSession(db, { customerId, channel: 'mobile', browserId: 'phone-rot' });
    const list = (token: string) => call('/api/mobile/v1/approvals/list', token, 'phone-rot');
    await age(s.token, 31_000);
    const r = await list(s.token);
    expect(r.statusCode).toBe(200);
    const next = r.headers['access_token'] as string;
    expect(next).not.toBe(s.token);
    const lost = await list(s.token);
    expect(lost.statusCode).toBe(200);
    expect(lost.headers['access_token']).toBe(next);
    await age(next, 31_000);
    expect((await list(s.token)).statusCode).toBe(401);
    expect((await list(next)).statusCode).toBe(200);
  });
});
