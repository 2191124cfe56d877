// Long, one concern: scheduled transfers of every kind, from verify to each run, on one app and clock.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import { dayOfWeek } from '../../../src/server/schedules/recurrence';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  insertCustomer,
  openTestApp,
  post,
  quoteAndSendOtp,
  setLimits,
  testDbs,
  transact,
  unbalancedJournals,
  uniquePhone,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const usd = (n: number) => n * 100;
const inDays = (n: number) => bankDate(new Date(), n);
const catalog = loadCatalog();

/**
 * "When to transfer" through the API as the web page sends it (flows' `schedule`, the shared fragment
 * forms/shared/when.json): inquiry -> verify (OTP) -> confirm stores the instruction and books no
 * money; the scheduler then posts each occurrence through the same path as a confirm, once.
 */
describe.each(testDbs)('scheduling a transfer through the engine on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let acc: { id: number };
  let to: { id: number; accountNo: string };
  const batch = process.env.CLEARING_SKN_BATCH_MS;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
    who = await customerWithSession(db);
    acc = await insertAccount(db, who.customerId, { balance: rp(600_000_000) });
    const other = await insertCustomer(db, { phones: [uniquePhone()] });
    to = await insertAccount(db, other.customerId, { balance: 0 });
  }, 60_000);
  afterEach(() => {
    if (batch === undefined) delete process.env.CLEARING_SKN_BATCH_MS;
    else process.env.CLEARING_SKN_BATCH_MS = batch;
  });

  const sameBank = (when: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    sourceOfFund: String(acc.id),
    beneficiaryAccountNo: to.accountNo,
    purpose: 'family',
    amount: rp(100_000),
    when,
    ...over,
  });
  const skn = (when: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    sourceOfFund: String(acc.id),
    bankCode: '014',
    beneficiaryAccountNo: '1234567890',
    beneficiaryName: 'Siti Rahayu',
    beneficiaryAddress: 'Jl. Sudirman 1',
    province: 'DKI Jakarta',
    city: 'Jakarta Selatan',
    citizenship: 'indonesian',
    beneficiaryType: 'individual',
    purpose: 'family',
    amount: rp(2_000_000),
    when,
    ...over,
  });
  const instruction = async (id: number) =>
    (
      await db.query<{
        flow_id: string;
        form: Record<string, unknown>;
        kind: string;
        recurrence: unknown;
        max_runs: number | null;
        end_date: string | null;
        next_run_date: string | null;
        business_days_only: boolean;
        status: string;
        runs_done: number;
        amount: number;
      }>(
        `SELECT flow_id, form, kind, recurrence, max_runs, end_date::text AS end_date,
                next_run_date::text AS next_run_date, business_days_only, status, runs_done, amount
           FROM scheduled_transfers WHERE id = $1`,
        [id],
      )
    ).rows[0]!;
  const makeDue = (id: number) =>
    db.query(`UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second' WHERE id = $1`, [id]);
  const run = () => runDueInstructions(db, { runner: ledgerRunner(db, catalog, serverRegistry()) });
  const mailbox = async () =>
    (
      await db.query<{ subject_eng: string; body_eng: string; body_idn: string }>(
        `SELECT subject_eng, body_eng, body_idn FROM mailbox_messages WHERE customer_id = $1 ORDER BY id`,
        [who.customerId],
      )
    ).rows;
  const occurrences = async (id: number) =>
    (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journal WHERE idempotency_key LIKE $1`, [
        `sched-${id}-%`,
      ])
    ).rows[0]!.n;

  it('schedules a same-bank transfer for a date: verified by OTP, "Scheduled" with its instruction, nothing booked; it runs once on its date', async () => {
    const before = await balanceOf(db, acc.id);
    const date = inDays(3);
    const { inquiry, receipt } = await transact(
      app,
      db,
      who,
      'transfer.samebank',
      sameBank({ kind: 'date', date }),
    );
    expect(inquiry.status).toBe(200);
    // Verify says when it runs, in both languages, with what it will cost then.
    expect(inquiry.body.details.schedule.en).toMatch(/^On \d+ \w+ \d{4}$/);
    expect(inquiry.body.details.schedule.id).toMatch(/^Pada /);
    expect(inquiry.body.amount).toEqual({ amount: rp(100_000), currency: 'IDR' });
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.referenceNo).toMatch(/^\d{16}$/);
    expect(receipt.body.scheduled).toEqual({ instructionId: expect.any(Number), nextRunDate: date });
    expect(receipt.body.details.schedule.en).toBe(inquiry.body.details.schedule.en);
    const id = receipt.body.scheduled.instructionId as number;
    // Nothing moved: the record has no ledger entries.
    expect(await balanceOf(db, acc.id)).toBe(before);
    expect(await balanceOf(db, to.id)).toBe(0);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN journal j ON j.id = e.journal_id WHERE j.reference_no = $1`,
      [receipt.body.referenceNo],
    );
    expect(rows[0]!.n).toBe(0);
    const ins = await instruction(id);
    expect(ins).toMatchObject({
      flow_id: 'transfer.samebank',
      kind: 'once',
      next_run_date: date,
      status: 'active',
    });
    expect(ins.form).not.toHaveProperty('when');
    // /mytransaction/ lists it.
    const list = await post(app, '/api/schedule/v1/list', who.headers, {});
    expect(list.body.instructions.find((i: { id: string }) => i.id === String(id))).toMatchObject({
      flowId: 'transfer.samebank',
      nextRunDate: date,
      amount: { amount: rp(100_000), currency: 'IDR' },
    });
    // Its date comes: posted once, the customer told; run again, nothing more.
    await makeDue(id);
    expect(await run()).toMatchObject({ success: 1 });
    await makeDue(id);
    expect(await run()).toMatchObject({ success: 0 });
    expect(await occurrences(id)).toBe(1);
    expect(await balanceOf(db, to.id)).toBe(rp(100_000));
    expect(await balanceOf(db, acc.id)).toBe(before - rp(100_000));
    expect(await instruction(id)).toMatchObject({ status: 'finished', runs_done: 1 });
    expect((await mailbox()).at(-1)!.subject_eng).toBe('Scheduled transfer done');
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('schedules a monthly transfer with a number of transfers, and an every-n-days one until a date', async () => {
    const start = inDays(2);
    const { inquiry, receipt } = await transact(
      app,
      db,
      who,
      'transfer.samebank',
      sameBank({
        kind: 'recurring',
        every: 'month',
        dayOfMonth: 'EOM',
        startDate: start,
        endKind: 'count',
        occurrences: 6,
      }),
    );
    expect(inquiry.body.details.schedule.en).toMatch(/^Every month on its last day, from .+, 6 transfers$/);
    expect(inquiry.body.details.schedule.id).toMatch(/^Setiap akhir bulan, mulai .+, 6 kali transfer$/);
    const monthly = await instruction(receipt.body.scheduled.instructionId);
    expect(monthly).toMatchObject({
      kind: 'recurring',
      recurrence: { every: 'month', dayOfMonth: 'EOM' },
      max_runs: 6,
    });
    expect(monthly.next_run_date! >= start).toBe(true);

    const end = inDays(30);
    const daily = await transact(
      app,
      db,
      who,
      'transfer.samebank',
      sameBank({
        kind: 'recurring',
        every: 'day',
        interval: 7,
        startDate: start,
        endKind: 'date',
        endDate: end,
      }),
    );
    expect(daily.inquiry.body.details.schedule.en).toMatch(/^Every 7 days, from .+, until .+$/);
    const id = daily.receipt.body.scheduled.instructionId as number;
    expect(await instruction(id)).toMatchObject({
      recurrence: { every: 'day', interval: 7 },
      end_date: end,
      next_run_date: start,
    });
    // The first occurrence runs, the next is a week later.
    await makeDue(id);
    expect(await run()).toMatchObject({ success: 1 });
    expect(await instruction(id)).toMatchObject({ status: 'active', runs_done: 1, next_run_date: inDays(9) });
  });

  it('schedules a transfer the balance does not cover today, and one after the cut-off: both are checked on the day they run', async () => {
    const poor = await insertAccount(db, who.customerId, { balance: rp(1_000) });
    const { receipt } = await transact(
      app,
      db,
      who,
      'transfer.samebank',
      sameBank({ kind: 'date', date: inDays(1) }, { sourceOfFund: String(poor.id) }),
    );
    expect(receipt.body.scheduled.instructionId).toEqual(expect.any(Number));
    // Now is still checked as before: refused.
    const now = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.samebank',
      form: sameBank({ kind: 'now' }, { sourceOfFund: String(poor.id) }),
    });
    expect(now.body.apierror.errorCode).toBe('INSUFFICIENT_BALANCE');
  });

  it('schedules an SKN transfer for a later date: it runs through the clearing house, held until the batch, then settled, and the customer is told', async () => {
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await transact(
      app,
      db,
      who,
      'transfer.skn',
      skn({ kind: 'date', date: inDays(4) }),
    );
    expect(inquiry.status).toBe(200);
    // Today's cut-off says nothing of that date.
    expect(inquiry.body.details).not.toHaveProperty('effectiveDate');
    expect(inquiry.body.fees).toEqual([{ kind: 'admin', amount: { amount: rp(2_900), currency: 'IDR' } }]);
    const id = receipt.body.scheduled.instructionId as number;
    expect(await instruction(id)).toMatchObject({ business_days_only: true, kind: 'once' });
    expect(await balanceOf(db, acc.id)).toBe(before);

    process.env.CLEARING_SKN_BATCH_MS = String(3_600_000);
    await makeDue(id);
    expect(await run()).toMatchObject({ pending: 1 });
    expect(await balanceOf(db, acc.id)).toBe(before - rp(2_002_900));
    expect((await mailbox()).at(-1)!.subject_eng).toBe('Scheduled transfer in progress');
    const { rows } = await db.query<{ journal_id: number; status: string; reference_no: string }>(
      'SELECT journal_id, status, reference_no FROM scheduled_runs WHERE instruction_id = $1',
      [id],
    );
    expect(rows[0]!.status).toBe('pending');
    // The batch runs (after the cut-off the run waits for the next business day: that day comes).
    process.env.CLEARING_SKN_BATCH_MS = '1';
    await db.query(
      `UPDATE journal SET details = details #- '{receipt,details,effectiveDate}' WHERE id = $1`,
      [rows[0]!.journal_id],
    );
    await db.query(`UPDATE pending_settlements SET next_check_at = now()`);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 1 });
    const after = await db.query<{ status: string }>(
      'SELECT status FROM scheduled_runs WHERE instruction_id = $1',
      [id],
    );
    expect(after.rows[0]!.status).toBe('success');
    const last = (await mailbox()).at(-1)!;
    expect(last.subject_eng).toBe('Scheduled transfer done');
    expect(last.body_eng).toContain(rows[0]!.reference_no);
    expect(await balanceOf(db, acc.id)).toBe(before - rp(2_002_900));
    expect(await occurrences(id)).toBe(1);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('a scheduled SKN transfer the receiving bank returns: the money and fee back, the run failed, the customer told why', async () => {
    const before = await balanceOf(db, acc.id);
    const { receipt } = await transact(
      app,
      db,
      who,
      'transfer.skn',
      skn({ kind: 'date', date: inDays(5) }, { beneficiaryName: 'Budi Hartono' }),
    );
    const id = receipt.body.scheduled.instructionId as number;
    process.env.CLEARING_SKN_BATCH_MS = String(3_600_000);
    await makeDue(id);
    expect(await run()).toMatchObject({ pending: 1 });
    process.env.CLEARING_SKN_BATCH_MS = '1';
    await db.query(
      `UPDATE journal SET details = details #- '{receipt,details,effectiveDate}' WHERE idempotency_key LIKE $1`,
      [`sched-${id}-%`],
    );
    await db.query(`UPDATE pending_settlements SET next_check_at = now()`);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ failed: 1 });
    const r = await db.query<{ status: string; reason: string; error: { errorCode: string } }>(
      'SELECT status, reason, error FROM scheduled_runs WHERE instruction_id = $1',
      [id],
    );
    expect(r.rows[0]).toMatchObject({ status: 'failed', reason: 'returned', error: { errorCode: 'BE01' } });
    const last = (await mailbox()).at(-1)!;
    expect(last.subject_eng).toBe('Scheduled transfer returned');
    expect(last.body_eng).toContain("the beneficiary's name does not match the account");
    expect(last.body_idn).toContain('Dana dan biayanya telah kembali');
    expect(await balanceOf(db, acc.id)).toBe(before);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('runs scheduled online, BI-FAST and RTGS transfers through the clearing house, by the same posting path as a confirm', async () => {
    const base = {
      sourceOfFund: String(acc.id),
      bankCode: '014',
      beneficiaryAccountNo: '1234567890',
      purpose: 'family',
      amount: rp(500_000),
      when: { kind: 'date', date: inDays(2) },
    };
    const ids: number[] = [];
    for (const flowId of ['transfer.online', 'transfer.bifast']) {
      const { receipt } = await transact(app, db, who, flowId, base);
      expect(receipt.body.apierror).toBeUndefined();
      ids.push(receipt.body.scheduled.instructionId);
    }
    // RTGS is above Rp 100 million: the customer's own transfer limit allows it.
    await setLimits(db, who.customerId, 'transfer', rp(10_000), rp(1_000_000_000), rp(2_000_000_000));
    const rtgs = await transact(app, db, who, 'transfer.rtgs', {
      ...skn({ kind: 'date', date: inDays(2) }),
      amount: rp(150_000_000),
    });
    expect(rtgs.receipt.body.apierror).toBeUndefined();
    expect(rtgs.receipt.body.scheduled.instructionId).toEqual(expect.any(Number));
    ids.push(rtgs.receipt.body.scheduled.instructionId);
    const before = await balanceOf(db, acc.id);
    process.env.CLEARING_RTGS_BATCH_MS = String(3_600_000);
    for (const id of ids) await makeDue(id);
    const counts = await run();
    delete process.env.CLEARING_RTGS_BATCH_MS;
    // Online and BI-FAST answer at once; RTGS waits for its run.
    expect(counts).toMatchObject({ success: 2, pending: 1, failed: 0 });
    expect(await balanceOf(db, acc.id)).toBe(before - rp(506_500) - rp(502_500) - rp(150_030_000));
    for (const id of ids) expect(await occurrences(id)).toBe(1);
    const { rows } = await db.query<{
      reference_no: string;
      details: { receipt: { details: Record<string, unknown> } };
    }>(`SELECT reference_no, details FROM journal WHERE idempotency_key LIKE $1`, [`sched-${ids[1]}-%`]);
    expect(rows[0]!.details.receipt.details.clearingReference).toMatch(/^BIF\d{15}$/);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('schedules a SWIFT transfer at the rate of the day it runs, said before verify', async () => {
    await setLimits(db, who.customerId, 'transfer-swift', rp(10_000), rp(5_000_000_000), rp(10_000_000_000));
    const q = (await post(app, '/api/transfer/v1/special-rate/quote', who.headers, { currency: 'USD' })).body;
    const { inquiry, receipt } = await transact(app, db, who, 'transfer.swift-rupiah', {
      sourceOfFund: String(acc.id),
      country: 'SG',
      swiftBank: 'DBSSSGSG',
      bankCity: 'Singapore',
      beneficiaryAccountNo: '0721234567',
      beneficiaryName: 'Tan Wei Ming',
      addressLine1: '12 Marina Boulevard',
      currency: 'USD',
      amount: usd(1_000),
      chargeOption: 'SHA',
      purpose: 'family',
      rateQuoteId: q.quoteId,
      when: { kind: 'date', date: inDays(3) },
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details.schedule.en).toContain('special rate of the day it runs');
    expect(inquiry.body.details.schedule.id).toContain('kurs spesial pada hari transfer berjalan');
    const id = receipt.body.scheduled.instructionId as number;
    const ins = await instruction(id);
    expect(ins.form).not.toHaveProperty('rateQuoteId');
    expect(ins.business_days_only).toBe(true);
    const before = await balanceOf(db, acc.id);
    await makeDue(id);
    expect(await run()).toMatchObject({ success: 1 });
    expect(await balanceOf(db, acc.id)).toBeLessThan(before);
    expect(await occurrences(id)).toBe(1);
  });

  it.each([
    [
      'a date in the past',
      { kind: 'date', date: inDays(-1) },
      '/form/when/date',
      /after today/,
      /setelah hari ini/,
    ],
    [
      'today (that is "now")',
      { kind: 'date', date: inDays(0) },
      '/form/when/date',
      /after today/,
      /setelah hari ini/,
    ],
    [
      'a date more than a year ahead',
      { kind: 'date', date: inDays(400) },
      '/form/when/date',
      /a year ahead/,
      /satu tahun/,
    ],
    [
      'an end before the start',
      {
        kind: 'recurring',
        every: 'week',
        dayOfWeek: '1',
        startDate: inDays(10),
        endKind: 'date',
        endDate: inDays(5),
      },
      '/form/when/endDate',
      /not be before the start/,
      /tidak boleh sebelum tanggal mulai/,
    ],
    [
      'a start in the past',
      {
        kind: 'recurring',
        every: 'month',
        dayOfMonth: '5',
        startDate: inDays(-3),
        endKind: 'count',
        occurrences: 2,
      },
      '/form/when/startDate',
      /start date must be after today/,
      /Tanggal mulai harus setelah hari ini/,
    ],
    [
      'a weekly rule with no occurrence before its end',
      {
        kind: 'recurring',
        every: 'week',
        // The day after the only day the rule spans, whatever today is.
        dayOfWeek: String((dayOfWeek(inDays(2)) % 7) + 1),
        startDate: inDays(2),
        endKind: 'date',
        endDate: inDays(2),
      },
      '/form/when/endDate',
      /No transfer falls/,
      /Tidak ada transfer/,
    ],
  ])(
    'refuses %s on its field in both languages (422), and stores nothing',
    async (_n, when, field, eng, idn) => {
      const count = async () =>
        (
          await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM scheduled_transfers WHERE customer_id = $1',
            [who.customerId],
          )
        ).rows[0]!.n;
      const n = await count();
      const res = await post(app, '/api/transaction/v1/inquiry', who.headers, {
        flowId: 'transfer.samebank',
        form: sameBank(when),
      });
      expect(res.status).toBe(422);
      expect(res.body.apierror.errorCode).toBe('INVALID_SCHEDULE');
      expect(res.body.apierror.fields[field].eng).toMatch(eng);
      expect(res.body.apierror.fields[field].idn).toMatch(idn);
      expect(await count()).toBe(n);
    },
  );

  it.each([
    [
      'no end',
      { kind: 'recurring', every: 'day', interval: 3, startDate: inDays(2) },
      '/form/when/endKind',
      'Choose how the transfers end',
      'Pilih kapan transfer berakhir',
    ],
    [
      '0 transfers',
      {
        kind: 'recurring',
        every: 'day',
        interval: 3,
        startDate: inDays(2),
        endKind: 'count',
        occurrences: 0,
      },
      '/form/when/occurrences',
      'Enter a number of transfers from 1 to 120',
      'Masukkan jumlah transfer 1 sampai 120',
    ],
    [
      'every 40 days',
      {
        kind: 'recurring',
        every: 'day',
        interval: 40,
        startDate: inDays(2),
        endKind: 'count',
        occurrences: 2,
      },
      '/form/when/interval',
      'Enter a number of days from 1 to 31',
      'Masukkan jumlah hari 1 sampai 31',
    ],
    [
      'a weekly one without its day',
      { kind: 'recurring', every: 'week', startDate: inDays(2), endKind: 'count', occurrences: 2 },
      '/form/when/dayOfWeek',
      'Choose the day of the week',
      'Pilih hari',
    ],
    [
      'a date without the date',
      { kind: 'date' },
      '/form/when/date',
      'Choose the transfer date',
      'Pilih tanggal transfer',
    ],
    [
      'an unknown kind',
      { kind: 'sometimes' },
      '/form/when/kind',
      'Choose when to transfer',
      'Pilih waktu transfer',
    ],
  ])(
    'refuses a "when" with %s by the form’s own rule (400), in both languages',
    async (_n, when, field, eng, idn) => {
      const res = await post(app, '/api/transaction/v1/inquiry', who.headers, {
        flowId: 'transfer.samebank',
        form: sameBank(when),
      });
      expect(res.status).toBe(400);
      expect(res.body.apierror.fields[field]).toEqual({ eng, idn });
    },
  );
});

