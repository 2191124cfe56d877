import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { client, lastOtp, useTestApp } from '../../kit';

// The personas of CONTRACTS.md log in as the README promises (one database kind is enough here).
describe('demo personas log in', () => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ demo: true });
  beforeAll(() => {
    ({ app, db } = t);
  });

  it.each([
    ['budisantoso', 'Budi@2026', 'sunflower', { hasCasa: true, ccOnly: false, supplementary: false }],
    ['saridewi', 'Sari@2026', 'mangosteen', { hasCasa: false, ccOnly: true, supplementary: false }],
    ['andiwijaya', 'Andi@2026', 'volcano', { hasCasa: false, ccOnly: true, supplementary: true }],
    ['rinanodefault', 'Rina@2026', 'lighthouse', { hasCasa: true }],
  ])('%s sees the secure word and logs in without a challenge', async (userId, password, word, flags) => {
    const c = client(app);
    expect((await c.post('/api/v1/login/secureword', { userId })).json()).toEqual({ secureWord: word });
    const res = await c.post('/api/v1/login', { userId, password });
    expect(res.json()).toMatchObject({ status: 'ok', customer: { userId, ...flags } });
  });

  it('dewifds is challenged (FDS) and passes with the OTP from the outbox', async () => {
    const c = client(app);
    const res = await c.post('/api/v1/login', { userId: 'dewifds', password: 'Dewi@2026' });
    expect(res.json()).toMatchObject({ status: 'challenge', challenge: { type: 'fds' } });
    const { rows } = await db.query<{ phone: string }>(
      `SELECT p.phone FROM customer_phones p WHERE p.id = $1`,
      [res.json().challenge.otp.phoneId],
    );
    const ok = await c.post('/api/v1/login/challenge', {
      challengeId: res.json().challenge.challengeId,
      otp: await lastOtp(db, rows[0]!.phone),
    });
    expect(ok.json()).toMatchObject({ status: 'ok', customer: { userId: 'dewifds' } });
  });

  it('bayubds is challenged (BDS) on a new browser', async () => {
    const res = await client(app).post('/api/v1/login', { userId: 'bayubds', password: 'Bayu@2026' });
    expect(res.json()).toMatchObject({ status: 'challenge', challenge: { type: 'bds' } });
  });
});
