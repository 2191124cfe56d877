import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { PASSWORD, credentialCustomer, e164, sendNewNumber, typedPhone } from './credential-fixtures';
import { type Customer, latestCode, post, testDbs, useTestApp } from '../../kit';

/** Each credential change's own fields (the mobile number's: its last step, after the new number's step). */
const CHANGES: [string, Record<string, string>][] = [
  ['settings.change-email', { newEmail: 'siapa.saja@example.co.id' }],
  ['settings.change-mobile-number', {}],
  ['settings.change-user-id', { newUserId: `someone${Date.now().toString(36)}` }],
  ['settings.change-secure-word', { newSecureWord: 'SunflowerSky' }],
  ['settings.change-password', { newPassword: 'Baru#2027', confirmPassword: 'Baru#2027' }],
];

// Issue 21 item 9: every credential change re-authenticates with the current password (checked at
// inquiry, counted with the login's lock, never kept in clear) and is verified by an OTP only.
describe.each(testDbs)('re-authentication of every credential change on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  /** The change's inquiry with `currentPassword` (undefined: left out), the mobile number's after its step. */
  async function inquiry(c: Customer, flowId: string, own: Record<string, string>, currentPassword?: string) {
    const form: Record<string, string> = { ...own };
    if (currentPassword !== undefined) form.currentPassword = currentPassword;
    let stepToken: string | undefined;
    if (flowId === 'settings.change-mobile-number') {
      const sent = await newNumberSent(c);
      stepToken = sent.stepToken;
      form.newPhoneCode = sent.code;
    }
    return post(app, '/api/transaction/v1/inquiry', c.headers, { flowId, form, stepToken });
  }
  /** The mobile number change's first step, done once per customer (a second code waits a minute). */
  const sent = new Map<number, { stepToken: string; code: string }>();
  async function newNumberSent(c: Customer) {
    const done = sent.get(c.customerId);
    if (done) return done;
    const number = typedPhone();
    const step = await sendNewNumber(app, c, number);
    expect(step.status).toBe(200);
    const made = { stepToken: String(step.body.stepToken), code: await latestCode(db, e164(number)) };
    sent.set(c.customerId, made);
    return made;
  }
  const login = (userId: string, password: string, browserId = `stranger-${userId}`) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-browser-id': browserId },
      payload: { userId, password },
    });
  const smsCount = async (phone: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1', [phone]))
      .rows[0]!.n;

  it.each(CHANGES)(
    '%s asks for the current password: left out or wrong, refused on its field, no OTP sent',
    async (flowId, own) => {
      const c = await credentialCustomer(db);
      const missing = await inquiry(c, flowId, own);
      expect(missing.status).toBe(400);
      expect(missing.body.apierror.fields['/form/currentPassword']).toBeDefined();
      const wrong = await inquiry(c, flowId, own, 'Salah@2026');
      expect(wrong.status).toBe(422);
      expect(wrong.body.apierror).toMatchObject({
        errorCode: 'WRONG_PASSWORD',
        errorMessageEng: 'The current password you entered is not correct.',
        errorMessageIdn: 'Kata sandi saat ini yang Anda masukkan tidak benar.',
      });
      expect(wrong.body.apierror.fields['/form/currentPassword']).toBeDefined();
      expect(await smsCount(c.phone)).toBe(0);
    },
  );

  it.each(CHANGES)(
    '%s keeps only the hash of the password it checked, and is verified by an OTP, never the app',
    async (flowId, own) => {
      const c = await credentialCustomer(db);
      const ok = await inquiry(c, flowId, own, PASSWORD);
      expect(ok.status).toBe(200);
      const { rows } = await db.query<{ form: Record<string, string>; quote: unknown }>(
        'SELECT form, quote FROM transaction_inquiries WHERE id = $1',
        [ok.body.inquiryId],
      );
      expect(rows[0]!.form.currentPassword).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(rows[0])).not.toContain(PASSWORD);
      const approval = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId: ok.body.inquiryId,
        method: 'approval',
      });
      expect(approval.status).toBe(400);
      expect(approval.body.apierror.errorCode).toBe('VERIFICATION_METHOD_NOT_ALLOWED');
      const otp = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId: ok.body.inquiryId,
        method: 'otp',
      });
      expect(otp.status).toBe(200);
    },
  );

  it('counts wrong passwords with the login: five lock the change and the login alike', async () => {
    const c = await credentialCustomer(db);
    const statuses: number[] = [];
    for (const [i, [flowId, own]] of [...CHANGES, CHANGES[0]!].entries())
      statuses.push((await inquiry(c, flowId, own, `Wrong@${i}xyz`)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 423, 423]);
    const locked = await inquiry(c, 'settings.change-email', CHANGES[0]![1], PASSWORD);
    expect(locked.status).toBe(423);
    expect(locked.body.apierror).toMatchObject({
      errorCode: 'REAUTH_LOCKED',
      errorMessageIdn: 'Terlalu banyak kata sandi yang salah. Silakan coba lagi dalam 30 menit.',
    });
    // One count: the same guesses locked the user id's login too (right password, another browser).
    const atLogin = await login(c.userId, PASSWORD);
    expect(atLogin.statusCode).toBe(423);
    expect(atLogin.json().apierror.errorCode).toBe('LOGIN_LOCKED');
  });

  it("adds to the login's count: guesses at the login page and here share five", async () => {
    const c = await credentialCustomer(db);
    for (let i = 0; i < 3; i++) expect((await login(c.userId, `Nope@${i}abc`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await inquiry(c, 'settings.change-email', CHANGES[0]![1], `Wrong@${i}xyz`)).status).toBe(422);
    expect((await login(c.userId, PASSWORD)).statusCode).toBe(423);
  });

  it("strangers' guesses at the login do not lock out a customer holding a session, nor does the customer lift their lock", async () => {
    const c = await credentialCustomer(db);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(c.userId, `Nope@${i}abc`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const ok = await inquiry(c, 'settings.change-email', CHANGES[0]![1], PASSWORD);
    expect(ok.status).toBe(200);
    // The lock the strangers made stays for every browser that is not a known one.
    expect((await login(c.userId, PASSWORD)).statusCode).toBe(423);
  });
});
