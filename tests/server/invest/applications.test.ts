import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedInvest } from '../../../src/server/invest/seed';
import { simulateLoan } from '../../../src/shared/invest/loan-simulation';
import {
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const requests = async (db: Db, customerId: number) =>
  (
    await db.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM service_requests WHERE customer_id = $1 GROUP BY kind ORDER BY kind`,
      [customerId],
    )
  ).rows;

describe.each(testDbs)('loan and credit card applications on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false, seed: seedInvest });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  const loanForm = (account: number, over: Record<string, unknown> = {}) => ({
    product: 'LOAN-KTA',
    amount: 50_000_000_00,
    tenorMonths: 24,
    purpose: 'renovation',
    monthlyIncome: 15_000_000_00,
    disbursementAccount: String(account),
    ...over,
  });

  it('offers the loan products of the catalogue and applies with the simulation shown on verify and receipt', async () => {
    const c = await customerWithSession(db);
    const acc = await insertAccount(db, c.customerId, { balance: 1_000_000_00 });
    const data = await post(app, '/api/transaction/v1/formdata', c.headers, {
      flowId: 'applyandinvest.loan',
    });
    expect(data.status).toBe(200);
    expect(data.body.choices.product.map((o: { value: string }) => o.value)).toEqual([
      'LOAN-KTA',
      'LOAN-OCTO',
    ]);

    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.loan', loanForm(acc.id));
    expect(inquiry.status).toBe(200);
    const sim = simulateLoan({ amount: 50_000_000_00, yearlyRate: '11.50', tenorMonths: 24 });
    expect(inquiry.body.details).toMatchObject({
      productName: 'Octo Personal Loan',
      yearlyRate: '11.50%',
      instalment: { amount: sim.instalment, currency: 'IDR' },
      totalInterest: { amount: sim.totalInterest, currency: 'IDR' },
      provisionFee: { amount: 1_500_000_00, currency: 'IDR' },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.applicationNo).toMatch(/^APP\d{8}$/);
    expect(receipt.body.details.requestStatus.idn).toMatch(/Diterima/);
    expect(await requests(db, c.customerId)).toEqual([{ kind: 'loan.application', n: 1 }]);
    expect(await unbalancedJournals(db)).toBe(0);

    // A second application while the first is open is refused at inquiry, in both languages.
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.loan',
      form: loanForm(acc.id),
    });
    expect(again.status).toBe(409);
    expect(again.body.apierror).toMatchObject({
      errorCode: 'APPLICATION_IN_PROGRESS',
      errorMessageIdn: expect.stringMatching(/sedang diproses/),
    });
  });

  it.each([
    [
      'an amount below the product minimum',
      { amount: 1_000_000_00 },
      'LOAN_AMOUNT_OUT_OF_RANGE',
      '/form/amount',
    ],
    ['a tenor the product does not offer', { tenorMonths: 6 }, 'LOAN_TENOR', '/form/tenorMonths'],
    [
      'an income below the minimum',
      { monthlyIncome: 1_000_000_00 },
      'INCOME_BELOW_MINIMUM',
      '/form/monthlyIncome',
    ],
    ['a product that is not a loan', { product: 'CC-WORLD' }, 'PRODUCT_NOT_AVAILABLE', '/form/product'],
    ['a made-up product', { product: 'LOAN-FREE-MONEY' }, 'PRODUCT_NOT_AVAILABLE', '/form/product'],
    [
      "another customer's account",
      { disbursementAccount: 'other' },
      'ACCOUNT_NOT_ALLOWED',
      '/form/disbursementAccount',
    ],
  ])('refuses %s on its field, in both languages, recording nothing', async (_what, over, code, field) => {
    const c = await customerWithSession(db);
    const acc = await insertAccount(db, c.customerId, { balance: 1_000_000_00 });
    let form = loanForm(acc.id, over);
    if ('disbursementAccount' in over) {
      const someone = await customerWithSession(db);
      const theirs = await insertAccount(db, someone.customerId, { balance: 1_000_00 });
      form = loanForm(theirs.id);
    }
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.loan',
      form,
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe(code);
    expect(res.body.apierror.errorMessageEng).toBeTruthy();
    expect(res.body.apierror.errorMessageIdn).toBeTruthy();
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await requests(db, c.customerId)).toEqual([]);
  });

  it('applies for a credit card once, refusing an income below the card minimum', async () => {
    const c = await customerWithSession(db);
    const form = {
      product: 'CC-WORLD',
      monthlyIncome: 12_000_000_00,
      employment: 'employee',
      deliveryAddress: 'home',
    };
    const low = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.creditcard',
      form: { ...form, monthlyIncome: 4_000_000_00 },
    });
    expect(low.status).toBe(422);
    expect(low.body.apierror.errorMessageEng).toMatch(/Rp 10\.000\.000/);
    const { receipt } = await transact(app, db, c, 'applyandinvest.creditcard', form);
    expect(receipt.status).toBe(200);
    expect(receipt.body.details).toMatchObject({ productName: 'Octo Card World' });
    expect(await requests(db, c.customerId)).toEqual([{ kind: 'creditcard.application', n: 1 }]);
  });
});
