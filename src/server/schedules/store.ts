import type { Queryable } from '../db/db';
import type { KeyedRead } from '../db/keyed-reads';
import { ApiError } from '../http/api-error';
import {
  checkWhen,
  occurrenceOnOrAfter,
  runDateOf,
  runInstant,
  type Recurrence,
  type When,
  type WhenProblem,
} from './recurrence';

/** A scheduled or recurring transfer as the database keeps it. */
export interface Instruction {
  id: number;
  customerId: number;
  flowId: string;
  form: Record<string, unknown>;
  summary: Record<string, unknown>;
  amount: number;
  currency: string;
  kind: 'once' | 'recurring';
  recurrence: Recurrence | null;
  startDate: string;
  endDate: string | null;
  maxRuns: number | null;
  businessDaysOnly: boolean;
  massBatchId: string | null;
  status: 'active' | 'finished' | 'cancelled' | 'suspended';
  nextRunDate: string | null;
  nextRunAt: string | null;
  attempt: number;
  runsDone: number;
  failuresInARow: number;
  version: number;
}

export interface InstructionRow {
  id: number;
  customer_id: number;
  flow_id: string;
  form: Record<string, unknown>;
  summary: Record<string, unknown>;
  amount: number;
  currency: string;
  kind: 'once' | 'recurring';
  recurrence: Recurrence | null;
  start_date: string | Date;
  end_date: string | Date | null;
  max_runs: number | null;
  business_days_only: boolean;
  mass_batch_id: string | null;
  status: Instruction['status'];
  next_run_date: string | Date | null;
  next_run_at: string | Date | null;
  attempt: number;
  runs_done: number;
  failures_in_a_row: number;
  version: number;
}

/** A date column, selected as text (INSTRUCTION_COLUMNS), as "YYYY-MM-DD". */
export function dateText(v: string | Date | null): string | null {
  if (v === null) return null;
  return typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
}

export function instructionOf(r: InstructionRow): Instruction {
  return {
    id: Number(r.id),
    customerId: Number(r.customer_id),
    flowId: r.flow_id,
    form: r.form,
    summary: r.summary,
    amount: r.amount,
    currency: r.currency.trim(),
    kind: r.kind,
    recurrence: r.recurrence,
    startDate: dateText(r.start_date)!,
    endDate: dateText(r.end_date),
    maxRuns: r.max_runs,
    businessDaysOnly: r.business_days_only,
    massBatchId: r.mass_batch_id,
    status: r.status,
    nextRunDate: dateText(r.next_run_date),
    nextRunAt: r.next_run_at === null ? null : new Date(r.next_run_at).toISOString(),
    attempt: r.attempt,
    runsDone: r.runs_done,
    failuresInARow: r.failures_in_a_row,
    version: r.version,
  };
}

/** Dates as text, so neither driver turns them into local-midnight instants. */
export const INSTRUCTION_COLUMNS = `id, customer_id, flow_id, form, summary, amount, currency, kind, recurrence,
  start_date::text AS start_date, end_date::text AS end_date, max_runs, business_days_only, mass_batch_id, status,
  next_run_date::text AS next_run_date, next_run_at, attempt, runs_done, failures_in_a_row, version`;

/** Holidays from `from` on (a small table: a few years of dates). */
export async function holidaysFrom(db: Queryable, from: string): Promise<Set<string>> {
  const { rows } = await db.query<{ day: string }>(
    'SELECT day::text AS day FROM bank_holidays WHERE day >= $1::date - 7',
    [from],
  );
  return new Set(rows.map((r) => r.day));
}

/** holidaysFrom as a keyed read: the SKN and RTGS rows of a batch ask for them once. */
export const holidaysSince: KeyedRead<string, Set<string>> = {
  name: 'holidaysSince',
  id: (from) => from,
  load: (db, days) => Promise.all(days.map((from) => holidaysFrom(db, from))),
};

const WHEN_TEXT: Record<string, { eng: string; idn: string }> = {
  'date.invalid': { eng: 'Choose a valid date', idn: 'Pilih tanggal yang valid' },
  'date.past': { eng: 'The date must be after today', idn: 'Tanggal harus setelah hari ini' },
  'date.tooFar': {
    eng: 'The date can be at most a year ahead',
    idn: 'Tanggal paling lambat satu tahun ke depan',
  },
  'startDate.invalid': { eng: 'Choose a valid start date', idn: 'Pilih tanggal mulai yang valid' },
  'startDate.past': {
    eng: 'The start date must be after today',
    idn: 'Tanggal mulai harus setelah hari ini',
  },
  'startDate.tooFar': {
    eng: 'The start date can be at most a year ahead',
    idn: 'Tanggal mulai paling lambat satu tahun ke depan',
  },
  'endDate.invalid': { eng: 'Choose a valid end date', idn: 'Pilih tanggal akhir yang valid' },
  'endDate.beforeStart': {
    eng: 'The end date must not be before the start date',
    idn: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
  },
  'endDate.tooFar': {
    eng: 'The end date can be at most five years ahead',
    idn: 'Tanggal akhir paling lambat lima tahun ke depan',
  },
  'recurrence.invalid': { eng: 'Choose how often to transfer', idn: 'Pilih frekuensi transfer' },
  'end.missing': {
    eng: 'Choose an end date or a number of transfers',
    idn: 'Pilih tanggal akhir atau jumlah transfer',
  },
  'end.both': {
    eng: 'Choose either an end date or a number of transfers',
    idn: 'Pilih tanggal akhir atau jumlah transfer, salah satu saja',
  },
  'end.tooMany': {
    eng: 'The number of transfers must be 1 to 120',
    idn: 'Jumlah transfer harus 1 sampai 120',
  },
  'end.noOccurrence': {
    eng: 'No transfer falls between the start and end dates',
    idn: 'Tidak ada transfer di antara tanggal mulai dan tanggal akhir',
  },
};

