import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { verifySecret } from '../../../src/server/auth/password';
import { readOutbox } from '../../../src/server/sms/gateway';
import { seedRegistrationHolders, REGISTRATION_HOLDERS } from '../../../src/server/registration/seed';
import { testDbs, useTestApp } from '../../kit';

const holder = (cif: string) => REGISTRATION_HOLDERS.find((h) => h.cif === cif)!;

describe.each(testDbs)('registration API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: true, seed: seedRegistrationHolders });
  beforeAll(async () => {
    ({ app, db } = t);
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
  const lastCode = async (to: string) => {
    const [msg] = await readOutbox(db, to, 1);
    return /(\d{6})/.exec(msg!.text)![1]!;
  };
  const casa = (cif: string, over: Record<string, string> = {}) => {
    const c = holder(cif).casa!;
    return post('/api/v1/registration/validateaccount/casa', {
      accountNumber: c.accountNo,
      atmCardLast4: c.atmCardLast4,
      atmPin: c.atmPin,
      ...over,
    });
  };
  const userInfo = (token: string, over: Record<string, unknown> = {}) =>
    post('/api/v1/registration/validateregistration', {
      token,
      userId: 'agus2026',
      password: 'Agus@2026',
      secureWord: 'rambutan',
      email: 'agus@example.co.id',
      promoCode: '',
      referralCode: '',
      salesCode: '',
      mobileLogin: true,
      appPin: '804271',
      ...over,
    });

  it('seeds the holders once: a second run creates nothing', async () => {
    expect(await seedRegistrationHolders(db)).toBe(0);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM customers WHERE cif LIKE 'REG%' AND user_id IS NULL`,
    );
    expect(rows[0]!.n).toBe(REGISTRATION_HOLDERS.length);
  });

  it('answers wrong ATM PIN with CLICKS 0005 and a blocked CIF with 0007 and the server text', async () => {
    const wrong = await casa('REG0004', { atmPin: '000001' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: '0005' });
    const blocked = await casa('REG0007');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().apierror.errorCode).toBe('0007');
    // The core bank's text, each language on its own (never both at once).
    expect(blocked.json().apierror.errorMessageEng).toBe(holder('REG0007').blockedText!.en);
    expect(blocked.json().apierror.errorMessageIdn).toBe(holder('REG0007').blockedText!.id);
    expect(blocked.json().apierror.errorMessageIdn).not.toContain(' / ');
  });

  it('rejects empty, malformed and rule-breaking bodies with a 4xx apierror', async () => {
    const empty = await post('/api/v1/registration/validateaccount/casa', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().apierror.errorCode).toBe('INVALID_REQUEST');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/registration/validateaccount/cc',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    const short = await casa('REG0004', { accountNumber: '12345678901' });
    expect(short.statusCode).toBe(400);
    expect(short.json().apierror.fields['/accountNumber'].eng).toBe(
      'Your input has to be within 12-13 digits',
    );
    const extra = await post('/api/v1/registration/validateaccount/cc', {
      cardNumber: '4567890123456789',
      dateOfBirth: '1985-04-12',
      admin: true,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('registers a savings holder end to end, then refuses a second registration with 0021', async () => {
    const v = await casa('REG0001');
    expect(v.statusCode).toBe(200);
    const { token } = v.json();
    const weak = await userInfo(token, { password: 'agus2026' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().apierror.fields['/password'].eng).toMatch(/special character/);
    const ui = await userInfo(token);
    expect(ui.statusCode).toBe(200);
    const [phone] = ui.json().phones;
    expect(phone.maskedPhone).toContain('****');
    const sent = await post('/api/v1/registration/sendregistrationotp', { token, phoneId: phone.phoneId });
    expect(sent.statusCode).toBe(200);
    const { requestId } = sent.json();
    const wrong = await post('/api/v1/registration/validateotpregister', { token, requestId, otp: '000000' });
    expect(wrong.json().apierror.errorCode).toBe('OTP_05');
    const code = await lastCode(holder('REG0001').phones[0]!);
    const ok = await post('/api/v1/registration/validateotpregister', { token, requestId, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('agus@example.co.id');
    const emailCode = await lastCode('agus@example.co.id');
    const done = await post('/api/v1/registration/validateotpregister/email', { token, otp: emailCode });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'success', userId: 'agus2026' });

    const { rows } = await db.query<{
      user_id: string;
      secure_word: string;
      password_hash: string;
      app_pin_hash: string;
    }>(
      `SELECT c.user_id, c.secure_word, k.password_hash, k.app_pin_hash
         FROM customers c JOIN credentials k ON k.customer_id = c.id WHERE c.cif = 'REG0001'`,
    );
    expect(rows[0]!.user_id).toBe('agus2026');
    expect(rows[0]!.secure_word).toBe('rambutan');
    expect(await verifySecret(rows[0]!.password_hash, 'Agus@2026')).toBe(true);
    expect(await verifySecret(rows[0]!.app_pin_hash, '804271')).toBe(true);

    const again = await casa('REG0001');
    expect(again.statusCode).toBe(409);
    expect(again.json().apierror.errorCode).toBe('0021');
  });

  it('refuses a user id already taken, and a step out of order', async () => {
    const { token } = (await casa('REG0004')).json();
    const taken = await userInfo(token, { userId: 'AGUS2026' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().apierror.fields['/userId']).toBeTruthy();
    const early = await post('/api/v1/registration/validateotpregister/email', { token, otp: '123456' });
    expect(early.statusCode).toBe(409);
  });

  it('reports partial success when the app registration fails, and stores no app PIN', async () => {
    const { token } = (await casa('REG0003')).json();
    const ui = await userInfo(token, { userId: 'hendra01', email: 'hendra@example.com' });
    const phoneId = ui.json().phones[0].phoneId;
    const { requestId } = (await post('/api/v1/registration/sendregistrationotp', { token, phoneId })).json();
    const code = await lastCode(holder('REG0003').phones[0]!);
    await post('/api/v1/registration/validateotpregister', { token, requestId, otp: code });
    const done = await post('/api/v1/registration/validateotpregister/email', {
      token,
      otp: await lastCode('hendra@example.com'),
    });
    expect(done.json().outcome).toBe('partial');
    const { rows } = await db.query<{ app_pin_hash: string | null }>(
      `SELECT app_pin_hash FROM credentials k JOIN customers c ON c.id = k.customer_id WHERE c.cif = 'REG0003'`,
    );
    expect(rows[0]!.app_pin_hash).toBeNull();
  });

  it('freezes a phone after three wrong codes; the holder picks the other phone', async () => {
    const { token } = (await casa('REG0002')).json();
    const ui = await userInfo(token, {
      userId: 'lestari88',
      email: 'lestari@example.com',
      mobileLogin: false,
      appPin: undefined,
    });
    expect(ui.statusCode).toBe(200);
    const [first, second] = ui.json().phones;
    const { requestId } = (
      await post('/api/v1/registration/sendregistrationotp', { token, phoneId: first.phoneId })
    ).json();
    let last;
    for (let i = 0; i < 3; i++)
      last = await post('/api/v1/registration/validateotpregister', { token, requestId, otp: '999999' });
    expect(last!.statusCode).toBe(423);
    expect(last!.json().apierror.errorCode).toBe('OTP_FROZEN');
    const frozenAgain = await post('/api/v1/registration/sendregistrationotp', {
      token,
      phoneId: first.phoneId,
    });
    expect(frozenAgain.json().apierror.errorCode).toBe('OTP_FROZEN');
    const other = await post('/api/v1/registration/sendregistrationotp', { token, phoneId: second.phoneId });
    expect(other.statusCode).toBe(200);
  });

  it('registers by credit card; the resend waits for the countdown', async () => {
    const h = holder('REG0005');
    const v = await post('/api/v1/registration/validateaccount/cc', {
      cardNumber: h.creditCard!.cardNumber,
      dateOfBirth: h.dateOfBirth,
    });
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ registrationType: 'cc', fullName: 'Rudi Hartono' });
    const wrongDob = await post('/api/v1/registration/validateaccount/cc', {
      cardNumber: h.creditCard!.cardNumber,
      dateOfBirth: '1985-04-13',
    });
    expect(wrongDob.json().apierror.errorCode).toBe('0005');
    const { token } = v.json();
    const ui = await userInfo(token, { userId: 'rudi2026', email: 'rudi@example.com' });
    const { phoneId } = ui.json().phones[0];
    const first = await post('/api/v1/registration/sendregistrationotp', { token, phoneId });
    expect(Date.parse(first.json().resendAvailableAt)).toBeGreaterThan(Date.now() + 50_000);
    const early = await post('/api/v1/registration/sendregistrationotp', { token, phoneId, resend: true });
    expect(early.statusCode).toBe(429);
    expect(early.json().apierror.errorCode).toBe('OTP_RESEND_WAIT');
  });

  it('extends the registration token through extendcache and refuses an unknown one', async () => {
    const { token } = (await casa('REG0004')).json();
    const ok = await post('/api/v1/registration/extendcache', {}, { access_token: token });
    expect(ok.statusCode).toBe(200);
    expect(Date.parse(ok.json().expiresAt)).toBeGreaterThan(Date.now());
    const bad = await post('/api/v1/registration/extendcache', {}, { access_token: 'x'.repeat(43) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().apierror.errorCode).toBe('INVALID_TOKEN');
    // A registration token is not a card-activation secret token.
    const cross = await post('/api/v1/registration/cardActivation/extendcache', {}, { access_token: token });
    expect(cross.statusCode).toBe(401);
  });

  it('rate-limits failed credential checks per client address', async () => {
    const ip = '10.9.9.9';
    let res;
    for (let i = 0; i < 10; i++)
      res = await post(
        '/api/v1/registration/validateaccount/cc',
        { cardNumber: '4000000000000002', dateOfBirth: '1990-01-01' },
        {},
        ip,
      );
    expect(res!.statusCode).toBe(422);
    const limited = await post(
      '/api/v1/registration/validateaccount/cc',
      { cardNumber: '4567890123456789', dateOfBirth: '1985-04-12' },
      {},
      ip,
    );
    expect(limited.statusCode).toBe(429);
    // Another address is not affected.
    const fine = await post('/api/v1/registration/validateaccount/cc', {
      cardNumber: '4567890123456789',
      dateOfBirth: '1985-04-12',
    });
    expect(fine.statusCode).toBe(200);
  });

  it('activates a credit card: OTP, temporary PIN check, new PIN; then 0021', async () => {
    const CA = '/api/v1/registration/cardActivation';
    const h = holder('REG0009');
    const v = await post(`${CA}/validatecc`, {
      cardNumber: h.creditCard!.cardNumber,
      dateOfBirth: h.dateOfBirth,
    });
    expect(v.statusCode).toBe(200);
    const { secretToken, phones } = v.json();
    expect((await post(`${CA}/extendcache`, {}, { access_token: secretToken })).statusCode).toBe(200);
    const early = await post(`${CA}/ccpinreset`, {
      secretToken,
      temporaryPin: '170845',
      newPin: '802417',
      confirmPin: '802417',
    });
    expect(early.statusCode).toBe(409);
    const { requestId } = (
      await post(`${CA}/generateotpcc`, { secretToken, phoneId: phones[0].phoneId })
    ).json();
    const ok = await post(`${CA}/validateotpactivationcc`, {
      secretToken,
      requestId,
      otp: await lastCode(h.phones[0]!),
    });
    expect(ok.statusCode).toBe(200);
    const easy = await post(`${CA}/ccpinreset`, {
      secretToken,
      temporaryPin: '170845',
      newPin: '123456',
      confirmPin: '123456',
    });
    expect(easy.json().apierror.fields['/newPin'].eng).toBe('PIN is not acceptable');
    const mismatch = await post(`${CA}/ccpinreset`, {
      secretToken,
      temporaryPin: '170845',
      newPin: '802417',
      confirmPin: '802418',
    });
    expect(mismatch.json().apierror.fields['/confirmPin'].eng).toBe('PINs do not match');
    const wrongTemp = await post(`${CA}/ccpinreset`, {
      secretToken,
      temporaryPin: '111222',
      newPin: '802417',
      confirmPin: '802417',
    });
    expect(wrongTemp.json().apierror.errorCode).toBe('0005');
    const done = await post(`${CA}/ccpinreset`, {
      secretToken,
      temporaryPin: '170845',
      newPin: '802417',
      confirmPin: '802417',
    });
    expect(done.statusCode).toBe(200);
    const { rows } = await db.query<{ status: string; pin_hash: string }>(
      'SELECT status, pin_hash FROM credit_cards WHERE card_number = $1',
      [h.creditCard!.cardNumber],
    );
    expect(rows[0]!.status).toBe('active');
    expect(await verifySecret(rows[0]!.pin_hash, '802417')).toBe(true);
    const again = await post(`${CA}/validatecc`, {
      cardNumber: h.creditCard!.cardNumber,
      dateOfBirth: h.dateOfBirth,
    });
    expect(again.json().apierror.errorCode).toBe('0021');
  });

  it('validates an e-mail address and gives the live-chat URL and onboarding configuration', async () => {
    expect((await post('/api/usersettings/v1/non/email-validation', { email: 'a@b.co.id' })).statusCode).toBe(
      200,
    );
    const bad = await post('/api/usersettings/v1/non/email-validation', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().apierror.fields['/email'].eng).toBe('Enter a valid email address');
    const chat = await post('/api/usersettings/v1/non/geturllivechatbeforelogin', {});
    expect(chat.json().usersettingsresponse.liveChatUrl).toMatch(/^\/standins\/livechat\//);
    const page = await app.inject({ method: 'GET', url: '/standins/livechat/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/standins/livechat.js');
    const cfg = (await post('/api/v1/registration/onboarding/config', {})).json();
    expect(cfg).toMatchObject({ baseUrl: '/standins/onboarding', merchantCode: 'OCTOWEB' });
    const ping = await app.inject({ method: 'GET', url: cfg.imageCheckUrl });
    expect(ping.headers['content-type']).toBe('image/gif');
    // The stand-in onboarding page may be framed by our pages and use the camera and microphone.
    const onboarding = await app.inject({
      method: 'GET',
      url: `${cfg.baseUrl}/open-account?merchantCode=OCTOWEB`,
    });
    expect(onboarding.statusCode).toBe(200);
    expect(String(onboarding.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(onboarding.headers['permissions-policy'] ?? '')).not.toMatch(/camera=\(\)|microphone=\(\)/);
    expect(onboarding.body).toContain('/standins/onboarding.js');
  });
});
