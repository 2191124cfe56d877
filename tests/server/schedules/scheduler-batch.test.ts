import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner, type InstructionRunner } from '../../../src/server/schedules/runner';
import { createInstruction } from '../../../src/server/schedules/store';
import { noNotifier } from '../../../src/server/schedules/notifier';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  insertAccount,
  insertCustomer,
  unbalancedJournals,
  uniquePhone,
} from '../../kit';

// Issue 43: the scheduler runs a claimed batch together (runner.runMany: one read of what is already
// posted, the quotes gathered, each customer's postings in one transaction) and records every outcome
// in one transaction, guarded as one occurrence's record is. Each occurrence still posts exactly once.

const rp = (n: number) => n * 100;
const catalog = loadCatalog();
const tomorrow = () => bankDate(new Date(), 1);

/** n due own-account instructions of each of `customers` customers; one of them short of funds. */
async function dueInstructions(db: Db, customers: number, n: number) {
  const ids: number[] = [];
  const accounts: { from: number; to: number }[] = [];
  for (let c = 0; c < customers; c++) {
    const { customerId } = await insertCustomer(db, { phones: [uniquePhone()] });
    // The last customer can pay one transfer only: the rest are retried later the same day.
    const from = await insertAccount(db, customerId, {
      balance: c === customers - 1 ? rp(10_000) : rp(10_000_000),
    });
    const to = await insertAccount(db, customerId, { balance: 0 });
    accounts.push({ from: from.id, to: to.id });
    for (let i = 0; i < n; i++)
      ids.push(
        await createInstruction(
          db,
          {
            customerId,
            flowId: 'transfer.own',
            form: { sourceOfFund: String(from.id), beneficiaryAccount: String(to.id), amount: rp(10_000) },
            summary: {},
            amount: rp(10_000),
            currency: 'IDR',
            when: { kind: 'date', date: tomorrow() },
          },
          bankDate(),
        ),
      );
  }
  await db.query(`UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second'`);
  return { ids, accounts };
}

const journalsByKey = async (db: Db) =>
  (
    await db.query<{ keys: number; n: number }>(
      `SELECT count(DISTINCT idempotency_key)::int AS keys, count(*)::int AS n FROM journal WHERE idempotency_key LIKE 'sched-%'`,
    )
  ).rows[0]!;

describe.each(bothEngines)('the scheduler runs a batch together on $name', ({ openTwice }) => {
  it('posts each of 120 occurrences once across two servers, and records each once', async () => {
    const twice = await openTwice();
    try {
      const { ids, accounts } = await dueInstructions(twice.first, 6, 20);
      const drain = async (server: Db) => {
        const total = { success: 0, retrying: 0, lost: 0, errors: 0 };
        const runner = ledgerRunner(server, catalog, serverRegistry());
        for (;;) {
          const r = await runDueInstructions(server, { runner, notify: noNotifier }, { limit: 25 });
          for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
          if (r.success + r.failed + r.lost + r.errors + r.retrying + r.pending === 0) return total;
        }
      };
      const [a, b] = await Promise.all([drain(twice.first), drain(twice.second)]);
      // 19 of the short customer's wait for the next try (09:00 WIB), the rest are booked.
      expect(a.success + b.success).toBe(101);
      expect(a.retrying + b.retrying).toBe(19);
      expect(a.errors + b.errors).toBe(0);
      expect(await journalsByKey(twice.first)).toEqual({ keys: 101, n: 101 });
      const runs = await twice.first.query<{ n: number; instructions: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT instruction_id)::int AS instructions FROM scheduled_runs`,
      );
      expect(runs.rows[0]).toEqual({ n: ids.length, instructions: ids.length });
      for (const [c, acc] of accounts.entries())
        expect(await balanceOf(twice.first, acc.to)).toBe(
          c === accounts.length - 1 ? rp(10_000) : rp(200_000),
        );
      expect(await unbalancedJournals(twice.first)).toBe(0);
    } finally {
      await twice.close();
    }
  });

  it('records nothing twice when its lease ran out mid-batch and another server took the batch over', async () => {
    const twice = await openTwice();
    try {
      await dueInstructions(twice.first, 3, 4);
      const ledger = ledgerRunner(twice.first, catalog, serverRegistry());
      let other: Awaited<ReturnType<typeof runDueInstructions>> | undefined;
      // The first server posts its batch, then stalls past its lease; the second runs the same occurrences.
      const stalled: InstructionRunner = {
        run: (ins, key) => ledger.run(ins, key),
        runMany: async (items) => {
          const results = await ledger.runMany!(items);
          await twice.first.query(`UPDATE scheduled_transfers SET lease_until = now() - interval '1 second'`);
          other = await runDueInstructions(twice.second, {
            runner: ledgerRunner(twice.second, catalog, serverRegistry()),
            notify: noNotifier,
          });
          return results;
        },
      };
      const first = await runDueInstructions(twice.first, { runner: stalled, notify: noNotifier });
      // The second recorded every occurrence from the journals the first posted; the first's records are lost.
      expect(other).toMatchObject({ success: 9, retrying: 3 });
      expect(first).toMatchObject({ success: 0, retrying: 0, lost: 12 });
      expect(await journalsByKey(twice.first)).toEqual({ keys: 9, n: 9 });
      expect(await unbalancedJournals(twice.first)).toBe(0);
    } finally {
      await twice.close();
    }
  });
});
