import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import * as password from '../../../src/server/auth/password';
import * as argon2 from '@node-rs/argon2';
import { client, makeCustomer, testDbs, useTestApp, writeCounts } from '../../kit';

// Spies on the argon2 calls, passing through to the real ones: proves the unknown-id path verifies too.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});
vi.mock('../../../src/server/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof password>();
  return {
    ...real,
    verifySecret: vi.fn(real.verifySecret),
    verifyAgainstDecoy: vi.fn(real.verifyAgainstDecoy),
  };
});

describe.each(testDbs)('login on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    await makeCustomer(db, {
      userId: 'lucyhartono',
      password: 'Lucy@2026',
      secureWord: 'kingfisher',
      title: 'Ms.',
      fullName: 'Lucy Hartono',
      displayName: 'Lucy',
      casa: [{ accountNo: '700100200301' }],
    });
  });

  it('logs in and hands the session back in the access_token and expires headers', async () => {
    const c = client(app);
    const before = Date.now();
    const res = await c.post('/api/v1/login', { userId: 'lucyhartono', password: 'Lucy@2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      customer: {
        userId: 'lucyhartono',
        title: 'Ms.',
        fullName: 'Lucy Hartono',
        displayName: 'Lucy',
        lastLoginAt: null,
        hasCasa: true,
        ccOnly: false,
        supplementary: false,
      },
    });
    const token = res.headers['access_token'];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Number(res.headers['expires']);
    expect(expires).toBeGreaterThan(before + 4 * 60_000);
    expect(expires).toBeLessThan(Date.now() + 5 * 60_000 + 5_000);
    // Only the hash is stored.
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1`,
      [token],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts the user id in any letter case', async () => {
    const res = await client(app).post('/api/v1/login', { userId: 'LucyHartono', password: 'Lucy@2026' });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user id identically', async () => {
    const wrong = await client(app).post('/api/v1/login', { userId: 'lucyhartono', password: 'Nope@2026' });
    const unknown = await client(app).post('/api/v1/login', { userId: 'nobodyhere', password: 'Nope@2026' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'LOGIN_FAILED' });
    expect(wrong.headers['access_token']).toBeUndefined();
  });

  it('verifies an unknown user id against the argon2id decoy, and a known one against its hash', async () => {
    const decoy = vi.mocked(password.verifyAgainstDecoy);
    const real = vi.mocked(password.verifySecret);
    const argon2Verify = vi.mocked(argon2.verify);
    const clear = () => [decoy, real, argon2Verify].forEach((f) => f.mockClear());
    clear();
    await client(app).post('/api/v1/login', { userId: 'ghostuser1', password: 'Whatever@1' });
    expect(decoy).toHaveBeenCalledWith('Whatever@1');
    expect(real).not.toHaveBeenCalled();
    // One argon2id verification on either path: the decoy is not a shortcut.
    expect(argon2Verify).toHaveBeenCalledTimes(1);
    expect(argon2Verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    clear();
    await client(app).post('/api/v1/login', { userId: 'lucyhartono', password: 'Whatever@1' });
    expect(decoy).not.toHaveBeenCalled();
    expect(real).toHaveBeenCalledTimes(1);
    expect(argon2Verify).toHaveBeenCalledTimes(1);
    expect(argon2Verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });

  it('locks a user id for 30 minutes (PCI DSS 8.3.4) after 5 failures, even against the right password', async () => {
    await makeCustomer(db, { userId: 'lockme01', password: 'Lock@2026' });
    const c = client(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await c.post('/api/v1/login', { userId: 'lockme01', password: `Bad@${i}xyz` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const locked = await client(app).post('/api/v1/login', { userId: 'lockme01', password: 'Lock@2026' });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().apierror.errorCode).toBe('LOGIN_LOCKED');
    const { rows } = await db.query<{ minutes: number }>(
      `SELECT round(extract(epoch from locked_until - now()) / 60)::int AS minutes FROM auth_failures WHERE locked_until IS NOT NULL`,
    );
    expect(rows.map((r) => r.minutes)).toContain(30);

    // When the lock runs out, the right password works again and clears the count.
    await db.query(
      `UPDATE auth_failures SET locked_until = now() - interval '1 second' WHERE locked_until IS NOT NULL`,
    );
    const after = await client(app).post('/api/v1/login', { userId: 'lockme01', password: 'Lock@2026' });
    expect(after.statusCode).toBe(200);
  });

  it('locks an unknown user id the same way, with the same text', async () => {
    await makeCustomer(db, { userId: 'lockme02', password: 'Lock@2026' });
    const run = async (userId: string) => {
      const out = [];
      for (let i = 0; i < 6; i++)
        out.push(await client(app).post('/api/v1/login', { userId, password: 'Bad@1234x' }));
      return out;
    };
    const known = await run('lockme02');
    const unknown = await run('nosuchid02');
    expect(unknown.map((r) => r.statusCode)).toEqual(known.map((r) => r.statusCode));
    expect(unknown[5]!.statusCode).toBe(423);
    expect(unknown[5]!.body).toBe(known[5]!.body);
    expect(unknown[3]!.body).toBe(known[3]!.body);
  });

  it('tells only someone with the right password that the user id is blocked', async () => {
    const { id } = await makeCustomer(db, { userId: 'blockedone', password: 'Block@2026' });
    await db.query(`UPDATE customers SET cif_status = 'blocked' WHERE id = $1`, [id]);
    const wrong = await client(app).post('/api/v1/login', { userId: 'blockedone', password: 'Wrong@2026' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().apierror.errorCode).toBe('LOGIN_FAILED');
    const right = await client(app).post('/api/v1/login', { userId: 'blockedone', password: 'Block@2026' });
    expect(right.statusCode).toBe(403);
    expect(right.json().apierror.errorCode).toBe('OTP_08');
    expect(right.headers['access_token']).toBeUndefined();
  });

  it('rate-limits credential calls per IP with a 429 apierror', async () => {
    const c = client(app);
    let last = await c.post('/api/v1/login/secureword', { userId: 'lucyhartono' });
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await c.post('/api/v1/login/secureword', { userId: 'lucyhartono' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await client(app).post('/api/v1/login/secureword', { userId: 'lucyhartono' })).statusCode).toBe(
      200,
    );
  });

  describe('secure word', () => {
    it('shows the real secure word of a known id', async () => {
      const res = await client(app).post('/api/v1/login/secureword', { userId: 'lucyhartono' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ secureWord: 'kingfisher' });
    });

    it('gives an unknown id a stable decoy shaped like a real word', async () => {
      const a = await client(app).post('/api/v1/login/secureword', { userId: 'strangerdanger' });
      const b = await client(app).post('/api/v1/login/secureword', { userId: 'StrangerDanger' });
      expect(a.statusCode).toBe(200);
      expect(Object.keys(a.json())).toEqual(['secureWord']);
      expect(a.json().secureWord).toMatch(/^[a-z]{6,12}$/);
      expect(b.json()).toEqual(a.json());
      // Different unknown ids do not all share one word.
      const words = new Set<string>();
      for (let i = 0; i < 12; i++) {
        words.add(
          (await client(app).post('/api/v1/login/secureword', { userId: `unknown${i}x` })).json().secureWord,
        );
      }
      expect(words.size).toBeGreaterThan(3);
    });

    it('keeps the decoy after a restart (the key lives in the database)', async () => {
      const first = (await client(app).post('/api/v1/login/secureword', { userId: 'restartcheck' })).json();
      const again = await buildApp({ db });
      try {
        const res = await again.inject({
          method: 'POST',
          url: '/api/v1/login/secureword',
          payload: { userId: 'restartcheck' },
        });
        expect(res.json()).toEqual(first);
      } finally {
        await again.close();
      }
    });
  });

  describe('bad bodies', () => {
    const cases: [string, unknown][] = [
      ['/api/v1/login', {}],
      ['/api/v1/login', { userId: 'lucyhartono' }],
      ['/api/v1/login', { userId: 'lucyhartono', password: 'Lucy@2026', admin: true }],
      ['/api/v1/login', { userId: 'lucy hartono', password: 'x' }],
      ['/api/v1/login', { userId: 12345, password: 'x' }],
      ['/api/v1/login', { userId: 'ab', password: 'x' }],
      ['/api/v1/login', { userId: 'lucyhartono', password: 'x'.repeat(65) }],
      ['/api/v1/login', []],
      ['/api/v1/login/secureword', { userId: "x' OR 1=1 --" }],
      ['/api/v1/login/challenge', { challengeId: 'short', otp: '123456' }],
      ['/api/v1/login/challenge', { challengeId: 'a'.repeat(43), otp: '12345' }],
      ['/api/v1/login/challenge/resend', {}],
      ['/api/v1/login/logout', { x: 1 }],
      ['/api/v1/session/refresh', { x: 1 }],
      ['/api/v1/session/me', 'text'],
      ['/api/v1/forgot/userid/validate', { dateOfBirth: '1990-05-17' }],
      [
        '/api/v1/forgot/userid/validate',
        { accountNumber: '700100200301', creditCardNumber: '4214560000001234', dateOfBirth: '1990-05-17' },
      ],
      ['/api/v1/forgot/userid/validate', { accountNumber: '700100200301', dateOfBirth: '1990-02-31' }],
      [
        '/api/v1/forgot/password/validate',
        { userId: 'lucyhartono', accountNumber: '700100200301', atmCardLast4: '12345', atmPin: '123456' },
      ],
      [
        '/api/v1/forgot/edebit/validate',
        { userId: 'lucyhartono', accountNumber: '7001', dateOfBirth: '1990-05-17' },
      ],
      ['/api/v1/forgot/password/sendotp', { forgotToken: 'a'.repeat(43), phoneId: 0 }],
      [
        '/api/v1/forgot/password/validateotp',
        { forgotToken: 'a'.repeat(43), requestId: 'r', otp: '123456', newPassword: 'weakpass' },
      ],
      [
        '/api/v1/forgot/userid/validateotp',
        { forgotToken: 'a'.repeat(43), requestId: 'r', otp: '123456', newPassword: 'Abcd@1234' },
      ],
    ];
    it.each(cases)('%s %j -> 400 apierror, nothing written', async (url, payload) => {
      const before = await writeCounts(db);
      const res = await client(app).post(url, payload);
      // 415 for a body that is not JSON at all; 400 for JSON that breaks the schema.
      expect(res.statusCode).toBe(typeof payload === 'string' ? 415 : 400);
      expect(res.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'INVALID_REQUEST' });
      expect(res.body).not.toMatch(/\n\s+at /);
      expect(await writeCounts(db)).toEqual(before);
    });
  });
});
