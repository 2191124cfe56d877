import type { Db, Queryable } from '../db/db';
import { bankDate } from '../../shared/bank-time';
import { MAX_ATTEMPTS, occurrenceAfter, runDateOf, runInstant } from './recurrence';
import {
  holidaysFrom,
  instructionOf,
  INSTRUCTION_COLUMNS,
  type Instruction,
  type InstructionRow,
} from './store';
import { mailboxNotifier, messages, type CustomerNotifier } from './notifier';
import type { InstructionRunner, RunResult } from './runner';

/**
 * Runs due scheduled transfers, each occurrence exactly once, on any number of app servers sharing
 * the database:
 * - an instruction is claimed with FOR UPDATE SKIP LOCKED and leased for SCHEDULE_LEASE_S (a server
 *   that stops mid-run leaves it to another once the lease runs out);
 * - the occurrence is posted under the idempotency key "sched-<id>-<date>", so a second server that
 *   takes it over after a lost lease finds the journal already there and posts nothing;
 * - its outcome and the instruction's advance are written together, guarded on the occurrence and
 *   attempt claimed, so one outcome is recorded once (and the customer told once).
 *
 * As a bank does: an occurrence short of funds is tried again at 09:00 and 12:00 WIB the same day, then
 * failed (nothing debited) and the customer told; a recurring transfer goes on with its next
 * occurrence, and is stopped (suspended) after SUSPEND_AFTER failed occurrences in a row. A limit or
 * account problem fails the occurrence at once. Transfers that clear through SKN/RTGS
 * (business_days_only) run on the next business day when the date is a weekend or a bank holiday;
 * the rest (inside the bank, online, BI-FAST) run every day, holidays included. End of month is the
 * month's last day; the 31st of a shorter month is its last day.
 */
export const SCHEDULE_LEASE_S = 120;
export const SUSPEND_AFTER = 3;

export interface SchedulerDeps {
  runner: InstructionRunner;
  /** How the customer is told (the mailbox by default). */
  notify?: CustomerNotifier;
  onError?: (err: unknown, instructionId: number) => void;
}

export type RunCounts = Record<'success' | 'pending' | 'failed' | 'retrying' | 'lost' | 'errors', number>;

const whyText = (r: Extract<RunResult, { status: 'failed' }>) => ({
  eng: r.error.errorMessageEng.replace(/\.$/, '').toLowerCase(),
  idn: r.error.errorMessageIdn.replace(/\.$/, '').toLowerCase(),
});

/** Claims up to `limit` due instructions, runs each occurrence once, records the outcomes. */
export async function runDueInstructions(
  db: Db,
  deps: SchedulerDeps,
  opts: { limit?: number; leaseS?: number; concurrency?: number } = {},
): Promise<RunCounts> {
  const { rows } = await db.query<InstructionRow>(
    `UPDATE scheduled_transfers s SET lease_until = now() + make_interval(secs => $2)
       FROM (SELECT id FROM scheduled_transfers
              WHERE status = 'active' AND next_run_at <= now() AND (lease_until IS NULL OR lease_until <= now())
              ORDER BY next_run_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
      WHERE s.id = due.id
      RETURNING ${INSTRUCTION_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1s.$2')}`,
    [opts.limit ?? 50, opts.leaseS ?? SCHEDULE_LEASE_S],
  );
  const counts: RunCounts = { success: 0, pending: 0, failed: 0, retrying: 0, lost: 0, errors: 0 };
  if (!rows.length) return counts;
  const holidays = await holidaysFrom(db, bankDate());
  const notify = deps.notify ?? mailboxNotifier;
  const runMany = deps.runner.runMany?.bind(deps.runner);
  if (runMany) {
    // The whole batch in a few round trips: run together, every outcome recorded in one transaction.
    const list = rows.map(instructionOf);
    const results = await runMany(list.map((ins) => ({ instruction: ins, key: keyOf(ins) })));
    const ran: { ins: Instruction; result: RunResult }[] = [];
    for (const [i, r] of results.entries()) {
      if (r instanceof Error) {
        // No outcome: the lease runs out and a later run tries the same occurrence (same key) again.
        counts.errors += 1;
        deps.onError?.(r, list[i]!.id);
      } else ran.push({ ins: list[i]!, result: r });
    }
    try {
      for (const outcome of await recordMany(db, ran, holidays, notify)) counts[outcome] += 1;
    } catch (err) {
      counts.errors += ran.length;
      for (const { ins } of ran) deps.onError?.(err, ins.id);
    }
    return counts;
  }
  // Several at a time (each in its own transactions; one customer's queue on their advisory lock).
  const runOne = async (row: InstructionRow) => {
    const ins = instructionOf(row);
    try {
      const result = await deps.runner.run(ins, keyOf(ins));
      counts[await record(db, ins, result, holidays, notify)] += 1;
    } catch (err) {
      // No outcome: the lease runs out and a later run tries the same occurrence (same key) again.
      counts.errors += 1;
      deps.onError?.(err, ins.id);
    }
  };
  const width = Math.max(1, opts.concurrency ?? 4);
  for (let i = 0; i < rows.length; i += width) await Promise.all(rows.slice(i, i + width).map(runOne));
  return counts;
}

