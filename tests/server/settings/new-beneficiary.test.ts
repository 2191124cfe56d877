import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  insertCustomer,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

// Issue 21 item 10: a new beneficiary's first transfers are capped (Rp 10.000.000 in all in the first
// 24 hours after the first transfer to it), refused at inquiry with the spec's apierror in both
// languages, transfers waiting for verification counted, and lifted once the beneficiary is a day old.
describe.each(testDbs)('the new-beneficiary cap on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  async function sender() {
    const who = await customerWithSession(db);
    const source = await insertAccount(db, who.customerId, { balance: rp(100_000_000) });
    const other = await insertCustomer(db);
    const beneficiary = await insertAccount(db, other.customerId, { balance: 0 });
    const form = (amount: number) => ({
      sourceOfFund: String(source.id),
      beneficiaryAccountNo: beneficiary.accountNo,
      purpose: 'family',
      amount: rp(amount),
    });
    return { who, source, beneficiary, form };
  }
  const inquire = (who: { headers: Record<string, string> }, form: Record<string, unknown>) =>
    post(app, '/api/transaction/v1/inquiry', who.headers, { flowId: 'transfer.samebank', form });

  it('refuses more than Rp 10.000.000 to a new beneficiary, in both languages, and books nothing', async () => {
    const { who, source, form } = await sender();
    const r = await inquire(who, form(10_000_001));
    expect(r.status).toBe(422);
    expect(r.body.apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'NEW_BENEFICIARY_CAP' });
    expect(r.body.apierror.errorMessageEng).toContain('IDR 10,000,000');
    expect(r.body.apierror.errorMessageIdn).toMatch(/Rp\s10\.000\.000/);
    expect(r.body.apierror.fields['/form/amount'].idn).toContain('penerima baru');
    expect(await balanceOf(db, source.id)).toBe(rp(100_000_000));
    expect((await inquire(who, form(10_000_000))).status).toBe(200);
    // More than the account holds: the balance is what the customer is told.
    const broke = await inquire(who, form(200_000_000));
    expect(broke.body.apierror.errorCode).not.toBe('NEW_BENEFICIARY_CAP');
  });

  it('counts what went and what waits for verification, and lifts the cap after 24 hours', async () => {
    const { who, beneficiary, form } = await sender();
    const first = await transact(app, db, who, 'transfer.samebank', form(6_000_000));
    expect(first.receipt.status).toBe(200);
    const over = await inquire(who, form(5_000_000));
    expect(over.status).toBe(422);
    expect(over.body.apierror.errorMessageEng).toContain('IDR 4,000,000 left');
    expect(over.body.apierror.errorMessageEng).toMatch(/the rest after \d+ \w+, \d\d:\d\d WIB/);
    // An inquiry whose verification was sent holds its part of the cap; one only quoted does not.
    const waiting = await inquire(who, form(3_000_000));
    expect(waiting.status).toBe(200);
    expect((await inquire(who, form(2_000_000))).status).toBe(200);
    await post(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: waiting.body.inquiryId,
      method: 'otp',
    });
    expect((await inquire(who, form(2_000_000))).status).toBe(422);
    // A day after the first transfer the beneficiary is known: the usual limits only.
    await db.query(`UPDATE journal SET created_at = now() - interval '25 hours' WHERE inquiry_id = $1`, [
      first.inquiry.body.inquiryId,
    ]);
    const big = await transact(app, db, who, 'transfer.samebank', form(40_000_000));
    expect(big.receipt.status).toBe(200);
    expect(await balanceOf(db, beneficiary.id)).toBe(rp(46_000_000));
  });

  it('caps each new beneficiary on its own; own-account transfers are not capped', async () => {
    const a = await sender();
    expect((await transact(app, db, a.who, 'transfer.samebank', a.form(9_000_000))).receipt.status).toBe(200);
    const other = await insertCustomer(db);
    const second = await insertAccount(db, other.customerId, { balance: 0 });
    expect(
      (await inquire(a.who, { ...a.form(9_000_000), beneficiaryAccountNo: second.accountNo })).status,
    ).toBe(200);
    const own = await insertAccount(db, a.who.customerId, { balance: 0 });
    const r = await post(app, '/api/transaction/v1/inquiry', a.who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(a.source.id), beneficiaryAccount: String(own.id), amount: rp(50_000_000) },
    });
    expect(r.status).toBe(200);
  });
});
