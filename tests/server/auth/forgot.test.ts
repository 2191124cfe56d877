import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  type Client,
  client,
  lastOtp,
  lastSms,
  makeCustomer,
  testDbs,
  useTestApp,
  writeCounts,
} from '../../kit';

const PHONE = '+6281300000001';
const PHONE2 = '+6281300000002';

describe.each(testDbs)('forgot user id, password and e-debit number on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    await makeCustomer(db, {
      userId: 'forgetful1',
      password: 'Forget@2026',
      secureWord: 'marigold',
      dateOfBirth: '1985-08-17',
      phones: [PHONE, PHONE2],
      casa: [{ accountNo: '700200300401', atmLast4: '4321', atmPin: '246810' }],
      creditCards: [{ cardNo: '4214560000007777' }],
    });
  });

  /** validate -> sendotp -> validateotp with the code from the outbox. */
  async function runFlow(c: Client, kind: string, credentials: object, extra: object = {}) {
    const v = await c.post(`/api/v1/forgot/${kind}/validate`, credentials);
    expect(v.statusCode).toBe(200);
    const { forgotToken, phones } = v.json();
    expect(phones).toHaveLength(2);
    expect(phones[0]).toEqual({
      phoneId: expect.any(Number),
      maskedPhone: expect.stringContaining('*'),
      frozenUntil: null,
    });
    const s = await c.post(`/api/v1/forgot/${kind}/sendotp`, { forgotToken, phoneId: phones[1].phoneId });
    expect(s.statusCode).toBe(200);
    const otp = s.json();
    expect(otp.phoneId).toBe(phones[1].phoneId);
    const done = await c.post(`/api/v1/forgot/${kind}/validateotp`, {
      forgotToken,
      requestId: otp.requestId,
      otp: await lastOtp(db, PHONE2),
      ...extra,
    });
    return { done, forgotToken, otp };
  }

  it('sends the user id by SMS (account number + date of birth), never in the response', async () => {
    const { done } = await runFlow(client(app), 'userid', {
      accountNumber: '700200300401',
      dateOfBirth: '1985-08-17',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ result: 'userid_sent', maskedPhone: expect.stringContaining('*') });
    expect(done.body).not.toContain('forgetful1');
    expect(await lastSms(db, PHONE2)).toContain('forgetful1');
  });

  it('finds the user id by credit card number too', async () => {
    const { done } = await runFlow(client(app), 'userid', {
      creditCardNumber: '4214560000007777',
      dateOfBirth: '1985-08-17',
    });
    expect(done.json().result).toBe('userid_sent');
  });

  it('sends the e-debit number masked by SMS', async () => {
    const { done } = await runFlow(client(app), 'edebit', {
      userId: 'Forgetful1',
      dateOfBirth: '1985-08-17',
      accountNumber: '700200300401',
    });
    expect(done.json()).toMatchObject({ result: 'edebit_sent' });
    const sms = await lastSms(db, PHONE2);
    expect(sms).toContain('**** **** **** 4321');
    expect(sms).toContain('7002****0401');
  });

  it('answers wrong data with 400 0005 without saying which field, and writes nothing', async () => {
    const before = await writeCounts(db);
    const wrongDob = await client(app).post('/api/v1/forgot/userid/validate', {
      accountNumber: '700200300401',
      dateOfBirth: '1985-08-18',
    });
    const unknownAccount = await client(app).post('/api/v1/forgot/userid/validate', {
      accountNumber: '799999999999',
      dateOfBirth: '1985-08-17',
    });
    const wrongPin = await client(app).post('/api/v1/forgot/password/validate', {
      userId: 'forgetful1',
      accountNumber: '700200300401',
      atmCardLast4: '4321',
      atmPin: '135790',
    });
    const unknownUser = await client(app).post('/api/v1/forgot/password/validate', {
      userId: 'nobodyatall',
      accountNumber: '700200300401',
      atmCardLast4: '4321',
      atmPin: '246810',
    });
    for (const res of [wrongDob, unknownAccount, wrongPin, unknownUser]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().apierror).toMatchObject({
        sourceSystem: 'CLICKS',
        errorCode: '0005',
        errorMessageEng: 'Data that you have inputted was incorrect',
        errorMessageIdn: 'Data yang Anda masukkan salah',
      });
      expect(res.json().apierror.fields).toBeUndefined();
    }
    expect(unknownUser.body).toBe(wrongPin.body);
    const after = await writeCounts(db);
    // Only the failure counters moved.
    expect({ ...after, auth_failures: 0 }).toEqual({ ...before, auth_failures: 0 });
  });

  it('locks the identifier after 5 wrong attempts, existing or not', async () => {
    await db.query(`DELETE FROM auth_failures`);
    for (const accountNumber of ['700200300401', '788888888888']) {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await client(app).post('/api/v1/forgot/userid/validate', {
          accountNumber,
          dateOfBirth: '2001-01-01',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 423, 423]);
    }
    // Even the right data waits for the lock to end.
    const locked = await client(app).post('/api/v1/forgot/userid/validate', {
      accountNumber: '700200300401',
      dateOfBirth: '1985-08-17',
    });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().apierror.errorCode).toBe('FORGOT_LOCKED');
    await db.query(
      `UPDATE auth_failures SET locked_until = now() - interval '1 second' WHERE locked_until IS NOT NULL`,
    );
  });

  it('resets the password: rules, OTP, sessions ended, old password refused, new one works', async () => {
    const browser = client(app);
    expect(
      (await browser.post('/api/v1/login', { userId: 'forgetful1', password: 'Forget@2026' })).statusCode,
    ).toBe(200);

    const c = client(app);
    const v = await c.post('/api/v1/forgot/password/validate', {
      userId: 'forgetful1',
      accountNumber: '700200300401',
      atmCardLast4: '4321',
      atmPin: '246810',
    });
    expect(v.statusCode).toBe(200);
    const { forgotToken, phones } = v.json();
    const otp = (
      await c.post('/api/v1/forgot/password/sendotp', { forgotToken, phoneId: phones[0].phoneId })
    ).json();
    const code = await lastOtp(db, PHONE);

    // Containing the user id or secure word, or the current password: refused before the OTP is spent.
    for (const bad of ['Forgetful1!x', 'My#Marigold1', 'Forget@2026']) {
      const refused = await c.post('/api/v1/forgot/password/validateotp', {
        forgotToken,
        requestId: otp.requestId,
        otp: code,
        newPassword: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().apierror.errorCode).toBe('INVALID_REQUEST');
      expect(refused.json().apierror.fields['/newPassword']).toBeTruthy();
    }

    const wrongCode = await c.post('/api/v1/forgot/password/validateotp', {
      forgotToken,
      requestId: otp.requestId,
      otp: code === '000000' ? '111111' : '000000',
      newPassword: 'Renewed#2026',
    });
    expect(wrongCode.json().apierror.errorCode).toBe('OTP_05');

    const done = await c.post('/api/v1/forgot/password/validateotp', {
      forgotToken,
      requestId: otp.requestId,
      otp: code,
      newPassword: 'Renewed#2026',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ result: 'password_changed' });
    expect(await lastSms(db, PHONE)).toMatch(/password/i);

    // Every session ended.
    expect((await browser.post('/api/v1/session/me')).statusCode).toBe(401);
    expect(
      (await client(app).post('/api/v1/login', { userId: 'forgetful1', password: 'Forget@2026' })).statusCode,
    ).toBe(401);
    expect(
      (await client(app).post('/api/v1/login', { userId: 'forgetful1', password: 'Renewed#2026' }))
        .statusCode,
    ).toBe(200);
    const { rows } = await db.query<{ h: string }>(
      `SELECT cr.password_hash AS h FROM credentials cr JOIN customers c ON c.id = cr.customer_id WHERE c.user_id = 'forgetful1'`,
    );
    expect(rows[0]!.h).toMatch(/^\$argon2id\$/);

    // The token is spent.
    const reuse = await c.post('/api/v1/forgot/password/sendotp', {
      forgotToken,
      phoneId: phones[0].phoneId,
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().apierror.errorCode).toBe('FORGOT_EXPIRED');
  });

  it('refuses an expired forgot token and a token of another flow', async () => {
    const c = client(app);
    const v = await c.post('/api/v1/forgot/userid/validate', {
      accountNumber: '700200300401',
      dateOfBirth: '1985-08-17',
    });
    const { forgotToken, phones } = v.json();
    const otherFlow = await c.post('/api/v1/forgot/password/sendotp', {
      forgotToken,
      phoneId: phones[0].phoneId,
    });
    expect(otherFlow.statusCode).toBe(401);
    expect(otherFlow.json().apierror.errorCode).toBe('FORGOT_EXPIRED');
    await db.query(
      `UPDATE forgot_requests SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const late = await c.post('/api/v1/forgot/userid/sendotp', { forgotToken, phoneId: phones[0].phoneId });
    expect(late.statusCode).toBe(401);
    expect(late.json().apierror.errorCode).toBe('FORGOT_EXPIRED');
  });

  it('treats sendotp to the same phone as the resend, with its countdown', async () => {
    const c = client(app);
    const v = await c.post('/api/v1/forgot/userid/validate', {
      accountNumber: '700200300401',
      dateOfBirth: '1985-08-17',
    });
    const { forgotToken, phones } = v.json();
    const first = await c.post('/api/v1/forgot/userid/sendotp', { forgotToken, phoneId: phones[0].phoneId });
    expect(first.statusCode).toBe(200);
    const tooSoon = await c.post('/api/v1/forgot/userid/sendotp', {
      forgotToken,
      phoneId: phones[0].phoneId,
    });
    expect(tooSoon.statusCode).toBe(429);
    await db.query(`UPDATE otp_requests SET resend_available_at = now() - interval '1 second'`);
    const resent = await c.post('/api/v1/forgot/userid/sendotp', { forgotToken, phoneId: phones[0].phoneId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().resendsLeft).toBe(first.json().resendsLeft - 1);
    const done = await c.post('/api/v1/forgot/userid/validateotp', {
      forgotToken,
      requestId: resent.json().requestId,
      otp: await lastOtp(db, PHONE),
    });
    expect(done.json().result).toBe('userid_sent');
  });

  it('rate-limits the forgot calls per IP with a 429 apierror', async () => {
    const c = client(app);
    let last = await c.post('/api/v1/forgot/edebit/validate', {
      userId: 'ratelimit0',
      dateOfBirth: '1990-01-01',
      accountNumber: '711111111111',
    });
    for (let i = 1; i < 40 && last.statusCode !== 429; i++) {
      last = await c.post('/api/v1/forgot/edebit/validate', {
        userId: `ratelimit${i}`,
        dateOfBirth: '1990-01-01',
        accountNumber: '711111111111',
      });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().apierror.errorCode).toBe('RATE_LIMITED');
  });
});
