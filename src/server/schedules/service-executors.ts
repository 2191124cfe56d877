import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { Choice, ChoiceSource } from '../transactions/contracts';
import { bankDate, formatBankDay } from '../../shared/bank-time';
import { formatMoney } from '../../shared/money';
import { checkWhen, type Recurrence, type When, type WhenProblem } from './recurrence';
import { BATCH_CHOICE_PREFIX, cancelBatch, openBatch, openBatchChoices } from './batch-schedules';
import {
  cancelInstruction,
  editInstruction,
  INSTRUCTION_COLUMNS,
  instructionOf,
  whenError,
  type Instruction,
  type InstructionRow,
} from './store';

/*
 * Delete-scheduled and edit-scheduled as service flows of the flow engine: verified (OTP or app
 * approval) like any transaction, recorded with a reference number, and the instruction changed in
 * the confirm's own database transaction (a refusal writes nothing and leaves the OTP unused).
 */

const OPEN = ['active', 'suspended'];

const notChangeable = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'SCHEDULE_NOT_FOUND',
    {
      titleEng: 'Scheduled transfer not found',
      titleIdn: 'Transfer terjadwal tidak ditemukan',
      messageEng: 'This scheduled transfer no longer exists or has already finished.',
      messageIdn: 'Transfer terjadwal ini sudah tidak ada atau sudah selesai.',
    },
    {
      [`/form/${field}`]: {
        eng: 'Choose one of your active scheduled transfers',
        idn: 'Pilih salah satu transfer terjadwal Anda yang aktif',
      },
    },
  );

const fieldOf = (ctx: ServiceRequestContext) =>
  typeof ctx.params.field === 'string' ? ctx.params.field : 'instruction';

