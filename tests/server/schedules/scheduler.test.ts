import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { runDueInstructions, SUSPEND_AFTER } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import {
  cancelInstruction,
  createInstruction,
  editInstruction,
  listInstructions,
  type NewInstruction,
} from '../../../src/server/schedules/store';
import type { CustomerMessage } from '../../../src/server/schedules/notifier';
import { ApiError } from '../../../src/server/http/api-error';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  insertAccount,
  insertCustomer,
  unbalancedJournals,
  uniquePhone,
} from '../../kit';

const rp = (n: number) => n * 100;
const catalog = loadCatalog();
const tomorrow = () => bankDate(new Date(), 1);

describe.each(bothEngines)('scheduled and recurring transfers on $name', (engine) => {
  const { openTwice } = engine;
  let db: Db;
  let customerId: number;
  let from: { id: number };
  let to: { id: number; accountNo: string };
  const inbox: { customerId: number; message: CustomerMessage }[] = [];
  const notify = async (_tx: Queryable, id: number, message: CustomerMessage) => {
    inbox.push({ customerId: id, message });
  };

  beforeAll(async () => {
    db = await engine.open();
    ({ customerId } = await insertCustomer(db, { phones: [uniquePhone()] }));
    from = await insertAccount(db, customerId, { balance: rp(10_000_000) });
    const other = await insertCustomer(db, { phones: [uniquePhone()] });
    to = await insertAccount(db, other.customerId, { balance: 0 });
  });
  afterAll(async () => db?.close());

  const sameBank = (
    amount: number,
    when: NewInstruction['when'],
    over: Partial<NewInstruction> = {},
  ): NewInstruction => ({
    customerId,
    flowId: 'transfer.samebank',
    form: { sourceOfFund: String(from.id), beneficiaryAccountNo: to.accountNo, purpose: 'family', amount },
    summary: { beneficiaryName: 'ANI', beneficiaryAccountNo: to.accountNo },
    amount,
    currency: 'IDR',
    when,
    ...over,
  });
  const makeDue = (id: number) =>
    db.query(`UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second' WHERE id = $1`, [id]);
  const row = async (id: number) =>
    (
      await db.query<{ status: string; next_run_date: string | null; attempt: number; runs_done: number }>(
        'SELECT status, next_run_date::text AS next_run_date, attempt, runs_done FROM scheduled_transfers WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const journalsOf = async (id: number) =>
    (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journal WHERE idempotency_key LIKE $1`, [
        `sched-${id}-%`,
      ])
    ).rows[0]!.n;
  const deps = () => ({ runner: ledgerRunner(db, catalog, serverRegistry()), notify });

  it('runs a transfer on its date once, tells the customer, and is finished', async () => {
    const id = await createInstruction(
      db,
      sameBank(rp(100_000), { kind: 'date', date: tomorrow() }),
      bankDate(),
    );
    // Not due yet: nothing runs.
    expect(await runDueInstructions(db, deps())).toMatchObject({ success: 0 });
    const before = await balanceOf(db, from.id);
    await makeDue(id);
    inbox.length = 0;
    expect(await runDueInstructions(db, deps())).toMatchObject({ success: 1 });
    expect(await balanceOf(db, from.id)).toBe(before - rp(100_000));
    expect(await balanceOf(db, to.id)).toBe(rp(100_000));
    expect(await row(id)).toMatchObject({ status: 'finished', next_run_date: null, runs_done: 1 });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.message.subject.eng).toBe('Scheduled transfer done');
    expect(inbox[0]!.message.body.idn).toContain('telah berhasil');
    // Run again: nothing more.
    await makeDue(id);
    expect(await runDueInstructions(db, deps())).toMatchObject({ success: 0 });
    expect(await journalsOf(id)).toBe(1);
    const [listed] = (await listInstructions(db, customerId)).filter((i) => i.id === id);
    expect(listed!.runs).toEqual([
      expect.objectContaining({
        runDate: tomorrow(),
        status: 'success',
        referenceNo: expect.stringMatching(/^\d{16}$/),
      }),
    ]);
  });

  it('goes on to the next occurrence of a recurring transfer and stops after the number of transfers', async () => {
    const start = tomorrow();
    const id = await createInstruction(
      db,
      sameBank(rp(10_000), {
        kind: 'recurring',
        recurrence: { every: 'day', interval: 7 },
        startDate: start,
        occurrences: 2,
      }),
      bankDate(),
    );
    await makeDue(id);
    await runDueInstructions(db, deps());
    const after1 = await row(id);
    expect(after1).toMatchObject({ status: 'active', runs_done: 1 });
    expect(after1.next_run_date).toBe(bankDate(new Date(Date.parse(`${start}T00:00:00Z`)), 7));
    await makeDue(id);
    await runDueInstructions(db, deps());
    expect(await row(id)).toMatchObject({ status: 'finished', runs_done: 2, next_run_date: null });
    expect(await journalsOf(id)).toBe(2);
  });

  it('retries a transfer short of funds the same day, then fails it with nothing debited, tells the customer, and stops a recurring one after three failures', async () => {
    const poor = await insertAccount(db, customerId, { balance: rp(5_000) });
    const id = await createInstruction(
      db,
      sameBank(
        rp(50_000),
        {
          kind: 'recurring',
          recurrence: { every: 'day', interval: 1 },
          startDate: tomorrow(),
          occurrences: 10,
        },
        {
          form: {
            sourceOfFund: String(poor.id),
            beneficiaryAccountNo: to.accountNo,
            purpose: 'family',
            amount: rp(50_000),
          },
        },
      ),
      bankDate(),
    );
    inbox.length = 0;
    for (let occurrence = 1; occurrence <= SUSPEND_AFTER; occurrence++) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        await makeDue(id);
        const counts = await runDueInstructions(db, deps());
        expect(counts).toMatchObject(attempt < 3 ? { retrying: 1 } : { failed: 1 });
      }
    }
    expect(await balanceOf(db, poor.id)).toBe(rp(5_000));
    expect(await journalsOf(id)).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'suspended', runs_done: 3 });
    // One message per failed occurrence (not per attempt), then the stop.
    expect(inbox.map((m) => m.message.subject.eng)).toEqual([
      'Scheduled transfer failed',
      'Scheduled transfer failed',
      'Scheduled transfer failed',
      'Recurring transfer stopped',
    ]);
    expect(inbox[0]!.message.body.eng).toContain('Nothing was debited. The next transfer is scheduled for');
    expect(inbox[0]!.message.body.eng).toContain('balance of your source of fund is not enough');
  });

  it('moves an SKN/RTGS transfer due on a holiday to the next business day, and not an in-bank one', async () => {
    const today = bankDate();
    if (today >= '2026-12-23') return; // the seeded calendar's example lies ahead only before then
    const skn = await createInstruction(
      db,
      sameBank(rp(10_000), { kind: 'date', date: '2026-12-24' }, { businessDaysOnly: true }),
      today,
    );
    const inBank = await createInstruction(
      db,
      sameBank(rp(10_000), { kind: 'date', date: '2026-12-24' }),
      today,
    );
    const at = async (id: number) =>
      new Date(
        (
          await db.query<{ next_run_at: string }>(
            'SELECT next_run_at FROM scheduled_transfers WHERE id = $1',
            [id],
          )
        ).rows[0]!.next_run_at,
      ).toISOString();
    expect(await at(skn)).toBe('2026-12-27T23:00:00.000Z'); // Monday 28 December, 06:00 WIB
    expect(await at(inBank)).toBe('2026-12-23T23:00:00.000Z');
    await cancelInstruction(db, customerId, skn, 1);
    await cancelInstruction(db, customerId, inBank, 1);
  });

  it('lets the customer cancel or change an instruction, and refuses a stale version', async () => {
    const id = await createInstruction(
      db,
      sameBank(rp(10_000), { kind: 'date', date: tomorrow() }),
      bankDate(),
    );
    await editInstruction(db, customerId, id, 1, { amount: rp(20_000) }, bankDate());
    const stale = await cancelInstruction(db, customerId, id, 1).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect((stale as ApiError).errorCode).toBe('SCHEDULE_CHANGED');
    const past = await editInstruction(
      db,
      customerId,
      id,
      2,
      { when: { kind: 'date', date: bankDate() } },
      bankDate(),
    ).catch((e: unknown) => e);
    expect((past as ApiError).fields).toHaveProperty('/when/date');
    await cancelInstruction(db, customerId, id, 2);
    await makeDue(id);
    expect(await runDueInstructions(db, deps())).toMatchObject({ success: 0 });
    expect(await row(id)).toMatchObject({ status: 'cancelled' });
    const gone = await cancelInstruction(db, customerId, id, 3).catch((e: unknown) => e);
    expect((gone as ApiError).errorCode).toBe('SCHEDULE_NOT_FOUND');
  });

  it('posts an occurrence once when a server lost its lease mid-run and another took it over', async () => {
    const id = await createInstruction(
      db,
      sameBank(rp(10_000), { kind: 'date', date: tomorrow() }),
      bankDate(),
    );
    await makeDue(id);
    const before = await balanceOf(db, from.id);
    // The first server posts, then its lease runs out before it records the outcome.
    const runner = ledgerRunner(db, catalog, serverRegistry());
    let stalled: Promise<void> | null = null;
    const slow = {
      run: async (ins: Parameters<typeof runner.run>[0], key: string) => {
        const r = await runner.run(ins, key);
        await db.query(
          `UPDATE scheduled_transfers SET lease_until = now() - interval '1 second' WHERE id = $1`,
          [id],
        );
        stalled = (async () => {
          // The second server takes the occurrence over meanwhile.
          expect(await runDueInstructions(db, deps())).toMatchObject({ success: 1 });
        })();
        await stalled;
        return r;
      },
    };
    expect(await runDueInstructions(db, { runner: slow })).toMatchObject({ lost: 1 });
    expect(await journalsOf(id)).toBe(1);
    expect(await balanceOf(db, from.id)).toBe(before - rp(10_000));
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('runs many due instructions across two app servers, each exactly once', async () => {
    const twice = await openTwice();
    try {
      const c = await insertCustomer(twice.first, { phones: [uniquePhone()] });
      const src = await insertAccount(twice.first, c.customerId, { balance: rp(1_000_000_000) });
      const o = await insertCustomer(twice.first, { phones: [uniquePhone()] });
      const dst = await insertAccount(twice.first, o.customerId, { balance: 0 });
      const n = 60;
      for (let i = 0; i < n; i++)
        await createInstruction(
          twice.first,
          {
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
            when: { kind: 'date', date: tomorrow() },
          },
          bankDate(),
        );
      await twice.first.query(`UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second'`);
      const drain = async (server: Db) => {
        let total = 0;
        for (;;) {
          const r = await runDueInstructions(
            server,
            { runner: ledgerRunner(server, catalog, serverRegistry()) },
            { limit: 7 },
          );
          const done = r.success + r.failed + r.lost + r.errors;
          total += r.success;
          if (done === 0) return total;
        }
      };
      const [a, b] = await Promise.all([drain(twice.first), drain(twice.second)]);
      expect(a + b).toBe(n);
      expect(await balanceOf(twice.first, dst.id)).toBe(n * rp(10_000));
      const { rows } = await twice.first.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM journal WHERE customer_id = $1 AND idempotency_key LIKE 'sched-%'`,
        [c.customerId],
      );
      expect(rows[0]!.n).toBe(n);
    } finally {
      await twice.close();
    }
  });
});
