import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { ApiError } from '../../../src/server/http/api-error';
import { bothEngines, insertCustomer, latestCode, uniquePhone, useTestApp } from '../../kit';

async function errorCodeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err.errorCode;
    throw err;
  }
  return 'ok';
}

// Issue 17 item 2: asking for a new code reset the wrong-code count, so 30 wrong codes went by
// without a freeze. Wrong codes now count per phone and per customer, across codes.
describe.each(bothEngines)('OTP guessing across codes on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
  });

  /** A wrong code for the newest SMS to this phone. */
  const wrongFor = async (phone: string) =>
    (await latestCode(db, phone)) === '000000' ? '111111' : '000000';

  it('freezes the phone at the third wrong code however many new codes were asked for', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const ch = await app.otp
        .issue(db, { customerId: c.customerId, phoneId: c.phoneIds[0]!, purpose: 'test' })
        .catch((e: ApiError) => e);
      if (ch instanceof ApiError) {
        outcomes.push(ch.errorCode);
        break;
      }
      outcomes.push(await errorCodeOf(app.otp.verify(db, ch.requestId, c.customerId, await wrongFor(phone))));
    }
    expect(outcomes).toEqual(['OTP_05', 'OTP_05', 'OTP_ALL_FROZEN', 'OTP_ALL_FROZEN']);
    const { rows } = await db.query<{ frozen: boolean }>(
      `SELECT frozen_until > now() + interval '29 minutes' AS frozen FROM customer_phones WHERE id = $1`,
      [c.phoneIds[0]],
    );
    expect(rows[0]!.frozen).toBe(true);
  });

  it('counts across resends too, and a right code starts the count again', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone] });
    const ch = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    expect(await errorCodeOf(app.otp.verify(db, ch.requestId, c.customerId, await wrongFor(phone)))).toBe(
      'OTP_05',
    );
    expect(await errorCodeOf(app.otp.verify(db, ch.requestId, c.customerId, await wrongFor(phone)))).toBe(
      'OTP_05',
    );
    expect(
      await errorCodeOf(app.otp.verify(db, ch.requestId, c.customerId, await latestCode(db, phone))),
    ).toBe('ok');
    // Two more wrong codes after the right one: not frozen (the count started again).
    const ch2 = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    expect(await errorCodeOf(app.otp.verify(db, ch2.requestId, c.customerId, await wrongFor(phone)))).toBe(
      'OTP_05',
    );
    await db.query(`UPDATE otp_requests SET resend_available_at = now() WHERE request_id = $1`, [
      ch2.requestId,
    ]);
    const again = await app.otp.resend(db, ch2.requestId, c.customerId);
    expect(await errorCodeOf(app.otp.verify(db, again.requestId, c.customerId, await wrongFor(phone)))).toBe(
      'OTP_05',
    );
    const ch3 = await app.otp.issue(db, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    expect(await errorCodeOf(app.otp.verify(db, ch3.requestId, c.customerId, await wrongFor(phone)))).toBe(
      'OTP_ALL_FROZEN',
    );
  });

  it('switching phones buys no more guesses: six wrong codes freeze every phone of the customer', async () => {
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    const c = await insertCustomer(db, { phones });
    const outcomes: string[] = [];
    for (const [i, phone] of phones.entries()) {
      for (let k = 0; k < 2; k++) {
        const ch = await app.otp.issue(db, {
          customerId: c.customerId,
          phoneId: c.phoneIds[i]!,
          purpose: 'test',
        });
        outcomes.push(
          await errorCodeOf(app.otp.verify(db, ch.requestId, c.customerId, await wrongFor(phone))),
        );
      }
    }
    expect(outcomes).toEqual(['OTP_05', 'OTP_05', 'OTP_05', 'OTP_05', 'OTP_05', 'OTP_ALL_FROZEN']);
    const phonesNow = await app.otp.phones(db, c.customerId);
    expect(phonesNow.every((p) => p.frozenUntil !== null)).toBe(true);
  });
});
