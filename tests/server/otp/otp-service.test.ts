import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { ApiError } from '../../../src/server/http/api-error';
import { maskPhone } from '../../../src/server/otp/otp-store';
import { bothEngines, insertCustomer, latestCode, uniquePhone, useTestApp } from '../../kit';

async function apiErrorOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe.each(bothEngines)('OTP service on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
  });

  it('sends a 6-digit code by SMS, stores only its hash, and accepts it exactly once', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
      context: 'a test',
    });
    expect(ch.refNumber).toMatch(/^[A-Z]{4}$/);
    expect(ch.maskedPhone).toBe(maskPhone(phone));
    expect(ch.maskedPhone).not.toContain(phone.slice(6, 10));
    expect(ch.resendsLeft).toBe(3);
    expect(Date.parse(ch.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(ch.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 2000);
    expect(Date.parse(ch.resendAvailableAt) - Date.now()).toBeGreaterThan(55_000);
    const code = await latestCode(db, phone);
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM otp_requests WHERE request_id = $1',
      [ch.requestId],
    );
    expect(rows[0]!.code_hash).not.toContain(code);
    // The key it was made with, then the HMAC.
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{8}:[0-9a-f]{64}$/);
    await app.otp.verify(db, ch.requestId, c.customerId, code);
    expect((await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, code))).errorCode).toBe(
      'OTP_EXPIRED',
    );
  });

  it('answers a wrong code inline with the attempts left, then freezes the phone for 30 minutes', async () => {
    const [p1, p2] = [uniquePhone(), uniquePhone()];
    const c = await insertCustomer(db, { phones: [p1, p2] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    const right = await latestCode(db, p1);
    const wrong = right === '000000' ? '111111' : '000000';
    const e1 = await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, wrong));
    expect(e1).toMatchObject({ statusCode: 400, sourceSystem: 'OTP', errorCode: 'OTP_05' });
    expect(e1.text.messageEng).toContain('2 attempts left');
    expect(e1.text.messageIdn).toContain('Sisa 2');
    expect(e1.fields?.['/otp']).toBeTruthy();
    const e2 = await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, wrong));
    expect(e2.text.messageEng).toContain('1 attempt left');
    const e3 = await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, wrong));
    expect(e3).toMatchObject({ statusCode: 423, errorCode: 'OTP_FROZEN' });
    expect(e3.text.messageEng).toContain('14041');
    // The right code no longer helps, and the phone refuses new codes.
    expect((await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, right))).errorCode).toBe(
      'OTP_FROZEN',
    );
    const again = await apiErrorOf(
      app.otp.issue(db, { customerId: c.customerId, phoneId: c.phoneIds[0]!, purpose: 'test' }),
    );
    expect(again.errorCode).toBe('OTP_FROZEN');
    const phones = await app.otp.phones(db, c.customerId);
    const frozenFor = Date.parse(phones[0]!.frozenUntil!) - Date.now();
    expect(frozenFor).toBeGreaterThan(29 * 60_000);
    expect(frozenFor).toBeLessThanOrEqual(30 * 60_000 + 2000);
    expect(phones[1]!.frozenUntil).toBeNull();

    // The other phone still works; freezing it too leaves nothing but the contact centre.
    const ch2 = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[1]!,
      purpose: 'test',
    });
    const right2 = await latestCode(db, p2);
    const wrong2 = right2 === '000000' ? '111111' : '000000';
    await apiErrorOf(app.otp.verify(db, ch2.requestId, c.customerId, wrong2));
    await apiErrorOf(app.otp.verify(db, ch2.requestId, c.customerId, wrong2));
    const all = await apiErrorOf(app.otp.verify(db, ch2.requestId, c.customerId, wrong2));
    expect(all).toMatchObject({ statusCode: 423, errorCode: 'OTP_ALL_FROZEN' });
    expect(all.text.messageIdn).toContain('14041');
    const issueAll = await apiErrorOf(
      app.otp.issue(db, { customerId: c.customerId, phoneId: c.phoneIds[1]!, purpose: 'test' }),
    );
    expect(issueAll.errorCode).toBe('OTP_ALL_FROZEN');

    // After 30 minutes the phone thaws.
    await db.query(`UPDATE customer_phones SET frozen_until = now() - interval '1 second' WHERE id = $1`, [
      c.phoneIds[0],
    ]);
    await app.otp.issue(db, { customerId: c.customerId, phoneId: c.phoneIds[0]!, purpose: 'test' });
  });

  it('refuses an expired code', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    const code = await latestCode(db, phone);
    await db.query(`UPDATE otp_requests SET expires_at = now() - interval '1 second' WHERE request_id = $1`, [
      ch.requestId,
    ]);
    expect(await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, code))).toMatchObject({
      statusCode: 400,
      errorCode: 'OTP_EXPIRED',
    });
  });

  it('holds resends behind the countdown, replaces the code, and stops at the maximum with OTP_09', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    const first = await latestCode(db, phone);
    expect(await apiErrorOf(app.otp.resend(db, ch.requestId, c.customerId))).toMatchObject({
      statusCode: 429,
      errorCode: 'OTP_RESEND_WAIT',
    });
    const skipCountdown = () =>
      db.query(
        `UPDATE otp_requests SET resend_available_at = now() - interval '1 second' WHERE request_id = $1`,
        [ch.requestId],
      );
    let last = ch;
    for (let i = 1; i <= 3; i++) {
      await skipCountdown();
      last = await app.otp.resend(db, ch.requestId, c.customerId);
      expect(last.requestId).toBe(ch.requestId);
      expect(last.resendsLeft).toBe(3 - i);
    }
    await skipCountdown();
    expect(await apiErrorOf(app.otp.resend(db, ch.requestId, c.customerId))).toMatchObject({
      statusCode: 429,
      sourceSystem: 'OTP',
      errorCode: 'OTP_09',
    });
    const current = await latestCode(db, phone);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1',
      [phone],
    );
    expect(rows[0]!.n).toBe(4);
    if (first !== current) {
      expect((await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, first))).errorCode).toBe(
        'OTP_05',
      );
    }
    await app.otp.verify(db, ch.requestId, c.customerId, current);
  });

  it('answers OTP_08 for a blocked user id', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    await db.query(`UPDATE customers SET cif_status = 'blocked' WHERE id = $1`, [c.customerId]);
    const e = await apiErrorOf(app.otp.verify(db, ch.requestId, c.customerId, await latestCode(db, phone)));
    expect(e).toMatchObject({ statusCode: 403, errorCode: 'OTP_08' });
    expect(e.text.messageEng).toBe('Used ID is blocked. Please call 14041 or visit the nearest branch');
    expect(
      (
        await apiErrorOf(
          app.otp.issue(db, { customerId: c.customerId, phoneId: c.phoneIds[0]!, purpose: 'x' }),
        )
      ).errorCode,
    ).toBe('OTP_08');
  });

  it("never lets one customer use another's request or phone", async () => {
    const phone = uniquePhone();
    const a = await insertCustomer(db, { phones: [phone] });
    const b = await insertCustomer(db, { phones: [uniquePhone()] });
    const ch = await app.otp.issue(db, {
      customerId: a.customerId,
      phoneId: a.phoneIds[0]!,
      purpose: 'test',
    });
    expect(
      (await apiErrorOf(app.otp.verify(db, ch.requestId, b.customerId, await latestCode(db, phone))))
        .errorCode,
    ).toBe('OTP_NOT_FOUND');
    expect(
      (
        await apiErrorOf(
          app.otp.issue(db, { customerId: b.customerId, phoneId: a.phoneIds[0]!, purpose: 'x' }),
        )
      ).errorCode,
    ).toBe('OTP_PHONE_NOT_FOUND');
  });

  it('consumes a right code once even when it is sent twice at the same time', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    const code = await latestCode(db, phone);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => app.otp.verify(db, ch.requestId, c.customerId, code)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('issues inside a caller transaction without waiting on itself', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await db.transaction((tx) =>
      app.otp.issue(tx, { customerId: c.customerId, phoneId: c.phoneIds[0]!, purpose: 'test' }),
    );
    await app.otp.verify(db, ch.requestId, c.customerId, await latestCode(db, phone));
  });
});
