import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { hashSecret } from '../../../src/server/auth/password';
import { enrolDevice } from '../../../src/server/approvals/devices';
import { bothEngines, client, makeCustomer, useTestApp } from '../../kit';

// Issue 17 item 4: the companion app during a lock. A device the customer enrolled (with an SMS code)
// still gets in with the right app PIN when others' guesses locked the user id; its own wrong PINs
// lock it; a device not enrolled stays locked out and gets no SMS.
describe.each(bothEngines)('the companion app during a lock-out on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
  });

  const pin = (userId: string, device: string, appPin: string) =>
    app.inject({
      method: 'POST',
      url: '/api/mobile/v1/login',
      headers: { 'x-browser-id': device },
      payload: { userId, appPin },
    });

  /** A customer with the app on an enrolled phone, whose user id an attacker then locked from the web. */
  async function lockedByOthers(userId: string) {
    const { id, phones } = await makeCustomer(db, { userId, password: 'Lock@2026' });
    await db.query(`UPDATE credentials SET app_pin_hash = $2 WHERE customer_id = $1`, [
      id,
      await hashSecret('482916'),
    ]);
    await enrolDevice(db, id, 'phone-own');
    const attacker = client(app);
    const statuses: number[] = [];
    for (const pw of ['Bad@1xyz', 'Bad@2xyz', 'Bad@3xyz', 'Bad@4xyz', 'Bad@5xyz'])
      statuses.push((await attacker.post('/api/v1/login', { userId, password: pw })).statusCode);
    expect(statuses.at(-1)).toBe(423);
    return { id, phones };
  }

  const smsCount = async (phone: string) =>
    (await db.query(`SELECT 1 FROM sms_outbox WHERE phone = $1`, [phone])).rows.length;

  it('lets the enrolled device in with the right PIN, and the lock stays for every other device', async () => {
    const { phones } = await lockedByOthers('applock01');
    const own = await pin('applock01', 'phone-own', '482916');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'ok', customer: { fullName: 'Test Customer' } });
    expect(own.headers['access_token']).toBe(own.json().accessToken);
    // Another device with the right PIN: locked, and no enrolment SMS is sent.
    const other = await pin('applock01', 'phone-thief', '482916');
    expect(other.statusCode).toBe(423);
    expect(await smsCount(phones[0]!)).toBe(0);
    // The web stays locked for an unknown browser, the right password included.
    expect(
      (await client(app).post('/api/v1/login', { userId: 'applock01', password: 'Lock@2026' })).statusCode,
    ).toBe(423);
  });

  it("counts the enrolled device's own wrong PINs during the lock on a lock of that device alone", async () => {
    await lockedByOthers('applock02');
    const statuses: number[] = [];
    for (const p of ['000001', '000002', '000003', '000004', '000005'])
      statuses.push((await pin('applock02', 'phone-own', p)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    expect((await pin('applock02', 'phone-own', '482916')).statusCode).toBe(423);
  });

  it('locks the id and the device when the enrolled device itself gave five wrong PINs', async () => {
    const { id } = await makeCustomer(db, { userId: 'applock03', password: 'Lock@2026' });
    await db.query(`UPDATE credentials SET app_pin_hash = $2 WHERE customer_id = $1`, [
      id,
      await hashSecret('482916'),
    ]);
    await enrolDevice(db, id, 'phone-own');
    const statuses: number[] = [];
    for (const p of ['000001', '000002', '000003', '000004', '000005'])
      statuses.push((await pin('applock03', 'phone-own', p)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    expect((await pin('applock03', 'phone-own', '482916')).statusCode).toBe(423);
    expect(
      (await client(app).post('/api/v1/login', { userId: 'applock03', password: 'Lock@2026' })).statusCode,
    ).toBe(423);
  });
});
