import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

// A transfer to a mobile-number account (Rekening Ponsel): the recipient is found by the number it is
// registered to; the flow transfer.mobilenumber runs through the engine like any transfer.
describe.each(testDbs)('transfer to a mobile-number account on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let acc: { id: number };
  let rekpon: { id: number; accountNo: string };
  const phone = `0878${String(Date.now() % 1e8).padStart(8, '0')}`;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    acc = await insertAccount(db, who.customerId, { balance: rp(5_000_000) });
    const recipient = await customerWithSession(db);
    rekpon = await insertAccount(db, recipient.customerId, { balance: 0, name: 'Rekening Ponsel' });
    await db.query(`UPDATE accounts SET details = $2::jsonb WHERE id = $1`, [
      rekpon.id,
      JSON.stringify({ rekpon: true, phone: `+62${phone.slice(1)}` }),
    ]);
  });

  const form = (over: Record<string, unknown> = {}) => ({
    sourceOfFund: String(acc.id),
    beneficiaryPhone: phone,
    purpose: 'family',
    amount: rp(150_000),
    ...over,
  });

  it('looks the recipient up by mobile number and credits that account', async () => {
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await transact(app, db, who, 'transfer.mobilenumber', form());
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      beneficiaryAccountNo: rekpon.accountNo,
      beneficiaryPhone: `+62${phone.slice(1)}`,
    });
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, acc.id)).toBe(before - rp(150_000));
    expect(await balanceOf(db, rekpon.id)).toBe(rp(150_000));
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('refuses a number with no mobile-number account (GOMOBILE 44, both languages) and books nothing', async () => {
    const before = await balanceOf(db, acc.id);
    const r = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.mobilenumber',
      form: form({ beneficiaryPhone: '081200000001' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.apierror).toMatchObject({ sourceSystem: 'GOMOBILE', errorCode: '44' });
    expect(r.body.apierror.fields['/form/beneficiaryPhone']).toEqual({
      eng: 'No mobile-number account is registered to this number',
      idn: 'Tidak ada Rekening Ponsel yang terdaftar dengan nomor ini',
    });
    expect(await balanceOf(db, acc.id)).toBe(before);
  });

  it('refuses a number that is not a mobile number with the field’s own words', async () => {
    const r = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.mobilenumber',
      form: form({ beneficiaryPhone: '12345' }),
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.apierror)).toContain('08');
  });
});
