// Long, one concern: mass transfers, payments and purchases from rows to postings, on one app and customer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { transferKind } from '../../../src/server/batches/kinds';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  sessionHeaders,
  setLimits,
  testDbs,
  unbalancedJournals,
  upload,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const HEADER = 'account_no,bank_code,method,beneficiary_name,amount,purpose,message';
const csv = (lines: string[]) => Buffer.from(lines.join('\n'));

interface Row {
  line: number;
  ok: boolean;
  errors: { field: string; eng: string; idn: string }[];
  name?: string;
  total?: { amount: number };
  status?: string;
  referenceNo?: string;
  reason?: { eng: string; idn: string };
}

async function setup(db: Db, app: FastifyInstance, balance = rp(10_000_000)) {
  const c = await customerWithSession(db);
  const source = await insertAccount(db, c.customerId, { balance });
  const other = await customerWithSession(db);
  const b1 = await insertAccount(db, other.customerId, { balance: 0 });
  const b2 = await insertAccount(db, other.customerId, { balance: 0 });
  const sheet = (lines: string[]) =>
    upload(
      app,
      '/api/masstransfer/v1/upload',
      c.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'batch.csv',
        type: 'text/csv',
        bytes: csv([HEADER, ...lines]),
      },
    );
  return { c, source, b1, b2, sheet };
}

const call = (app: FastifyInstance, c: Customer, path: string, body: unknown) =>
  post(app, `/api/batch/v1/${path}`, c.headers, body);