/** The occurrence's idempotency key: one journal per instruction and date, whichever server posts it. */
const keyOf = (ins: Instruction) => `sched-${ins.id}-${ins.nextRunDate}`;

/** The occurrence after `date`, or null when the instruction has run its course. */
function nextOccurrence(ins: Instruction, date: string, runsDone: number): string | null {
  if (ins.kind === 'once' || !ins.recurrence) return null;
  if (ins.maxRuns !== null && runsDone >= ins.maxRuns) return null;
  const next = occurrenceAfter(ins.recurrence, date, ins.startDate);
  return ins.endDate !== null && next > ins.endDate ? null : next;
}

/** What an occurrence's outcome writes: the instruction's advance and the run's row. */
function planOf(ins: Instruction, result: RunResult, holidays: ReadonlySet<string>) {
  const date = ins.nextRunDate!;
  const runDate = runDateOf(date, ins.businessDaysOnly, holidays);
  const attempts = ins.attempt + 1;
  const retry =
    result.status === 'failed' && result.reason === 'insufficient_funds' && attempts < MAX_ATTEMPTS;
  const runsDone = retry ? ins.runsDone : ins.runsDone + 1;
  const next = retry ? null : nextOccurrence(ins, date, runsDone);
  const failuresInARow =
    result.status === 'failed' ? (retry ? ins.failuresInARow : ins.failuresInARow + 1) : 0;
  const suspend = !retry && result.status === 'failed' && next !== null && failuresInARow >= SUSPEND_AFTER;
  const status = retry ? 'active' : suspend ? 'suspended' : next === null ? 'finished' : 'active';
  const nextAt = retry
    ? new Date(Math.max(runInstant(runDate, attempts).getTime(), Date.now()))
    : next && !suspend
      ? runInstant(runDateOf(next, ins.businessDaysOnly, holidays), 0)
      : null;
  const outcome: Exclude<keyof RunCounts, 'lost' | 'errors'> = retry ? 'retrying' : result.status;
  return { date, attempts, retry, next, runsDone, failuresInARow, suspend, status, nextAt, outcome };
}

/** The customer's messages of a recorded outcome, in the transaction that records it. */
async function tell(
  tx: Queryable,
  notify: CustomerNotifier,
  ins: Instruction,
  result: RunResult,
  plan: ReturnType<typeof planOf>,
): Promise<void> {
  const { date, retry, suspend, next, failuresInARow } = plan;
  if (result.status !== 'failed')
    await notify(
      tx,
      ins.customerId,
      messages.done(ins, date, result.referenceNo, result.status === 'pending'),
    );
  else if (!retry) {
    await notify(tx, ins.customerId, messages.failed(ins, date, whyText(result), suspend ? null : next));
    if (suspend) await notify(tx, ins.customerId, messages.suspended(ins, failuresInARow));
  }
}

/**
 * record() for a batch, in one transaction of three statements (and the messages): each instruction's
 * advance guarded on the occurrence and attempt claimed as record() guards it, so an occurrence another
 * server recorded meanwhile is 'lost' here and nothing of it is written twice.
 */
