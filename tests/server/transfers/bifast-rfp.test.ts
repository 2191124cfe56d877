import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedIncomingRequests } from '../../../src/server/transfers/bifast-rfp';
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

// BI-FAST request for payment (/bi-fast/request-for-payment/): sending one by proxy (a service flow,
// verified, recorded once) and paying an incoming one (a BI-FAST transfer through the clearing house).
describe.each(testDbs)('BI-FAST request for payment on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let acc: { id: number };

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    acc = await insertAccount(db, who.customerId, { balance: rp(10_000_000) });
    await seedIncomingRequests(db, who.customerId);
  });

  it('sends a request to a mobile number: the payer named on verify, the request on the receipt, no money moved', async () => {
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await transact(app, db, who, 'bifast.requestforpayment', {
      account: String(acc.id),
      proxyType: 'mobile',
      mobileNumber: '081277788899',
      amount: rp(125_000),
      message: 'Patungan makan',
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details.payerName).toMatch(/\S/);
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details.requestReference).toMatch(/^RFP/);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bifast_payment_requests WHERE customer_id = $1 AND direction = 'outgoing'`,
      [who.customerId],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await balanceOf(db, acc.id)).toBe(before);
  });

  it('refuses an unregistered proxy (BIFAST U805, both languages) and a missing email', async () => {
    const r = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'bifast.requestforpayment',
      form: {
        account: String(acc.id),
        proxyType: 'email',
        email: 'nobody404@example.com',
        amount: rp(50_000),
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.apierror).toMatchObject({ sourceSystem: 'BIFAST', errorCode: 'U805' });
    expect(r.body.apierror.fields['/form/email'].idn).toBe('Tidak terdaftar sebagai proxy BI-FAST');
    const missing = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'bifast.requestforpayment',
      form: { account: String(acc.id), proxyType: 'email', amount: rp(50_000) },
    });
    expect(missing.status).toBe(400);
  });

  it('pays an incoming request by BI-FAST once: it leaves the list of open requests', async () => {
    const formdata = await post(app, '/api/transaction/v1/formdata', who.headers, {
      flowId: 'bifast.payrequest',
    });
    const open = formdata.body.choices.request as { value: string; detail: { amount: { amount: number } } }[];
    const shop = open.find((o) => o.detail.amount.amount === rp(275_000))!;
    const rent = open.find((o) => o !== shop)!;
    expect(open).toHaveLength(2);
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await transact(app, db, who, 'bifast.payrequest', {
      sourceOfFund: String(acc.id),
      request: shop.value,
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.amount).toEqual({ amount: rp(275_000), currency: 'IDR' });
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details.requestReference).toBe(shop.value);
    expect(await balanceOf(db, acc.id)).toBe(before - rp(275_000) - rp(2_500));
    const after = await post(app, '/api/transaction/v1/formdata', who.headers, {
      flowId: 'bifast.payrequest',
    });
    expect((after.body.choices.request as { value: string }[]).map((o) => o.value)).toEqual([rent.value]);
    const again = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'bifast.payrequest',
      form: { sourceOfFund: String(acc.id), request: shop.value },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror.errorCode).toBe('REQUEST_NOT_OPEN');
    expect(await unbalancedJournals(db)).toBe(0);
  });
});
