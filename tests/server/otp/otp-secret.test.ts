import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { ApiError } from '../../../src/server/http/api-error';
import { bothEngines, insertCustomer, latestCode, uniquePhone } from '../../kit';

async function errorCodeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err.errorCode;
    throw err;
  }
  return 'ok';
}

// Issue 17 item 3: the OTP key was drawn per process unless OTP_SECRET was set, so a restart (or
// another app server) could check no code in flight, and each try counted as wrong until the phone froze.
describe.each(bothEngines)('the OTP key is shared by every app server and restart on $name', (engine) => {
  const { openTwice } = engine;
  let dbs: { first: Db; second: Db; close(): Promise<void> };
  const apps: FastifyInstance[] = [];
  const start = async (db: Db) => {
    const app = await buildApp({ db });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    delete process.env.OTP_SECRET;
    dbs = await openTwice();
  });
  afterEach(() => {
    delete process.env.OTP_SECRET;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await dbs?.close();
  });

  it('a code sent by one app server is checked by another, and by the first after a restart', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(dbs.first, { phones: [phone] });
    const a = await start(dbs.first);
    const b = await start(dbs.second);
    const ch = await a.otp.issue(dbs.first, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    expect(
      await errorCodeOf(
        b.otp.verify(dbs.second, ch.requestId, c.customerId, await latestCode(dbs.first, phone)),
      ),
    ).toBe('ok');
    const ch2 = await a.otp.issue(dbs.first, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    await a.close();
    const restarted = await start(dbs.first);
    expect(
      await errorCodeOf(
        restarted.otp.verify(dbs.first, ch2.requestId, c.customerId, await latestCode(dbs.first, phone)),
      ),
    ).toBe('ok');
  });

  it('a code the server can no longer check (its key was changed) is answered expired and never counted as wrong', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(dbs.first, { phones: [phone] });
    const before = await start(dbs.first);
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push(
        await before.otp.issue(dbs.first, {
          customerId: c.customerId,
          phoneId: c.phoneIds[0]!,
          purpose: 'test',
        }),
      );
    process.env.OTP_SECRET = 'a-key-set-after-the-codes-were-sent';
    const after = await start(dbs.first);
    for (const ch of sent)
      expect(await errorCodeOf(after.otp.verify(dbs.first, ch.requestId, c.customerId, '123456'))).toBe(
        'OTP_EXPIRED',
      );
    const { rows } = await dbs.first.query<{ wrong: number; frozen: boolean }>(
      `SELECT otp_wrong AS wrong, coalesce(frozen_until > now(), false) AS frozen FROM customer_phones WHERE id = $1`,
      [c.phoneIds[0]],
    );
    expect(rows[0]).toEqual({ wrong: 0, frozen: false });
    // A new code, made under the new key, works.
    const fresh = await after.otp.issue(dbs.first, {
      customerId: c.customerId,
      phoneId: c.phoneIds[0]!,
      purpose: 'test',
    });
    expect(
      await errorCodeOf(
        after.otp.verify(dbs.first, fresh.requestId, c.customerId, await latestCode(dbs.first, phone)),
      ),
    ).toBe('ok');
  });
});