/** The customer's own instruction that is still running (a mass-transfer one only when `mass`). */
async function openInstruction(db: Queryable, ctx: ServiceRequestContext): Promise<Instruction> {
  const field = fieldOf(ctx);
  const id = Number(ctx.form[field]);
  if (!Number.isSafeInteger(id) || id <= 0) throw notChangeable(field);
  const { rows } = await db.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM scheduled_transfers WHERE id = $1 AND customer_id = $2`,
    [id, ctx.customerId],
  );
  const i = rows[0] ? instructionOf(rows[0]) : undefined;
  if (!i || !OPEN.includes(i.status) || (i.massBatchId !== null) !== (ctx.params.mass === true))
    throw notChangeable(field);
  return i;
}

/** What verify and the receipt show of an instruction (inquiry.<key>). */
function detailsOf(i: Instruction) {
  const s = i.summary as Record<string, unknown>;
  return {
    instructionVersion: i.version,
    beneficiaryName: String(s.beneficiaryName ?? s.beneficiaryAccountNo ?? ''),
    beneficiaryAccountNo: String(s.beneficiaryAccountNo ?? ''),
    currentAmount: { amount: i.amount, currency: i.currency },
    nextRunDate: i.nextRunDate ?? '',
  };
}

/** A scheduled batch chosen (`batch:<id>`, listed by `schedules.open` with params.batches): its id. */
function batchChosen(ctx: ServiceRequestContext): string | undefined {
  const v = ctx.form[fieldOf(ctx)];
  return typeof v === 'string' && v.startsWith(BATCH_CHOICE_PREFIX)
    ? v.slice(BATCH_CHOICE_PREFIX.length)
    : undefined;
}

/**
 * `schedule.cancel`: deletes (cancels) one of the customer's running instructions, or a scheduled
 * batch as a whole (every instruction of it at once, or none). params: `field`.
 */
export const cancelSchedule: ServiceExecutor = {
  async check(db, ctx) {
    const batchId = batchChosen(ctx);
    if (batchId !== undefined) {
      const batch = await openBatch(db, ctx.customerId, batchId);
      if (!batch) throw notChangeable(fieldOf(ctx));
      return batch;
    }
    return detailsOf(await openInstruction(db, ctx));
  },
  async apply(tx, ctx) {
    const batchId = batchChosen(ctx);
    if (batchId !== undefined) {
      // The state seen at inquiry: one of its transfers that ran or changed since refuses the whole.
      const cancelled = await cancelBatch(
        tx,
        ctx.customerId,
        batchId,
        String(ctx.details.batchVersion ?? ''),
      );
      return { instructionStatus: 'cancelled', instructionsCancelled: String(cancelled) };
    }
    const i = await openInstruction(tx, ctx);
    // The version seen at inquiry: one that ran or changed since is refused (SCHEDULE_CHANGED).
    await cancelInstruction(tx, ctx.customerId, i.id, Number(ctx.details.instructionVersion ?? i.version));
    return { instructionStatus: 'cancelled' };
  },
};

/** Where the problems of a "when" are shown on the edit form's flat fields. */
const FORM_FIELD: Record<WhenProblem['field'], string> = {
  date: 'date',
  startDate: 'startDate',
  endDate: 'endDate',
  recurrence: 'every',
  end: 'endDate',
};

function onFormField(p: WhenProblem): ApiError {
  const e = whenError(p, '/form');
  const [text] = Object.values(e.fields ?? {});
  const field = p.field === 'end' && p.problem === 'tooMany' ? 'occurrences' : FORM_FIELD[p.field];
  return new ApiError(e.statusCode, e.sourceSystem, e.errorCode, e.text, { [`/form/${field}`]: text! });
}

/** The new "when" of the edit form: a date, or a rule with a start and one end. */
export function whenOfForm(form: Record<string, unknown>): Exclude<When, { kind: 'now' }> {
  const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
  if (form.when !== 'recurring') return { kind: 'date', date: str('date') };
  const every = form.every;
  const dom = str('dayOfMonth');
  const recurrence = (
    every === 'day'
      ? { every, interval: form.interval }
      : every === 'week'
        ? { every, dayOfWeek: Number(form.dayOfWeek) }
        : every === 'month'
          ? { every, dayOfMonth: dom === 'EOM' ? 'EOM' : Number(dom) }
          : {}
  ) as Recurrence;
  return {
    kind: 'recurring',
    recurrence,
    startDate: str('startDate'),
    ...(form.endKind === 'count'
      ? { occurrences: form.occurrences as number }
      : form.endKind === 'date'
        ? { endDate: str('endDate') }
        : {}),
  };
}

const newAmount = (ctx: ServiceRequestContext, i: Instruction) =>
  Number.isSafeInteger(ctx.form.amount) ? (ctx.form.amount as number) : i.amount;

/**
 * `schedule.edit`: changes the amount and the "when" (date or rule, start, end) of one of the
 * customer's running instructions. A "when" its rules refuse (a past date, a bad rule, no end) is the
 * apierror on its form field, in both languages; nothing is changed.
 */
export const editSchedule: ServiceExecutor = {
  async check(db, ctx) {
    const i = await openInstruction(db, ctx);
    const when = whenOfForm(ctx.form);
    const problem = checkWhen(when, bankDate());
    if (problem) throw onFormField(problem);
    return { ...detailsOf(i), newAmount: { amount: newAmount(ctx, i), currency: i.currency } };
  },
  async apply(tx, ctx) {
    const i = await openInstruction(tx, ctx);
    const when = whenOfForm(ctx.form);
    const today = bankDate();
    // Checked again: the bank's date may have moved since the inquiry.
    const problem = checkWhen(when, today);
    if (problem) throw onFormField(problem);
    await editInstruction(
      tx,
      ctx.customerId,
      i.id,
      Number(ctx.details.instructionVersion ?? i.version),
      { amount: newAmount(ctx, i), when },
      today,
    );
    const { rows } = await tx.query<{ next: string | null }>(
      'SELECT next_run_date::text AS next FROM scheduled_transfers WHERE id = $1',
      [i.id],
    );
    return { instructionStatus: 'active', newNextRunDate: rows[0]?.next ?? '' };
  },
};

/**
 * `schedules.open`: the customer's running scheduled transfers (params.mass: the mass-transfer
 * ones), each labelled with its recipient, amount and next date in both languages; params.batches:
 * then each scheduled batch not yet run as one choice too (deleted as a whole).
 */
export const openSchedules: ChoiceSource = async ({ db, customerId, spec }) => {
  const batches = spec.params?.batches === true ? await openBatchChoices(db, customerId) : [];
  return [...(await openInstructionChoices(db, customerId, spec.params?.mass === true)), ...batches];
};

async function openInstructionChoices(db: Queryable, customerId: number, mass: boolean): Promise<Choice[]> {
  const { rows } = await db.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM scheduled_transfers
      WHERE customer_id = $1 AND status IN ('active', 'suspended') AND (mass_batch_id IS NOT NULL) = $2
      ORDER BY next_run_at NULLS LAST, id`,
    [customerId, mass],
  );
  return rows.map(instructionOf).map((i) => {
    const s = i.summary as Record<string, unknown>;
    const who = String(s.beneficiaryName ?? s.beneficiaryAccountNo ?? '');
    const money = { amount: i.amount, currency: i.currency };
    const next = i.nextRunDate ?? '';
    return {
      value: String(i.id),
      labelEng: `${who} · ${formatMoney(money, 'en')}${next ? ` · next ${formatBankDay(next, 'en')}` : ''}`,
      labelIdn: `${who} · ${formatMoney(money, 'id')}${next ? ` · berikutnya ${formatBankDay(next, 'id')}` : ''}`,
      detail: {
        currency: i.currency,
        amount: money,
        kind: i.kind,
        nextRunDate: i.nextRunDate,
        beneficiaryAccountNo: s.beneficiaryAccountNo ?? null,
      },
    };
  });
}
