import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { addDays } from '../../../src/server/schedules/recurrence';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const count = async (db: Db, table: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

describe.each(testDbs)('My goals on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  it("creates a goal through verification; the scheduler's monthly transfer funds it and the progress shows it", async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(10_000_000) });
    const form = {
      name: 'Holiday in Bali',
      category: 'travel',
      targetAmount: rp(6_000_000),
      targetDate: addDays(bankDate(), 200),
      sourceOfFund: String(source.id),
      monthlyAmount: rp(1_000_000),
      dayOfMonth: 10,
    };
    const { inquiry, receipt } = await transact(app, db, c, 'goal.create', form);
    expect(inquiry.status).toBe(200);
    expect(Number(inquiry.body.details.debits)).toBeGreaterThanOrEqual(6);
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.goalAccountNo).toMatch(/^88\d{10}$/);

    const list = await post(app, '/api/goal/v1/list', c.headers, {});
    expect(list.body.goals).toHaveLength(1);
    const goal = list.body.goals[0];
    expect(goal).toMatchObject({ name: 'Holiday in Bali', progress: 0, monthly: { amount: rp(1_000_000) } });
    expect(goal.nextTransferDate.slice(8)).toBe('10');

    // The scheduler runs the month's transfer: the goal's account receives it.
    await db.query(
      `UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second'
        WHERE id = (SELECT instruction_id FROM goals WHERE id = $1)`,
      [goal.id],
    );
    const counts = await runDueInstructions(db, {
      runner: ledgerRunner(db, loadCatalog(), serverRegistry()),
      notify: async () => {},
    });
    expect(counts.success).toBe(1);
    expect(await balanceOf(db, source.id)).toBe(rp(9_000_000));
    const detail = await post(app, '/api/goal/v1/detail', c.headers, { id: goal.id });
    expect(detail.body.goal).toMatchObject({ saved: { amount: rp(1_000_000) }, progress: 16 });
    expect(detail.body.transfers[0]).toMatchObject({ status: 'success' });

    // Editing changes the goal and its monthly transfer, verified too.
    const edit = await transact(app, db, c, 'goal.edit', {
      goal: String(goal.id),
      name: 'Holiday in Lombok',
      category: 'travel',
      targetAmount: rp(8_000_000),
      targetDate: addDays(bankDate(), 300),
      monthlyAmount: rp(1_500_000),
      dayOfMonth: 3,
    });
    expect(edit.receipt.status).toBe(200);
    const after = (await post(app, '/api/goal/v1/detail', c.headers, { id: goal.id })).body.goal;
    expect(after).toMatchObject({
      name: 'Holiday in Lombok',
      monthly: { amount: rp(1_500_000) },
      dayOfMonth: 3,
    });
  });

  it("keeps a goal's account out of the sources of fund: not offered nor taken, but an own-account transfer moves money in and out", async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(10_000_000) });
    const created = await transact(app, db, c, 'goal.create', {
      name: 'New phone',
      category: 'other',
      targetAmount: rp(6_000_000),
      targetDate: addDays(bankDate(), 200),
      sourceOfFund: String(source.id),
      monthlyAmount: rp(1_000_000),
      dayOfMonth: 10,
    });
    expect(created.receipt.status).toBe(200);
    const goalAccountNo = created.receipt.body.details.goalAccountNo as string;
    const { rows } = await db.query<{ id: string | number }>(
      'SELECT id FROM accounts WHERE account_no = $1',
      [goalAccountNo],
    );
    const goalAccount = String(rows[0]!.id);
    const offered = async (flowId: string, field: string) =>
      (
        (await post(app, '/api/transaction/v1/formdata', c.headers, { flowId })).body.choices[field] as {
          value: string;
        }[]
      ).map((o) => o.value);
    // Bills, purchases and transfers to others do not offer it; the own-account transfer does, both ways.
    for (const flowId of ['payment.bpjs', 'purchase.mobile', 'transfer.samebank', 'transfer.online'])
      expect(await offered(flowId, 'sourceOfFund'), flowId).toEqual([String(source.id)]);
    expect(await offered('transfer.own', 'sourceOfFund')).toEqual([String(source.id), goalAccount]);
    expect(await offered('transfer.own', 'beneficiaryAccount')).toEqual([String(source.id), goalAccount]);
    // Nor is it a main account (the source every form starts on).
    const main = await post(app, '/api/settings/v1/main-accounts', c.headers, {});
    expect(main.body.accounts.map((a: { id: number }) => String(a.id))).toEqual([String(source.id)]);
    const asMain = await post(app, '/api/settings/v1/main-accounts/update', c.headers, {
      sourceAccountId: Number(goalAccount),
      receivingAccountId: source.id,
    });
    expect(asMain.status).toBe(422);

    // Money put in by an own-account transfer; a payment posted from it anyway is refused on its field.
    const topUp = await transact(app, db, c, 'transfer.own', {
      sourceOfFund: String(source.id),
      beneficiaryAccount: goalAccount,
      amount: rp(2_000_000),
    });
    expect(topUp.receipt.status).toBe(200);
    const other = await customerWithSession(db);
    const to = await insertAccount(db, other.customerId, { balance: 0 });
    const journals = await count(db, 'journal');
    const refused = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'transfer.samebank',
      form: {
        sourceOfFund: goalAccount,
        beneficiaryAccountNo: to.accountNo,
        purpose: 'family',
        amount: rp(500_000),
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.apierror).toMatchObject({
      errorCode: 'ACCOUNT_NOT_ALLOWED',
      errorTitleEng: 'Account not available',
      errorTitleIdn: 'Rekening tidak tersedia',
    });
    expect(refused.body.apierror.fields['/form/sourceOfFund']).toBeDefined();
    const bill = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'payment.bpjs',
      form: { sourceOfFund: goalAccount, customerNumber: '8888801234567' },
    });
    expect(bill.body.apierror).toMatchObject({ errorCode: 'ACCOUNT_NOT_ALLOWED' });
    expect(await count(db, 'journal')).toBe(journals);
    // Taken out again to the customer's own account.
    const out = await transact(app, db, c, 'transfer.own', {
      sourceOfFund: goalAccount,
      beneficiaryAccount: String(source.id),
      amount: rp(500_000),
    });
    expect(out.receipt.status).toBe(200);
    expect(await balanceOf(db, Number(goalAccount))).toBe(rp(1_500_000));
  });

  it('refuses a target date too near or a monthly transfer above the target, in both languages, creating nothing', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(1_000_000) });
    const goals = await count(db, 'goals');
    const journals = await count(db, 'journal');
    const base = {
      name: 'Laptop',
      category: 'other',
      targetAmount: rp(5_000_000),
      targetDate: addDays(bankDate(), 100),
      sourceOfFund: String(source.id),
      monthlyAmount: rp(1_000_000),
      dayOfMonth: 1,
    };
    const near = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'goal.create',
      form: { ...base, targetDate: addDays(bankDate(), 5) },
    });
    expect(near.status).toBe(422);
    expect(near.body.apierror).toMatchObject({
      errorCode: 'GOAL_DATE_INVALID',
      errorTitleEng: 'Check the target date',
      errorTitleIdn: 'Periksa tanggal target',
    });
    const over = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'goal.create',
      form: { ...base, monthlyAmount: rp(6_000_000) },
    });
    expect(over.body.apierror).toMatchObject({ errorCode: 'GOAL_MONTHLY_ABOVE_TARGET' });
    expect(over.body.apierror.fields['/form/monthlyAmount'].idn).toMatch(/Maksimal/);
    const other = await customerWithSession(db);
    const notMine = await post(app, '/api/transaction/v1/inquiry', other.headers, {
      flowId: 'goal.create',
      form: base,
    });
    expect(notMine.body.apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
    expect(await count(db, 'goals')).toBe(goals);
    expect(await count(db, 'journal')).toBe(journals);
    const missing = await post(app, '/api/goal/v1/detail', c.headers, { id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.apierror.errorMessageIdn).toMatch(/Tujuan ini/);
  });
});
