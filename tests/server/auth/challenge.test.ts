import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { type Client, client, lastOtp, makeCustomer, testDbs, useTestApp } from '../../kit';

describe.each(testDbs)('FDS and BDS login challenges on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let fdsPhone: string;
  let bdsPhone: string;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    fdsPhone = (
      await makeCustomer(db, {
        userId: 'fdsuser01',
        password: 'Fds@20261',
        loginChallenge: 'fds',
        phones: ['+6281100000001', '+6281100000002'],
      })
    ).phones[0]!;
    bdsPhone = (
      await makeCustomer(db, {
        userId: 'bdsuser01',
        password: 'Bds@20261',
        loginChallenge: 'bds',
        phones: ['+6281100000011'],
      })
    ).phones[0]!;
    await makeCustomer(db, { userId: 'plainuser1', password: 'Plain@2026' });
  });

  const login = (c: Client, userId: string, password: string) =>
    c.post('/api/v1/login', { userId, password });

  it('challenges every FDS login with an OTP, and logs in once it is answered', async () => {
    const c = client(app);
    const res = await login(c, 'fdsuser01', 'Fds@20261');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('challenge');
    expect(body.challenge.type).toBe('fds');
    expect(body.challenge.challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.challenge.otp).toMatchObject({
      maskedPhone: expect.stringContaining('*'),
      resendsLeft: expect.any(Number),
    });
    // No session before the OTP.
    expect(res.headers['access_token']).toBeUndefined();
    expect(c.token).toBeUndefined();

    const code = await lastOtp(db, fdsPhone);
    const wrong = await c.post('/api/v1/login/challenge', {
      challengeId: body.challenge.challengeId,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().apierror.errorCode).toBe('OTP_05');
    expect(wrong.headers['access_token']).toBeUndefined();
    const ok = await c.post('/api/v1/login/challenge', {
      challengeId: body.challenge.challengeId,
      otp: code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', customer: { userId: 'fdsuser01' } });
    expect(ok.headers['access_token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await c.post('/api/v1/session/me')).statusCode).toBe(200);

    // The challenge is spent.
    const reuse = await c.post('/api/v1/login/challenge', {
      challengeId: body.challenge.challengeId,
      otp: code,
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().apierror.errorCode).toBe('CHALLENGE_EXPIRED');

    // FDS asks again next time, even from the same browser.
    const again = await login(c, 'fdsuser01', 'Fds@20261');
    expect(again.json().status).toBe('challenge');
  });

  it('challenges a BDS customer on a new browser only', async () => {
    const c = client(app);
    const first = await login(c, 'bdsuser01', 'Bds@20261');
    expect(first.json()).toMatchObject({ status: 'challenge', challenge: { type: 'bds' } });
    const ok = await c.post('/api/v1/login/challenge', {
      challengeId: first.json().challenge.challengeId,
      otp: await lastOtp(db, bdsPhone),
    });
    expect(ok.json().status).toBe('ok');

    // The same browser is now known.
    const sameBrowser = await login(client(app, c.browserId), 'bdsuser01', 'Bds@20261');
    expect(sameBrowser.json().status).toBe('ok');
    // Another browser is not.
    const other = await login(client(app), 'bdsuser01', 'Bds@20261');
    expect(other.json()).toMatchObject({ status: 'challenge', challenge: { type: 'bds' } });
  });

  it('does not challenge a customer without a challenge flag on a new browser', async () => {
    expect((await login(client(app), 'plainuser1', 'Plain@2026')).json().status).toBe('ok');
  });

  it('refuses a challenge answered from another browser', async () => {
    const c = client(app);
    const res = await login(c, 'fdsuser01', 'Fds@20261');
    const thief = client(app);
    const stolen = await thief.post('/api/v1/login/challenge', {
      challengeId: res.json().challenge.challengeId,
      otp: await lastOtp(db, fdsPhone),
    });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().apierror.errorCode).toBe('CHALLENGE_EXPIRED');
    expect(stolen.headers['access_token']).toBeUndefined();
  });

  it('refuses an expired challenge', async () => {
    const c = client(app);
    const res = await login(c, 'fdsuser01', 'Fds@20261');
    await db.query(
      `UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const late = await c.post('/api/v1/login/challenge', {
      challengeId: res.json().challenge.challengeId,
      otp: await lastOtp(db, fdsPhone),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().apierror.errorCode).toBe('CHALLENGE_EXPIRED');
  });

  it('resends the challenge OTP after the countdown; the new code logs in', async () => {
    const c = client(app);
    const res = await login(c, 'fdsuser01', 'Fds@20261');
    const challengeId = res.json().challenge.challengeId;
    const early = await c.post('/api/v1/login/challenge/resend', { challengeId });
    expect(early.statusCode).toBe(429);
    await db.query(`UPDATE otp_requests SET resend_available_at = now() - interval '1 second'`);
    const resent = await c.post('/api/v1/login/challenge/resend', { challengeId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ maskedPhone: expect.any(String), requestId: expect.any(String) });
    const ok = await c.post('/api/v1/login/challenge', { challengeId, otp: await lastOtp(db, fdsPhone) });
    expect(ok.json().status).toBe('ok');
  });
});
