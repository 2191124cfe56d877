import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { lookupBill } from '../../../src/server/billers/simulator';
import { simulateAnswer } from '../../../src/server/billers/answers';
import type { AnswerSchema } from '../../../src/shared/flows/reference';
import { DENOMINATIONS, OPERATORS, operatorOfNumber } from '../../../src/server/billers/operators';
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

describe('simulated billers', () => {
  it('answers the same bill for the same number, and another for another number', async () => {
    const a = await lookupBill({ billerCode: 'BPJSKS' }, '88880012345', '/form/customerNumber');
    const b = await lookupBill({ billerCode: 'BPJSKS' }, '88880012345', '/form/customerNumber');
    const c = await lookupBill({ billerCode: 'BPJSKS' }, '88880012346', '/form/customerNumber');
    expect(a).toEqual(b);
    expect(a.customerName).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(a.billAmount % 10_000).toBe(0);
    expect(a.billAmount).toBeGreaterThanOrEqual(rp(50_000));
    expect(a.billAmount).toBeLessThanOrEqual(rp(1_500_000));
    expect([c.customerName, c.billAmount]).not.toEqual([a.customerName, a.billAmount]);
    const family = await lookupBill({ billerCode: 'X', participantFee: rp(42_000) }, '88880012345', '/f');
    expect(family.billAmount).toBe(family.participants! * rp(42_000));
  });

  it("answers a picked option as its property's type: a penalty in minor units is a number, a tariff text", () => {
    const answer: AnswerSchema = {
      properties: {
        penalty: { type: 'integer', 'x-simulate': 'pick:0|0|300000' },
        tariff: { type: 'string', 'x-simulate': 'pick:R1/1300 VA|B2/6600 VA' },
      },
    };
    const answers = Array.from({ length: 12 }, (_, i) => simulateAnswer(answer, `PLNPOST:5300000000${i}`));
    expect(new Set(answers.map((a) => a.penalty))).toEqual(new Set([0, 300000]));
    for (const a of answers) expect(typeof a.tariff).toBe('string');
  });

  it('knows the operators by number prefix', () => {
    expect(operatorOfNumber('081234567890')?.code).toBe('TELKOMSEL');
    expect(operatorOfNumber('+6285712345678')?.code).toBe('INDOSAT');
    expect(operatorOfNumber('087712345678')?.code).toBe('XL');
    expect(operatorOfNumber('089612345678')?.code).toBe('TRI');
    expect(operatorOfNumber('088112345678')?.code).toBe('SMARTFREN');
    expect(operatorOfNumber('070012345678')).toBeUndefined();
    expect(OPERATORS.map((o) => o.name)).toEqual([
      'Telkomsel',
      'Indosat Ooredoo',
      'XL Axiata',
      'Tri',
      'Smartfren',
    ]);
    for (const d of DENOMINATIONS) expect(d.price.amount).toBeGreaterThan(d.nominal.amount);
  });
});

