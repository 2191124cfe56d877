import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { NEW_PHONE_CODES_PER_DAY } from '../../../src/server/settings/new-phone-code';
import { PASSWORD, credentialCustomer, e164, sendNewNumber, typedPhone } from './credential-fixtures';
import { bothEngines, type Customer, latestCode, post, uniquePhone, useTestApp } from '../../kit';

// Issue 21 item 9: a new mobile number is proved by a code texted to it, then the change is verified by
// an OTP to the registered number. Both engines: a new table (migration 280) and its time arithmetic.
describe.each(bothEngines)('changing the mobile number on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  const phones = async (c: Customer) =>
    (
      await db.query<{ phone: string }>(
        'SELECT phone FROM customer_phones WHERE customer_id = $1 ORDER BY id',
        [c.customerId],
      )
    ).rows.map((r) => r.phone);
  const texts = async (phone: string) =>
    (await db.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1', [phone])).rows.map(
      (r) => r.text,
    );
  const finalInquiry = (c: Customer, stepToken: string, newPhoneCode: string, currentPassword = PASSWORD) =>
    post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.change-mobile-number',
      form: { newPhoneCode, currentPassword },
      stepToken,
    });
  const alive = async (headers: Record<string, string>) =>
    (await post(app, '/api/v1/session/me', headers, {})).status === 200;

  it('texts a code to the new number, then takes it with the password and an OTP to the old number', async () => {
    const c = await credentialCustomer(db);
    const number = typedPhone();
    const step = await sendNewNumber(app, c, number);
    expect(step.status).toBe(200);
    expect(step.body.details.codeSentTo).toMatch(/^\+62812\*+\d{4}$/);
    // The new number got a code; the registered number nothing yet.
    expect(await texts(e164(number))).toEqual([
      expect.stringMatching(/^Kode \d{6} untuk memverifikasi nomor/),
    ]);
    expect(await texts(c.phone)).toEqual([]);
    const code = await latestCode(db, e164(number));
    const wrong = await finalInquiry(c, step.body.stepToken, code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.apierror).toMatchObject({
      errorCode: 'NEW_PHONE_CODE_WRONG',
      errorMessageEng: 'The code is not correct. 2 attempts left.',
    });
    expect(wrong.body.apierror.fields['/form/newPhoneCode']).toBeDefined();
    const ok = await finalInquiry(c, step.body.stepToken, code);
    expect(ok.status).toBe(200);
    expect(ok.body.details.newValue).toBe(`${e164(number).slice(0, 6)}****${number.slice(-4)}`);
    const { rows } = await db.query<{ form: Record<string, string> }>(
      'SELECT form FROM transaction_inquiries WHERE id = $1',
      [ok.body.inquiryId],
    );
    expect(rows[0]!.form.newPhoneCode).toMatch(/^\$argon2id\$/);
    const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
      inquiryId: ok.body.inquiryId,
      method: 'otp',
    });
    expect(ver.body.otp.maskedPhone.slice(-4)).toBe(c.phone.slice(-4));
    const receipt = await post(app, '/api/transaction/v1/confirm', c.headers, {
      inquiryId: ok.body.inquiryId,
      idempotencyKey: `key-mobile-${c.customerId}-${Date.now()}`,
      otp: await latestCode(db, c.phone),
    });
    expect(receipt.status).toBe(200);
    expect(await phones(c)).toEqual([e164(number)]);
    expect(await alive(c.headers)).toBe(true);
    expect(await alive(c.other)).toBe(false);
    // The proof is used up: a second change to that number needs a new code.
    const { rows: proof } = await db.query(
      'SELECT used_at IS NOT NULL AS used FROM new_phone_codes WHERE customer_id = $1',
      [c.customerId],
    );
    expect(proof).toEqual([{ used: true }]);
  });

  it('refuses a number already registered, with no SMS; the old number stays', async () => {
    const c = await credentialCustomer(db);
    const second = uniquePhone();
    await db.query('INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2)', [
      c.customerId,
      second,
    ]);
    const same = await sendNewNumber(app, c, `0${c.phone.slice(3)}`);
    expect(same.status).toBe(422);
    expect(same.body.apierror.errorCode).toBe('SAME_AS_CURRENT');
    const other = await sendNewNumber(app, c, second);
    expect(other.status).toBe(422);
    expect(other.body.apierror).toMatchObject({
      errorCode: 'PHONE_ALREADY_REGISTERED',
      errorMessageIdn: 'Nomor ini sudah menjadi salah satu nomor ponsel terdaftar Anda.',
    });
    expect(other.body.apierror.fields['/form/newMobileNumber']).toBeDefined();
    expect(await texts(c.phone)).toEqual([]);
    expect(await texts(second)).toEqual([]);
    expect(await phones(c)).toEqual([c.phone, second]);
  });

  it('sends one code a minute and a few a day; a code dies after three wrong tries or five minutes', async () => {
    const c = await credentialCustomer(db);
    const first = typedPhone();
    expect((await sendNewNumber(app, c, first)).status).toBe(200);
    const soon = await sendNewNumber(app, c, typedPhone());
    expect(soon.status).toBe(429);
    expect(soon.body.apierror.errorCode).toBe('OTP_RESEND_WAIT');
    // Three wrong tries: the right code no longer helps.
    const step = await (async () => {
      await db.query(
        `UPDATE new_phone_codes SET created_at = created_at - interval '2 minutes' WHERE customer_id = $1`,
        [c.customerId],
      );
      return sendNewNumber(app, c, first);
    })();
    const code = await latestCode(db, e164(first));
    const bad = code === '111111' ? '222222' : '111111';
    const tries = [];
    for (let i = 0; i < 3; i++)
      tries.push((await finalInquiry(c, step.body.stepToken, bad)).body.apierror.errorCode);
    expect(tries).toEqual(['NEW_PHONE_CODE_WRONG', 'NEW_PHONE_CODE_WRONG', 'NEW_PHONE_CODE_EXPIRED']);
    expect((await finalInquiry(c, step.body.stepToken, code)).body.apierror.errorCode).toBe(
      'NEW_PHONE_CODE_EXPIRED',
    );
    // Past its five minutes.
    await db.query(
      `UPDATE new_phone_codes SET created_at = created_at - interval '2 minutes' WHERE customer_id = $1`,
      [c.customerId],
    );
    const again = await sendNewNumber(app, c, first);
    await db.query(
      `UPDATE new_phone_codes SET expires_at = now() - interval '1 second' WHERE customer_id = $1`,
      [c.customerId],
    );
    const late = await finalInquiry(c, again.body.stepToken, await latestCode(db, e164(first)));
    expect(late.body.apierror.errorCode).toBe('NEW_PHONE_CODE_EXPIRED');
    // The day's codes: each an SMS to a number the bank does not know yet.
    await db.query(
      `UPDATE new_phone_codes SET created_at = created_at - interval '2 minutes' WHERE customer_id = $1`,
      [c.customerId],
    );
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_phone_codes WHERE customer_id = $1',
      [c.customerId],
    );
    for (let i = rows[0]!.n; i < NEW_PHONE_CODES_PER_DAY; i++)
      await db.query(
        `INSERT INTO new_phone_codes (request_id, customer_id, phone, code_hash, expires_at, created_at)
         VALUES ($1, $2, '+6280000', 'x:y', now(), now() - interval '2 minutes')`,
        [`filler-${c.customerId}-${i}`, c.customerId],
      );
    const limit = await sendNewNumber(app, c, typedPhone());
    expect(limit.status).toBe(429);
    expect(limit.body.apierror).toMatchObject({
      errorCode: 'OTP_09',
      errorTitleEng: 'OTP Resend Maximum Limit',
    });
  });

  it('two requests for a new number at once (a double tap, two tabs) send one code: one row, one SMS, the other refused', async () => {
    const c = await credentialCustomer(db);
    const number = typedPhone();
    const answers = await Promise.all([1, 2, 3].map(() => sendNewNumber(app, c, number)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    for (const a of answers.filter((x) => x.status === 429))
      expect(a.body.apierror).toMatchObject({ errorCode: 'OTP_RESEND_WAIT' });
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_phone_codes WHERE customer_id = $1',
      [c.customerId],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await texts(e164(number))).toHaveLength(1);
  });

  it('a wrong password leaves the code untried; a proof that lapsed before confirm changes nothing', async () => {
    const c = await credentialCustomer(db);
    const number = typedPhone();
    const step = await sendNewNumber(app, c, number);
    const code = await latestCode(db, e164(number));
    const wrongPassword = await finalInquiry(c, step.body.stepToken, code, 'Salah@2026');
    expect(wrongPassword.body.apierror.errorCode).toBe('WRONG_PASSWORD');
    const { rows } = await db.query(
      'SELECT wrong_attempts, verified_at FROM new_phone_codes WHERE customer_id = $1',
      [c.customerId],
    );
    expect(rows).toEqual([{ wrong_attempts: 0, verified_at: null }]);
    const ok = await finalInquiry(c, step.body.stepToken, code);
    expect(ok.status).toBe(200);
    await post(app, '/api/transaction/v1/verification', c.headers, {
      inquiryId: ok.body.inquiryId,
      method: 'otp',
    });
    await db.query(
      `UPDATE new_phone_codes SET verified_at = now() - interval '16 minutes' WHERE customer_id = $1`,
      [c.customerId],
    );
    const receipt = await post(app, '/api/transaction/v1/confirm', c.headers, {
      inquiryId: ok.body.inquiryId,
      idempotencyKey: `late-mobile-${c.customerId}-${Date.now()}`,
      otp: await latestCode(db, c.phone),
    });
    expect(receipt.status).toBe(422);
    expect(receipt.body.apierror.errorCode).toBe('NEW_PHONE_CODE_EXPIRED');
    expect(await phones(c)).toEqual([c.phone]);
    expect(await alive(c.other)).toBe(true);
  });
});