/** A "when" the rules refuse, as the spec's apierror with the message on its field (/when/<field>). */
export function whenError(p: WhenProblem, base = '/when'): ApiError {
  const text = WHEN_TEXT[`${p.field}.${p.problem}`]!;
  return new ApiError(
    422,
    'CLICKS',
    'INVALID_SCHEDULE',
    {
      titleEng: 'Check the transfer date',
      titleIdn: 'Periksa tanggal transfer',
      messageEng: `${text.eng}.`,
      messageIdn: `${text.idn}.`,
    },
    { [`${base}/${p.field}`]: text },
  );
}

export interface NewInstruction {
  customerId: number;
  flowId: string;
  form: Record<string, unknown>;
  summary?: Record<string, unknown>;
  amount: number;
  currency: string;
  when: Exclude<When, { kind: 'now' }>;
  businessDaysOnly?: boolean;
  massBatchId?: string;
}

/** The first occurrence and when it runs. */
function firstRun(when: NewInstruction['when'], businessDaysOnly: boolean, holidays: ReadonlySet<string>) {
  const date = when.kind === 'date' ? when.date : occurrenceOnOrAfter(when.recurrence, when.startDate);
  return { date, at: runInstant(runDateOf(date, businessDaysOnly, holidays), 0) };
}

/**
 * Stores a verified instruction (the flow engine's confirm calls it for "specific date" and
 * "recurring" instead of posting now). `today` is the bank's date; a "when" its rules refuse throws
 * the apierror. Returns the instruction's id.
 */
export async function createInstruction(db: Queryable, n: NewInstruction, today: string): Promise<number> {
  const problem = checkWhen(n.when, today);
  if (problem) throw whenError(problem);
  const bdo = n.businessDaysOnly ?? false;
  const first = firstRun(n.when, bdo, await holidaysFrom(db, today));
  const w = n.when;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO scheduled_transfers (customer_id, flow_id, form, summary, amount, currency, kind, recurrence,
                                      start_date, end_date, max_runs, business_days_only, mass_batch_id,
                                      next_run_date, next_run_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8::jsonb, $9::date, $10::date, $11, $12, $13, $14::date, $15)
     RETURNING id`,
    [
      n.customerId,
      n.flowId,
      JSON.stringify(n.form),
      JSON.stringify(n.summary ?? {}),
      n.amount,
      n.currency,
      w.kind === 'date' ? 'once' : 'recurring',
      w.kind === 'recurring' ? JSON.stringify(w.recurrence) : null,
      w.kind === 'date' ? w.date : w.startDate,
      w.kind === 'recurring' ? (w.endDate ?? null) : null,
      w.kind === 'recurring' ? (w.occurrences ?? null) : null,
      bdo,
      n.massBatchId ?? null,
      first.date,
      first.at.toISOString(),
    ],
  );
  return Number(rows[0]!.id);
}

export interface RunRecord {
  runDate: string;
  status: 'success' | 'pending' | 'failed' | 'retrying';
  attempts: number;
  referenceNo: string | null;
  reason: string | null;
}

/** The customer's instructions (active and suspended first, then the rest, newest first), each with its last runs. */
export async function listInstructions(
  db: Queryable,
  customerId: number,
): Promise<(Instruction & { runs: RunRecord[] })[]> {
  const { rows } = await db.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM scheduled_transfers WHERE customer_id = $1
      ORDER BY status IN ('active', 'suspended') DESC, next_run_at NULLS LAST, id DESC LIMIT 200`,
    [customerId],
  );
  const list = rows.map(instructionOf);
  if (!list.length) return [];
  const { rows: runs } = await db.query<{
    instruction_id: number;
    run_date: string;
    status: RunRecord['status'];
    attempts: number;
    reference_no: string | null;
    reason: string | null;
  }>(
    `SELECT instruction_id, run_date::text AS run_date, status, attempts, reference_no, reason
       FROM scheduled_runs WHERE instruction_id = ANY($1::bigint[]) ORDER BY run_date DESC`,
    [list.map((i) => i.id)],
  );
  return list.map((i) => ({
    ...i,
    runs: runs
      .filter((r) => Number(r.instruction_id) === i.id)
      .slice(0, 12)
      .map((r) => ({
        runDate: r.run_date,
        status: r.status,
        attempts: r.attempts,
        referenceNo: r.reference_no,
        reason: r.reason,
      })),
  }));
}