describe.each(testDbs)('bill payment and top-up flows on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let acc: { id: number };
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    acc = await insertAccount(db, who.customerId, { balance: rp(20_000_000) });
  });

  const settlement = async (no: string) => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [no]);
    return rows[0]!.id;
  };

  it('pays a BPJS bill: the bill amount plus the admin fee, to settlement and fee income', async () => {
    const before = await balanceOf(db, acc.id);
    const settle = await settlement('SETTLEMENT-BPJS');
    const settleBefore = await balanceOf(db, settle);
    const { inquiry, receipt } = await transact(app, db, who, 'payment.bpjs', {
      sourceOfFund: String(acc.id),
      customerNumber: '8888801234567',
    });
    expect(inquiry.status).toBe(200);
    const bill = inquiry.body.details.billAmount as number;
    expect(inquiry.body.details).toMatchObject({ billerCode: 'BPJSKS', customerNumber: '8888801234567' });
    expect(inquiry.body.fees).toEqual([{ kind: 'admin', amount: { amount: 250_000, currency: 'IDR' } }]);
    expect(inquiry.body.total.amount).toBe(bill + 250_000);
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details.billerReference).toMatch(/^\d+$/);
    expect(await balanceOf(db, acc.id)).toBe(before - bill - 250_000);
    expect(await balanceOf(db, settle)).toBe(settleBefore + bill);
    expect(await unbalancedJournals(db)).toBe(0);
    // The account history reads it in both languages, with the number, as the core bank's entries do.
    const { rows } = await db.query<{ description: string; description_eng: string }>(
      'SELECT description, description_eng FROM journal WHERE reference_no = $1',
      [receipt.body.referenceNo],
    );
    // Each language in its own column (migration 057), each with the customer number.
    expect(rows[0]!.description).toBe('Pembayaran BPJS Kesehatan 8888801234567');
    expect(rows[0]!.description_eng).toBe('BPJS Kesehatan payment 8888801234567');
  });

  it('holds the money on a pending answer (ESB 2018) and gives it back on a failed one', async () => {
    const before = await balanceOf(db, acc.id);
    const pending = await transact(app, db, who, 'payment.bpjs', {
      sourceOfFund: String(acc.id),
      customerNumber: '88888000002018',
    });
    expect(pending.receipt.status).toBe(200);
    expect(pending.receipt.body.status).toBe('pending');
    expect(pending.receipt.body.error).toMatchObject({ sourceSystem: 'ESB', errorCode: '2018' });
    const held = before - (pending.inquiry.body.total.amount as number);
    expect(await balanceOf(db, acc.id)).toBe(held);

    const failed = await transact(app, db, who, 'payment.bpjs', {
      sourceOfFund: String(acc.id),
      customerNumber: '88888000000500',
    });
    expect(failed.receipt.status).toBe(200);
    expect(failed.receipt.body.status).toBe('failed');
    expect(failed.receipt.body.error).toMatchObject({ sourceSystem: 'ESB', errorCode: '0005' });
    expect(await balanceOf(db, acc.id)).toBe(held);
    const { rows } = await db.query<{ status: string }>(
      'SELECT status FROM journal WHERE reference_no = $1',
      [failed.receipt.body.referenceNo],
    );
    expect(rows[0]!.status).toBe('failed');
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('answers look-up failures: not found, already paid, time-out', async () => {
    const inquire = (customerNumber: string) =>
      post(app, '/api/transaction/v1/inquiry', who.headers, {
        flowId: 'payment.bpjs',
        form: { sourceOfFund: String(acc.id), customerNumber },
      });
    const notFound = await inquire('88888000000404');
    expect(notFound.status).toBe(422);
    expect(notFound.body.apierror).toMatchObject({ sourceSystem: 'ESB', errorCode: '0014' });
    expect(notFound.body.apierror.fields['/form/customerNumber']).toBeTruthy();
    expect((await inquire('88888000000200')).body.apierror.errorCode).toBe('0088');
    const timeout = await inquire('88888000000504');
    expect(timeout.status).toBe(504);
  });

  it('sells mobile credit: operators and denominations, price check, voucher code on the receipt', async () => {
    const data = await post(app, '/api/mobilepurchase/v1/getpurchaseformdata', who.headers, {});
    expect(data.status).toBe(200);
    expect(data.body.operators.map((o: { code: string }) => o.code)).toEqual([
      'TELKOMSEL',
      'INDOSAT',
      'XL',
      'TRI',
      'SMARTFREN',
    ]);
    expect(data.body.denominations).toContainEqual({
      code: 'TELKOMSEL-50000',
      operator: 'TELKOMSEL',
      nominal: { amount: rp(50_000), currency: 'IDR' },
      price: { amount: rp(52_000), currency: 'IDR' },
    });
    const formdata = await post(app, '/api/transaction/v1/formdata', who.headers, {
      flowId: 'purchase.mobile',
    });
    expect(
      formdata.body.choices.denomination.find((d: { value: string }) => d.value === 'XL-10000').detail
        .operator,
    ).toBe('XL');

    const { inquiry, receipt } = await transact(app, db, who, 'purchase.mobile', {
      sourceOfFund: String(acc.id),
      phoneNumber: '081234567890',
      operator: 'TELKOMSEL',
      denomination: 'TELKOMSEL-50000',
    });
    expect(inquiry.body.amount).toEqual({ amount: rp(52_000), currency: 'IDR' });
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details.voucherCode).toMatch(/^\d{20}$/);

    const mismatch = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'purchase.mobile',
      form: {
        sourceOfFund: String(acc.id),
        phoneNumber: '087712345678',
        operator: 'TELKOMSEL',
        denomination: 'TELKOMSEL-50000',
      },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.apierror.fields['/form/phoneNumber'].eng).toBe('This is not a Telkomsel number');
  });
});
