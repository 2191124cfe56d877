import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedInvest } from '../../../src/server/invest/seed';
import { addMonths, depositInterest } from '../../../src/server/invest/openings';
import { bankDate } from '../../../src/shared/bank-time';
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

const rp = (rupiah: number) => rupiah * 100;

describe.each(testDbs)('opening a savings account, an ISA and a time deposit on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false, seed: seedInvest });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  const accountsOf = async (c: Customer) =>
    (
      await db.query<{ account_no: string; product: string; name: string; balance: number }>(
        `SELECT account_no, product, name, balance FROM accounts WHERE customer_id = $1 ORDER BY id`,
        [c.customerId],
      )
    ).rows.map((r) => ({ ...r, balance: Number(r.balance) }));

  it('opens a savings account funded from the chosen account, on the dashboard at once', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(2_000_000) });
    const options = await post(app, '/api/transaction/v1/formdata', c.headers, {
      flowId: 'applyandinvest.saving',
    });
    // The ISA has its own flow: the savings list leaves it out.
    expect(options.body.choices.product.map((o: { value: string }) => o.value)).toEqual([
      'SAV-XTRA',
      'SAV-ONACCOUNT',
      'SAV-IB-PAHALA',
    ]);
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.saving', {
      product: 'SAV-XTRA',
      sourceOfFund: String(source.id),
      amount: rp(500_000),
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      productName: 'Tabungan Xtra Savers',
      interestRate: '0.50%',
      minOpening: { amount: rp(100_000), currency: 'IDR' },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
    const accountNo = receipt.body.details.newAccountNo as string;
    expect(accountNo).toMatch(/^801\d{9}$/);
    expect(await balanceOf(db, source.id)).toBe(rp(1_500_000));
    expect((await accountsOf(c)).find((a) => a.account_no === accountNo)).toMatchObject({
      product: 'savings',
      name: 'Tabungan Xtra Savers',
      balance: rp(500_000),
    });
    const dashboard = await post(app, '/api/dashboard/v1/summary', c.headers, {});
    expect(JSON.stringify(dashboard.body)).toContain(accountNo);
    // The money passed through the bank's opening account: it holds nothing afterwards.
    const { rows } = await db.query<{ balance: number }>(
      `SELECT balance FROM accounts WHERE account_no = 'ACCOUNT-OPENING'`,
    );
    expect(Number(rows[0]!.balance)).toBe(0);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('opens an ISA, and a time deposit with the rate of its tenor and amount, its maturity and ARO', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(60_000_000) });
    const isa = await transact(app, db, c, 'applyandinvest.isa', {
      product: 'SAV-ISA',
      sourceOfFund: String(source.id),
      amount: rp(1_000_000),
    });
    expect(isa.receipt.status).toBe(200);
    expect(isa.receipt.body.details.newAccountNo).toMatch(/^806\d{9}$/);

    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.timedeposit', {
      product: 'TD-IDR',
      sourceOfFund: String(source.id),
      amount: rp(25_000_000),
      tenorMonths: 6,
      aro: 'aro',
    });
    expect(inquiry.status).toBe(200);
    const today = bankDate();
    const maturity = addMonths(today, 6);
    const days = Math.round((Date.parse(maturity) - Date.parse(today)) / 86_400_000);
    expect(inquiry.body.details).toMatchObject({
      rate: '4.25',
      rateText: '4.25%',
      maturityDate: maturity,
      estimatedInterest: { amount: depositInterest(rp(25_000_000), '4.25', days, '20'), currency: 'IDR' },
    });
    expect(receipt.status).toBe(200);
    const depositNo = receipt.body.details.newAccountNo as string;
    const td = await db.query<{
      principal: number;
      rate: string;
      tenor_months: number;
      aro: boolean;
      m: string;
    }>(
      `SELECT t.principal, t.rate::text AS rate, t.tenor_months, t.aro, t.maturity_date::text AS m
         FROM time_deposits t JOIN accounts a ON a.id = t.account_id WHERE a.account_no = $1`,
      [depositNo],
    );
    expect(td.rows[0]).toEqual({
      principal: rp(25_000_000),
      rate: '4.2500',
      tenor_months: 6,
      aro: true,
      m: maturity,
    });
    expect(await balanceOf(db, source.id)).toBe(rp(34_000_000));
    const dashboard = await post(app, '/api/dashboard/v1/summary', c.headers, {});
    expect(JSON.stringify(dashboard.body)).toContain(depositNo);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it.each([
    [
      'a deposit below the product minimum',
      'applyandinvest.saving',
      { product: 'SAV-XTRA', amount: rp(50_000) },
      'AMOUNT_BELOW_MINIMUM',
      '/form/amount',
    ],
    [
      'a placement below the minimum',
      'applyandinvest.timedeposit',
      { product: 'TD-IDR', amount: rp(5_000_000), tenorMonths: 3, aro: 'none' },
      'AMOUNT_BELOW_MINIMUM',
      '/form/amount',
    ],
    [
      'a dollar deposit from a rupiah account',
      'applyandinvest.timedeposit',
      { product: 'TD-USD', amount: rp(5_000_000), tenorMonths: 3, aro: 'none' },
      'PRODUCT_CURRENCY',
      '/form/sourceOfFund',
    ],
    [
      'the ISA through the savings flow',
      'applyandinvest.saving',
      { product: 'SAV-ISA', amount: rp(500_000) },
      'PRODUCT_NOT_AVAILABLE',
      '/form/product',
    ],
    [
      'a made-up product',
      'applyandinvest.saving',
      { product: 'SAV-FREE-MONEY', amount: rp(500_000) },
      'PRODUCT_NOT_AVAILABLE',
      '/form/product',
    ],
    [
      'more than the balance',
      'applyandinvest.saving',
      { product: 'SAV-XTRA', amount: rp(9_000_000) },
      'INSUFFICIENT_BALANCE',
      '/form/amount',
    ],
  ])('refuses %s on its field, in both languages, opening nothing', async (_w, flowId, form, code, field) => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(8_000_000) });
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId,
      form: { ...form, sourceOfFund: String(source.id) },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe(code);
    expect(res.body.apierror.errorMessageEng).toBeTruthy();
    expect(res.body.apierror.errorMessageIdn).toBeTruthy();
    expect(Object.keys(res.body.apierror.fields)).toContain(field);
    expect(await accountsOf(c)).toHaveLength(1);
    expect(await balanceOf(db, source.id)).toBe(rp(8_000_000));
  });
});