export const scheduleErrors = {
  notFound: () =>
    new ApiError(404, 'CLICKS', 'SCHEDULE_NOT_FOUND', {
      titleEng: 'Scheduled transfer not found',
      titleIdn: 'Transfer terjadwal tidak ditemukan',
      messageEng: 'This scheduled transfer no longer exists or has already finished.',
      messageIdn: 'Transfer terjadwal ini sudah tidak ada atau sudah selesai.',
    }),
  changed: () =>
    new ApiError(409, 'CLICKS', 'SCHEDULE_CHANGED', {
      titleEng: 'Scheduled transfer changed',
      titleIdn: 'Transfer terjadwal telah berubah',
      messageEng:
        'This scheduled transfer changed meanwhile (it may have just run). Please look at it again.',
      messageIdn:
        'Transfer terjadwal ini baru saja berubah (mungkin baru dijalankan). Silakan lihat kembali.',
    }),
};

/**
 * Cancels an active (or suspended) instruction of this customer: no further transfer runs. One being
 * run at this instant (leased) is refused with "changed", so a cancel never races a posting.
 */
export async function cancelInstruction(
  db: Queryable,
  customerId: number,
  id: number,
  version: number,
): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE scheduled_transfers SET status = 'cancelled', next_run_at = NULL, version = version + 1, updated_at = now()
      WHERE id = $1 AND customer_id = $2 AND status IN ('active', 'suspended') AND version = $3
        AND (lease_until IS NULL OR lease_until <= now())`,
    [id, customerId, version],
  );
  if (rowCount === 1) return;
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM scheduled_transfers WHERE id = $1 AND customer_id = $2',
    [id, customerId],
  );
  if (!rows[0] || !['active', 'suspended'].includes(rows[0].status)) throw scheduleErrors.notFound();
  throw scheduleErrors.changed();
}

/**
 * Changes the amount and/or the schedule of an instruction of this customer (edit-scheduled): the
 * next occurrence is worked out again from the new "when"; transfers already made stay counted.
 */
export async function editInstruction(
  db: Queryable,
  customerId: number,
  id: number,
  version: number,
  change: { amount?: number; form?: Record<string, unknown>; when?: Exclude<When, { kind: 'now' }> },
  today: string,
): Promise<void> {
  const { rows } = await db.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM scheduled_transfers
      WHERE id = $1 AND customer_id = $2 AND status IN ('active', 'suspended')`,
    [id, customerId],
  );
  if (!rows[0]) throw scheduleErrors.notFound();
  const cur = instructionOf(rows[0]);
  if (change.when) {
    const problem = checkWhen(change.when, today);
    if (problem) throw whenError(problem);
  }
  const when: NewInstruction['when'] =
    change.when ??
    (cur.kind === 'once'
      ? { kind: 'date', date: cur.nextRunDate ?? cur.startDate }
      : {
          kind: 'recurring',
          recurrence: cur.recurrence!,
          startDate: cur.nextRunDate ?? cur.startDate,
          ...(cur.endDate ? { endDate: cur.endDate } : {}),
          ...(cur.maxRuns ? { occurrences: cur.maxRuns } : {}),
        });
  const first = change.when
    ? firstRun(change.when, cur.businessDaysOnly, await holidaysFrom(db, today))
    : { date: cur.nextRunDate, at: cur.nextRunAt ? new Date(cur.nextRunAt) : null };
  const amount = change.amount ?? cur.amount;
  const form = { ...(change.form ?? cur.form), ...(cur.form.amount !== undefined ? { amount } : {}) };
  const { rowCount } = await db.query(
    `UPDATE scheduled_transfers
        SET amount = $4, form = $5::jsonb, kind = $6, recurrence = $7::jsonb, start_date = $8::date, end_date = $9::date,
            max_runs = $10, next_run_date = $11::date, next_run_at = $12, attempt = 0, status = 'active',
            failures_in_a_row = 0, version = version + 1, updated_at = now()
      WHERE id = $1 AND customer_id = $2 AND version = $3 AND (lease_until IS NULL OR lease_until <= now())`,
    [
      id,
      customerId,
      version,
      amount,
      JSON.stringify(form),
      when.kind === 'date' ? 'once' : 'recurring',
      when.kind === 'recurring' ? JSON.stringify(when.recurrence) : null,
      when.kind === 'date' ? when.date : when.startDate,
      when.kind === 'recurring' ? (when.endDate ?? null) : null,
      when.kind === 'recurring' ? (when.occurrences ?? null) : null,
      first.date,
      first.at ? first.at.toISOString() : null,
    ],
  );
  if (rowCount !== 1) throw scheduleErrors.changed();
}
