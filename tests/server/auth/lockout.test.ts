import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { hashSecret } from '../../../src/server/auth/password';
import { testDbs } from '../test-db';
import { client, makeCustomer } from './fixtures';

process.env.ARGON2_FAST = '1';

// Issue 17 item 4: the password and app PIN locks were separate (5 + 5 guesses) and lasted 15 minutes.
describe.each(testDbs)('one lock-out across password and app PIN on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('five wrong guesses in all, password and PIN together, lock both for 30 minutes', async () => {
    const { id } = await makeCustomer(db, { userId: 'onelock01', password: 'Lock@2026' });
    await db.query(`UPDATE credentials SET app_pin_hash = $2 WHERE customer_id = $1`, [
      id,
      await hashSecret('482916'),
    ]);
    const phone = { 'x-browser-id': 'phone-lock' };
    const pin = (appPin: string) =>
      app.inject({
        method: 'POST',
        url: '/api/mobile/v1/login',
        headers: phone,
        payload: { userId: 'onelock01', appPin },
      });
    const web = client(app);
    const statuses: number[] = [];
    for (const p of ['000001', '000002', '000003']) statuses.push((await pin(p)).statusCode);
    for (const pw of ['Bad@1xyz', 'Bad@2xyz'])
      statuses.push((await web.post('/api/v1/login', { userId: 'onelock01', password: pw })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    // Locked for the web and the app alike, the right secrets included.
    expect(
      (await client(app).post('/api/v1/login', { userId: 'onelock01', password: 'Lock@2026' })).statusCode,
    ).toBe(423);
    expect((await pin('482916')).statusCode).toBe(423);
    const { rows } = await db.query<{ minutes: number }>(
      `SELECT round(extract(epoch from locked_until - now()) / 60)::int AS minutes FROM auth_failures WHERE locked_until > now()`,
    );
    expect(rows.map((r) => r.minutes)).toContain(30);
  });
});