async function recordMany(
  db: Db,
  ran: readonly { ins: Instruction; result: RunResult }[],
  holidays: ReadonlySet<string>,
  notify: CustomerNotifier,
): Promise<(keyof RunCounts)[]> {
  if (!ran.length) return [];
  const plans = ran.map(({ ins, result }) => planOf(ins, result, holidays));
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE scheduled_transfers s
          SET next_run_date = x.next_date, next_run_at = x.next_at, attempt = x.new_attempt, runs_done = x.runs_done,
              failures_in_a_row = x.failures, status = x.status, lease_until = NULL, updated_at = now()
         FROM unnest($1::bigint[], $2::date[], $3::int[], $4::date[], $5::timestamptz[], $6::int[], $7::int[],
                     $8::int[], $9::text[]) AS x(id, date, attempt, next_date, next_at, new_attempt, runs_done, failures, status)
        WHERE s.id = x.id AND s.next_run_date = x.date AND s.attempt = x.attempt AND s.status = 'active'
        RETURNING s.id`,
      [
        ran.map((r) => r.ins.id),
        plans.map((p) => p.date),
        ran.map((r) => r.ins.attempt),
        plans.map((p) => (p.retry ? p.date : p.next)),
        plans.map((p) => (p.nextAt ? p.nextAt.toISOString() : null)),
        plans.map((p) => (p.retry ? p.attempts : 0)),
        plans.map((p) => p.runsDone),
        plans.map((p) => p.failuresInARow),
        plans.map((p) => p.status),
      ],
    );
    const recorded = new Set(rows.map((r) => Number(r.id)));
    const kept = ran.flatMap((r, i) => (recorded.has(r.ins.id) ? [{ ...r, plan: plans[i]! }] : []));
    if (kept.length) {
      await tx.query(
        `INSERT INTO scheduled_runs (instruction_id, run_date, status, attempts, journal_id, reference_no, reason, error)
         SELECT * FROM unnest($1::bigint[], $2::date[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::text[], $8::jsonb[])
         ON CONFLICT (instruction_id, run_date) DO UPDATE
           SET status = EXCLUDED.status, attempts = EXCLUDED.attempts, journal_id = EXCLUDED.journal_id,
               reference_no = EXCLUDED.reference_no, reason = EXCLUDED.reason, error = EXCLUDED.error, updated_at = now()`,
        [
          kept.map((k) => k.ins.id),
          kept.map((k) => k.plan.date),
          kept.map((k) => k.plan.outcome),
          kept.map((k) => k.plan.attempts),
          kept.map((k) => (k.result.status !== 'failed' ? k.result.journalId : null)),
          kept.map((k) => (k.result.status !== 'failed' ? k.result.referenceNo : null)),
          kept.map((k) => (k.result.status === 'failed' ? k.result.reason : null)),
          kept.map((k) => (k.result.status === 'failed' ? JSON.stringify(k.result.error) : null)),
        ],
      );
      for (const k of kept) await tell(tx, notify, k.ins, k.result, k.plan);
    }
    return ran.map((r, i) => (recorded.has(r.ins.id) ? plans[i]!.outcome : 'lost'));
  });
}

async function record(
  db: Db,
  ins: Instruction,
  result: RunResult,
  holidays: ReadonlySet<string>,
  notify: CustomerNotifier,
): Promise<keyof RunCounts> {
  const plan = planOf(ins, result, holidays);
  const { date, attempts, retry, next, runsDone, failuresInARow, status, nextAt, outcome } = plan;

  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE scheduled_transfers
          SET next_run_date = $4::date, next_run_at = $5, attempt = $6, runs_done = $7, failures_in_a_row = $8,
              status = $9, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND next_run_date = $2::date AND attempt = $3 AND status = 'active'`,
      [
        ins.id,
        date,
        ins.attempt,
        retry ? date : next,
        nextAt ? nextAt.toISOString() : null,
        retry ? attempts : 0,
        runsDone,
        failuresInARow,
        status,
      ],
    );
    // Another server recorded this occurrence (our lease had run out), or the customer changed it.
    if (rowCount !== 1) return 'lost';
    const ok = result.status !== 'failed';
    await tx.query(
      `INSERT INTO scheduled_runs (instruction_id, run_date, status, attempts, journal_id, reference_no, reason, error)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8::jsonb)
       ON CONFLICT (instruction_id, run_date) DO UPDATE
         SET status = EXCLUDED.status, attempts = EXCLUDED.attempts, journal_id = EXCLUDED.journal_id,
             reference_no = EXCLUDED.reference_no, reason = EXCLUDED.reason, error = EXCLUDED.error, updated_at = now()`,
      [
        ins.id,
        date,
        outcome,
        attempts,
        ok ? result.journalId : null,
        ok ? result.referenceNo : null,
        ok ? null : result.reason,
        ok ? null : JSON.stringify(result.error),
      ],
    );
    await tell(tx, notify, ins, result, plan);
    return outcome;
  });
}