// What can differ between the engines: two confirms of one scheduling at once, and two app servers
// running off-bank instructions.
describe.each(bothEngines)('scheduling under concurrency on $name', (engine) => {
  const { openTwice } = engine;
  it('two confirms of one scheduling inquiry (a double click) store one instruction', async () => {
    const { app, db, close } = await openTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
    try {
      await app.ready();
      const who = await customerWithSession(db);
      const acc = await insertAccount(db, who.customerId, { balance: rp(1_000_000) });
      const other = await insertCustomer(db, { phones: [uniquePhone()] });
      const to = await insertAccount(db, other.customerId, { balance: 0 });
      const { confirm } = await quoteAndSendOtp(app, db, who, 'transfer.samebank', {
        sourceOfFund: String(acc.id),
        beneficiaryAccountNo: to.accountNo,
        purpose: 'family',
        amount: rp(50_000),
        when: { kind: 'date', date: inDays(2) },
      });
      const body = { inquiryId: confirm!.inquiryId, otp: confirm!.otp, idempotencyKey: 'double-click-1' };
      const [a, b] = await Promise.all([
        post(app, '/api/transaction/v1/confirm', who.headers, body),
        post(app, '/api/transaction/v1/confirm', who.headers, body),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.scheduled).toEqual(b.body.scheduled);
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM scheduled_transfers WHERE customer_id = $1',
        [who.customerId],
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await close();
    }
  });

  it('two app servers run due BI-FAST and same-bank instructions, each exactly once', async () => {
    const twice = await openTwice();
    try {
      const { first, second } = twice;
      const c = await insertCustomer(first, { phones: [uniquePhone()] });
      const src = await insertAccount(first, c.customerId, { balance: rp(1_000_000_000) });
      const o = await insertCustomer(first, { phones: [uniquePhone()] });
      const dst = await insertAccount(first, o.customerId, { balance: 0 });
      const { createInstruction } = await import('../../../src/server/schedules/store');
      const n = 30;
      for (let i = 0; i < n; i++)
        await createInstruction(
          first,
          i % 2
            ? {
                customerId: c.customerId,
                flowId: 'transfer.bifast',
                form: {
                  sourceOfFund: String(src.id),
                  bankCode: '014',
                  beneficiaryAccountNo: '1234567890',
                  purpose: 'family',
                  amount: rp(10_000),
                },
                amount: rp(10_000),
                currency: 'IDR',
                when: { kind: 'date', date: inDays(1) },
              }
            : {
                customerId: c.customerId,
                flowId: 'transfer.samebank',
                form: {
                  sourceOfFund: String(src.id),
                  beneficiaryAccountNo: dst.accountNo,
                  purpose: 'family',
                  amount: rp(10_000),
                },
                amount: rp(10_000),
                currency: 'IDR',
                when: { kind: 'date', date: inDays(1) },
              },
          bankDate(),
        );
      await first.query(`UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second'`);
      const drain = async (server: Db) => {
        let total = 0;
        for (;;) {
          const r = await runDueInstructions(
            server,
            { runner: ledgerRunner(server, catalog, serverRegistry()) },
            { limit: 5 },
          );
          total += r.success;
          if (r.success + r.failed + r.lost + r.errors + r.pending === 0) return total;
        }
      };
      const [a, b] = await Promise.all([drain(first), drain(second)]);
      expect(a + b).toBe(n);
      const { rows } = await first.query<{ n: number; k: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS k FROM journal
          WHERE customer_id = $1 AND idempotency_key LIKE 'sched-%'`,
        [c.customerId],
      );
      expect(rows[0]).toEqual({ n, k: n });
      expect(await balanceOf(first, src.id)).toBe(rp(1_000_000_000) - 15 * rp(10_000) - 15 * rp(12_500));
      expect(await unbalancedJournals(first)).toBe(0);
    } finally {
      await twice.close();
    }
  });
});
