import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { PASSWORD, changeCredential, credentialCustomer, typedPhone } from './credential-fixtures';
import { post, testDbs, transact, useTestApp } from '../../kit';

const NEW = 'Baru#2027';

// Issue 21 item 9: change the password (re-authenticate with the current one, OTP, spec section 5's
// rules, every other session ended); and every credential change ends the other sessions.
describe.each(testDbs)('password change and sessions on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  const customer = () => credentialCustomer(db);
  const login = (userId: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-browser-id': `login-${userId}` },
      payload: { userId, password },
    });
  const alive = async (headers: Record<string, string>) =>
    (await post(app, '/api/v1/session/me', headers, {})).status === 200;

  it('changes the password after the current one and an OTP; every other session ends', async () => {
    const c = await customer();
    const { inquiry, receipt } = await transact(app, db, c, 'settings.change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({ userId: c.userId });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.sessionsEnded.eng).toBe('1 other session(s) logged out');
    expect(JSON.stringify(receipt.body)).not.toContain(NEW);
    expect(await alive(c.headers)).toBe(true);
    expect(await alive(c.other)).toBe(false);
    expect((await login(c.userId, PASSWORD)).statusCode).toBe(401);
    expect((await login(c.userId, NEW)).statusCode).toBe(200);
  });

  it("refuses a wrong current password, the spec's rules and a repeat, changing nothing", async () => {
    const c = await customer();
    const ask = (form: Record<string, string>) =>
      post(app, '/api/transaction/v1/inquiry', c.headers, { flowId: 'settings.change-password', form });
    const wrong = await ask({ currentPassword: 'Salah@2026', newPassword: NEW, confirmPassword: NEW });
    expect(wrong.status).toBe(422);
    expect(wrong.body.apierror).toMatchObject({
      errorCode: 'WRONG_PASSWORD',
      errorMessageIdn: 'Kata sandi saat ini yang Anda masukkan tidak benar.',
    });
    // Section 5: 8-14, upper and lower case, a digit, a special character, no spaces.
    for (const bad of ['Sh@1', 'Waytoolong@20261', 'nouppercase@1', 'NoSpecial12', 'Has space@1']) {
      const r = await ask({ currentPassword: PASSWORD, newPassword: bad, confirmPassword: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.apierror.fields['/form/newPassword'], bad).toBeDefined();
    }
    const same = await ask({ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(same.body.apierror).toMatchObject({
      errorCode: 'PASSWORD_SAME_AS_OLD',
      errorMessageEng: 'The new password must be different from your current one.',
    });
    const mismatch = await ask({ currentPassword: PASSWORD, newPassword: NEW, confirmPassword: 'Baru#2028' });
    expect(mismatch.body.apierror.errorCode).toBe('PASSWORD_MISMATCH');
    expect((await login(c.userId, PASSWORD)).statusCode).toBe(200);
    expect(await alive(c.other)).toBe(true);
  });

  it('refuses a password containing the user ID or the secure word', async () => {
    const c = await customer();
    await db.query("UPDATE customers SET user_id = $2, secure_word = 'Mangga' WHERE id = $1", [
      c.customerId,
      `kiwi${c.customerId}`,
    ]);
    for (const pw of [`Q@1Kiwi${c.customerId}`, 'X1@mangga']) {
      const r = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'settings.change-password',
        form: { currentPassword: PASSWORD, newPassword: pw, confirmPassword: pw },
      });
      expect(r.status, pw).toBe(422);
      expect(r.body.apierror.errorCode).toBe('PASSWORD_CONTAINS_CREDENTIAL');
    }
  });

  it.each([
    ['settings.change-email', { newEmail: 'baru@example.co.id' }],
    ['settings.change-mobile-number', { newMobileNumber: typedPhone() }],
    ['settings.change-user-id', { newUserId: `newid${Date.now().toString(36)}` }],
    ['settings.change-secure-word', { newSecureWord: 'SunflowerSky' }],
  ])('%s ends every other session too', async (flowId, form) => {
    const c = await customer();
    const { receipt } = await changeCredential(app, db, c, flowId, form);
    expect(receipt.status).toBe(200);
    expect(await alive(c.headers)).toBe(true);
    expect(await alive(c.other)).toBe(false);
  });
});