describe.each(testDbs)('mass transfer through the API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
  }, 60_000);

  it('checks every row through its flow, keeps the good ones, lets a bad one be fixed or dropped, verifies once and posts each on its own', async () => {
    const { c, source, b1, b2, sheet } = await setup(db, app);
    const up = await sheet([
      `${b1.accountNo},,,,150000,family,Gaji`,
      '800999999999,,,,150000,family,',
      `${b2.accountNo},,,,250000,business,`,
      `${b1.accountNo},,,,150000,family,`,
      '1234567890,014,bifast,,50000,business,Invoice 7',
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const rows = up.body.rows as Row[];
    expect(rows.map((r) => r.ok)).toEqual([true, false, true, false, true]);
    expect(rows[0]!.name).toMatch(/^TEST CUSTOMER/);
    expect(rows[1]!.errors[0]).toMatchObject({
      field: 'account_no',
      eng: 'Beneficiary account number is not found',
    });
    expect(rows[3]!.errors[0]).toMatchObject({
      field: 'account_no',
      eng: 'Duplicate of row 2',
      idn: 'Duplikat baris 2',
    });
    expect(rows[4]!.name).toBe('SITI RAHAYU');
    expect(up.body).toMatchObject({ valid: 3, invalid: 2 });
    const batchId = up.body.batchId as string;

    // Rows with errors stop the verification; nothing is sent.
    const early = await call(app, c, 'verification', { batchId, method: 'otp' });
    expect(early.status).toBe(422);
    expect(early.body.apierror.errorCode).toBe('BATCH_ROWS_WITH_ERRORS');

    // Fix the wrong account (only that row is quoted again); drop the duplicate.
    const inquiries = async () =>
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM transaction_inquiries WHERE customer_id = $1',
          [c.customerId],
        )
      ).rows[0]!.n;
    const quoted = await inquiries();
    const fixed = await call(app, c, 'row/update', {
      batchId,
      line: 3,
      cells: { account_no: b2.accountNo, amount: '75000' },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect((fixed.body.rows as Row[])[1]!.ok).toBe(true);
    expect(await inquiries()).toBe(quoted + 1);
    const dropped = await call(app, c, 'row/remove', { batchId, lines: [5] });
    expect(dropped.body).toMatchObject({ valid: 4, invalid: 0 });
    const total = dropped.body.total.amount as number;
    expect(dropped.body.totals[0]).toMatchObject({ accountId: source.id, amount: total, enough: true });

    const before = await balanceOf(db, source.id);
    const ver = await call(app, c, 'verification', { batchId, method: 'otp' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    expect(ver.body.otp.maskedPhone).toBeTruthy();
    // Quotes still fresh are not quoted again for the verification.
    expect(await inquiries()).toBe(quoted + 1);
    const wrong = await call(app, c, 'confirm', { batchId, otp: '000000' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(await balanceOf(db, source.id)).toBe(before);
    const done = await call(app, c, 'confirm', { batchId, otp: await latestCode(db, c.phone) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const results = done.body.rows as Row[];
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success', 'success']);
    for (const r of results) expect(r.referenceNo).toMatch(/^\d{16}$/);
    expect(await balanceOf(db, source.id)).toBe(before - total);
    expect(await balanceOf(db, b1.id)).toBe(rp(150_000));
    expect(await balanceOf(db, b2.id)).toBe(rp(325_000));
    // One journal per row, each with its own reference, in the history.
    const { rows: journals } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal WHERE customer_id = $1 AND idempotency_key LIKE $2`,
      [c.customerId, `batch-${batchId}-%`],
    );
    expect(journals[0]!.n).toBe(4);
    // Asked again: the same results, booked once.
    const again = await call(app, c, 'confirm', { batchId, otp: '123456' });
    expect(again.body.rows).toEqual(done.body.rows);
    expect(await balanceOf(db, source.id)).toBe(before - total);

    // The result file, in the customer's language.
    const file = await app.inject({
      method: 'GET',
      url: `/api/batch/v1/result/${batchId}?lang=en`,
      headers: c.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('mass-transfer-result');
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('status,reference_no,reason');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('success');
    const id = await app.inject({
      method: 'GET',
      url: `/api/batch/v1/result/${batchId}?lang=id`,
      headers: c.headers,
    });
    expect(id.body).toContain('berhasil');
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('refuses a file that is not a sheet, and a batch over the balance, booking nothing and keeping the rows', async () => {
    const { c, source, b1, b2, sheet } = await setup(db, app, rp(300_000));
    const bad = await upload(
      app,
      '/api/masstransfer/v1/upload',
      c.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'photo.xlsx',
        type: 'application/octet-stream',
        bytes: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]),
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.apierror).toMatchObject({
      errorCode: 'INVALID_SHEET',
      errorTitleIdn: 'Unggah gagal, silakan coba lagi',
    });

    // Each row fits the balance on its own (the second is over it and says so on its row) ...
    const up = await sheet([
      `${b1.accountNo},,,,200000,family,`,
      `${b2.accountNo},,,,400000,family,`,
      `${b2.accountNo},,,,150000,family,`,
    ]);
    const rows = up.body.rows as Row[];
    expect(rows[1]!.errors[0]).toMatchObject({ field: 'amount' });
    expect(rows[1]!.errors[0]!.eng).toMatch(/balance/i);
    const batchId = up.body.batchId as string;
    await call(app, c, 'row/remove', { batchId, lines: [3] });
    // ... but together they are over it: refused as a whole, the rows kept.
    const ver = await call(app, c, 'verification', { batchId, method: 'otp' });
    expect(ver.status).toBe(422);
    expect(ver.body.apierror.errorCode).toBe('BATCH_INSUFFICIENT_BALANCE');
    expect(ver.body.apierror.errorMessageIdn).toContain('Tidak ada transaksi yang diproses');
    const still = await call(app, c, 'get', { batchId });
    expect(still.body).toMatchObject({ valid: 2, status: 'draft' });
    expect(await balanceOf(db, source.id)).toBe(rp(300_000));

    // Money arrives, the batch is verified; then the balance drops before the confirm: the rows that
    // still fit are posted, the last is refused on its own (nothing booked for it), the others stay.
    await db.query('UPDATE accounts SET balance = $2 WHERE id = $1', [source.id, rp(500_000)]);
    const ok = await call(app, c, 'verification', { batchId, method: 'otp' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await db.query('UPDATE accounts SET balance = $2 WHERE id = $1', [source.id, rp(250_000)]);
    const done = await call(app, c, 'confirm', { batchId, otp: await latestCode(db, c.phone) });
    const results = done.body.rows as Row[];
    expect(results.map((r) => r.status)).toEqual(['success', 'failed']);
    expect(results[1]!.reason!.eng).toMatch(/balance/i);
    expect(results[1]!.referenceNo).toBeUndefined();
    expect(await balanceOf(db, source.id)).toBe(rp(50_000));
    expect(await balanceOf(db, b1.id)).toBe(rp(200_000));
    expect(await balanceOf(db, b2.id)).toBe(0);
  });

  it('says an amount over the per-transaction limit on its row, and a batch over the daily limit as a whole', async () => {
    const { c, b1, b2, sheet } = await setup(db, app);
    await setLimits(db, c.customerId, 'transfer', rp(10_000), rp(500_000), rp(600_000));
    const up = await sheet([
      `${b1.accountNo},,,,600000,family,`,
      `${b2.accountNo},,,,400000,family,`,
      `${b1.accountNo},,,,300000,family,`,
    ]);
    const rows = up.body.rows as Row[];
    expect(rows[0]!.errors[0]).toMatchObject({ field: 'amount' });
    expect(rows[0]!.errors[0]!.eng).toMatch(/Maximum/);
    const batchId = up.body.batchId as string;
    await call(app, c, 'row/remove', { batchId, lines: [2] });
    const ver = await call(app, c, 'verification', { batchId, method: 'otp' });
    expect(ver.body.apierror.errorCode).toBe('BATCH_OVER_LIMIT');
  });

  it('verifies a batch by one approval in the companion app', async () => {
    const { c, source, b1, sheet } = await setup(db, app);
    const mobile = await sessionHeaders(db, c.customerId, 'mobile');
    const up = await sheet([`${b1.accountNo},,,,100000,family,`]);
    const batchId = up.body.batchId as string;
    const ver = await call(app, c, 'verification', { batchId, method: 'approval' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const early = await call(app, c, 'confirm', { batchId });
    expect(early.body.apierror.errorCode).toBe('NOT_VERIFIED');
    const list = await post(app, '/api/mobile/v1/approvals/list', mobile, {});
    const item = list.body.approvals[0];
    expect(item.summary.title.eng).toBe('Mass transfer: 1 rows');
    expect(item.summary.rows[0]).toMatchObject({ labelEng: 'Source of fund', valueEng: source.accountNo });
    await post(app, '/api/mobile/v1/approvals/decide', mobile, {
      approvalId: item.approvalId,
      decision: 'approve',
      matchNumber: ver.body.matchNumber,
    });
    expect((await call(app, c, 'verification/status', { batchId })).body).toEqual({ status: 'approved' });
    const before = await balanceOf(db, source.id);
    const done = await call(app, c, 'confirm', { batchId });
    expect((done.body.rows as Row[])[0]!.status).toBe('success');
    expect(await balanceOf(db, source.id)).toBe(before - rp(100_000));
  });
});

describe('a mass transfer row scheduled on a date', () => {
  it('runs on business days only when it clears through SKN or RTGS', () => {
    expect(transferKind.businessDaysOnly({ bank_code: '008', method: 'SKN' })).toBe(true);
    expect(transferKind.businessDaysOnly({ bank_code: '008', method: 'rtgs' })).toBe(true);
    expect(transferKind.businessDaysOnly({ bank_code: '014', method: 'bifast' })).toBe(false);
    expect(transferKind.businessDaysOnly({ bank_code: '', method: '' })).toBe(false);
  });
});

describe.each(bothEngines)('a mass transfer on a date, run by the scheduler once, on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
  }, 60_000);

  it('refuses a past date, schedules each row, edits the batch through verification, runs each row once', async () => {
    const { c, source, b1, b2, sheet } = await setup(db, app);
    const up = await sheet([`${b1.accountNo},,,,100000,family,`, `${b2.accountNo},,,,200000,family,`]);
    const batchId = up.body.batchId as string;
    const past = await call(app, c, 'verification', {
      batchId,
      method: 'otp',
      date: bankDate(new Date(), -1),
    });
    expect(past.status).toBe(422);
    expect(past.body.apierror.errorCode).toBe('INVALID_SCHEDULE');
    expect(past.body.apierror.fields['/date'].eng).toBe('The date must be after today');

    const tomorrow = bankDate(new Date(), 1);
    await call(app, c, 'verification', { batchId, method: 'otp', date: tomorrow });
    const done = await call(app, c, 'confirm', { batchId, otp: await latestCode(db, c.phone) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('scheduled');
    expect((done.body.rows as Row[]).map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    const listed = await call(app, c, 'scheduled', {});
    expect(listed.body.batches).toEqual([
      expect.objectContaining({ batchId, rows: 2, runDate: tomorrow, editable: true }),
    ]);
    // /mytransaction/ lists the batch once, as a mass transfer.
    const schedules = await post(app, '/api/schedule/v1/list', c.headers, {});
    const mass = (schedules.body.instructions as { mass: boolean; id: string }[]).filter((i) => i.mass);
    expect(mass.map((i) => i.id)).toEqual([batchId]);

    // Edit: drop a row and move the date, verified again; the old instructions are cancelled.
    const edit = await call(app, c, 'edit', { batchId });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const draftId = edit.body.batchId as string;
    expect(edit.body).toMatchObject({ replaces: batchId, runDate: tomorrow, valid: 2 });
    await call(app, c, 'row/remove', { batchId: draftId, lines: [2] });
    const later = bankDate(new Date(), 2);
    await call(app, c, 'verification', { batchId: draftId, method: 'otp', date: later });
    const edited = await call(app, c, 'confirm', { batchId: draftId, otp: await latestCode(db, c.phone) });
    expect(edited.body.status).toBe('scheduled');
    const { rows: ins } = await db.query<{ mass_batch_id: string; status: string }>(
      `SELECT mass_batch_id, status FROM scheduled_transfers WHERE customer_id = $1 ORDER BY id`,
      [c.customerId],
    );
    expect(ins).toEqual([
      { mass_batch_id: batchId, status: 'cancelled' },
      { mass_batch_id: batchId, status: 'cancelled' },
      { mass_batch_id: draftId, status: 'active' },
    ]);
    expect((await call(app, c, 'edit', { batchId })).status).toBe(404);

    // Its day comes: the scheduler runs the row once, however often it looks.
    await db.query(
      `UPDATE scheduled_transfers SET next_run_at = now() - interval '1 minute' WHERE mass_batch_id = $1`,
      [draftId],
    );
    const before = await balanceOf(db, source.id);
    const deps = { runner: ledgerRunner(db, loadCatalog(), serverRegistry()), notify: async () => undefined };
    const runs = await Promise.all([runDueInstructions(db, deps), runDueInstructions(db, deps)]);
    expect(runs.reduce((s, r) => s + r.success, 0)).toBe(1);
    expect(await runDueInstructions(db, deps)).toMatchObject({ success: 0 });
    expect(await balanceOf(db, source.id)).toBe(before - rp(200_000));
    expect(await balanceOf(db, b2.id)).toBe(rp(200_000));
    const after = await call(app, c, 'get', { batchId: draftId });
    const row = (after.body.rows as Row[])[0]!;
    expect(row.status).toBe('success');
    expect(row.referenceNo).toMatch(/^\d{16}$/);
    expect(await unbalancedJournals(db)).toBe(0);
  });
});

describe.each(testDbs)('mass payment and mass purchase through the API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
  }, 60_000);

  it('pays rows of billers, each looked up by its own biller, each posted on its own with its own result', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(20_000_000) });
    const billers = await post(app, '/api/masspayment/v1/billers', c.headers, {});
    const codes = (billers.body.billers as { code: string; flowId: string }[]).map((b) => b.code);
    expect(['bpjs', 'PAMJAYA', 'mobile'].filter((x) => !codes.includes(x))).toEqual([]);
    const sheet = [
      'biller,customer_no,product,amount',
      'bpjs,8888801234567,,',
      'PAMJAYA,12345678,,',
      'PAMJAYA,123456789,,',
      'bpjs,8888801230404,,',
      'nosuchbiller,123,,',
      'bpjs,8888801234567,,',
      'mobile,0811230500,,',
      'bpjs,8888801232018,,',
    ];
    const up = await upload(
      app,
      '/api/masspayment/v1/upload',
      c.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'bills.csv',
        type: 'text/csv',
        bytes: csv(sheet),
      },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const rows = up.body.rows as Row[];
    expect(rows.map((r) => r.ok)).toEqual([true, true, false, false, false, false, true, true]);
    expect(rows[0]!.name).toBeTruthy();
    // The biller's own rules and answers, on the row's columns.
    expect(rows[2]!.errors[0]!.field).toBe('customer_no');
    expect(rows[2]!.errors[0]!.eng).toMatch(/PAM Jaya/);
    expect(rows[3]!.errors[0]!.field).toBe('customer_no');
    expect(rows[4]!.errors[0]).toMatchObject({
      field: 'biller',
      idn: 'Biller tidak ada dalam daftar biller',
    });
    expect(rows[5]!.errors[0]!.eng).toBe('Duplicate of row 2');
    const batchId = up.body.batchId as string;
    await post(app, '/api/batch/v1/row/remove', c.headers, { batchId, lines: [4, 5, 6, 7] });
    const before = await balanceOf(db, source.id);
    const ver = await post(app, '/api/batch/v1/verification', c.headers, { batchId, method: 'otp' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const total = ver.body.total.amount as number;
    const done = await post(app, '/api/batch/v1/confirm', c.headers, {
      batchId,
      otp: await latestCode(db, c.phone),
    });
    const results = done.body.rows as Row[];
    // The postpaid number ending 0500 is refused by its biller after the money was held: given back.
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'failed', 'pending']);
    expect(results[2]!.reason).toBeTruthy();
    expect(results[2]!.referenceNo).toMatch(/^\d{16}$/);
    const failed = results[2]!.total!.amount;
    expect(await balanceOf(db, source.id)).toBe(before - total + failed);
    // The row in progress follows its journal: once the biller answers, the results say so.
    await db.query(`UPDATE journal SET status = 'success' WHERE idempotency_key = $1`, [
      `batch-${batchId}-9`,
    ]);
    const later = await post(app, '/api/batch/v1/get', c.headers, { batchId });
    expect((later.body.rows as Row[]).map((r) => r.status)).toEqual([
      'success',
      'success',
      'failed',
      'success',
    ]);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('buys mobile credit and e-wallet top-ups by rows, the operator found from the number', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(5_000_000) });
    // The operator's denominations are codes the sheet names (TELKOMSEL-50000).
    const denomination = 'TELKOMSEL-50000';
    const sheet = [
      'biller,customer_no,product,amount',
      `mobile,081234567890,${denomination},`,
      'GOPAY,081234561234,,50000',
      'GOPAY,081234561234,,',
      `mobile,0899,${denomination},`,
    ];
    const up = await upload(
      app,
      '/api/masspurchase/v1/upload',
      c.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'topups.csv',
        type: 'text/csv',
        bytes: csv(sheet),
      },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const rows = up.body.rows as Row[];
    expect(rows.map((r) => r.ok)).toEqual([true, true, false, false]);
    expect(rows[2]!.errors[0]).toMatchObject({ field: 'amount', eng: 'Amount is required' });
    const batchId = up.body.batchId as string;
    await post(app, '/api/batch/v1/row/update', c.headers, { batchId, line: 4, cells: { amount: '25000' } });
    const fixed = await post(app, '/api/batch/v1/row/remove', c.headers, { batchId, lines: [5] });
    expect(fixed.body).toMatchObject({ valid: 3, invalid: 0 });
    await post(app, '/api/batch/v1/verification', c.headers, { batchId, method: 'otp' });
    const done = await post(app, '/api/batch/v1/confirm', c.headers, {
      batchId,
      otp: await latestCode(db, c.phone),
    });
    expect((done.body.rows as Row[]).map((r) => r.status)).toEqual(['success', 'success', 'success']);
  });
});
