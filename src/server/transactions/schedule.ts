import type { FlowFile } from '../../shared/flows/types';
import { describeWhen, whenFormOf, type WhenForm } from '../../shared/flows/schedule';
import { bankDate } from '../../shared/bank-time';
import { ApiError } from '../http/api-error';
import { checkWhen, type Recurrence, type When, type WhenProblem } from '../schedules/recurrence';
import { createInstruction, whenError } from '../schedules/store';
import type { Within } from './ledger';
import type { Quote } from './quote';
import type { FutureWhen, ScheduleQuote } from './schedule-quote';

/**
 * "When to transfer" in the engine (a flow's `schedule`, docs/flow-engine-v2.md section 10e). A form
 * whose "when" is a date or a recurrence is quoted and verified like any other, but its confirm books no
 * money: it records the verified instruction (src/server/schedules/store.ts) in the confirm's database
 * transaction, with a reference number and a "Scheduled" receipt. The scheduler posts each occurrence
 * later through the same posting path as a confirm (schedules/runner.ts). Nothing here names a flow.
 */

/** An inquiry that schedules says so in its id, so a confirm knows before it reads anything. */
export const SCHEDULE_MARK = 'sch-';
export const isScheduling = (inquiryId: string) =>
  inquiryId.startsWith(SCHEDULE_MARK) || inquiryId.includes(`-${SCHEDULE_MARK}`);

export type { FutureWhen, ScheduleQuote };

/** The form's "when" as recurrence.ts's rule (the schema has checked its shape). */
export function whenOfForm(w: WhenForm): When {
  if (w.kind === 'date') return { kind: 'date', date: String(w.date ?? '') };
  if (w.kind !== 'recurring') return { kind: 'now' };
  const recurrence = (
    w.every === 'day'
      ? { every: 'day', interval: w.interval }
      : w.every === 'week'
        ? { every: 'week', dayOfWeek: Number(w.dayOfWeek) }
        : w.every === 'month'
          ? { every: 'month', dayOfMonth: w.dayOfMonth === 'EOM' ? 'EOM' : Number(w.dayOfMonth) }
          : {}
  ) as Recurrence;
  return {
    kind: 'recurring',
    recurrence,
    startDate: String(w.startDate ?? ''),
    ...(w.endKind === 'count' ? { occurrences: w.occurrences } : {}),
    ...(w.endKind === 'date' ? { endDate: String(w.endDate ?? '') } : {}),
  };
}

/** Where a problem of the rules shows on the form's "when" fields. */
function fieldOfProblem(p: WhenProblem): string {
  if (p.field === 'recurrence') return 'every';
  if (p.field !== 'end') return p.field;
  return p.problem === 'tooMany' ? 'occurrences' : p.problem === 'noOccurrence' ? 'endDate' : 'endKind';
}

/**
 * The form's future "when", checked by recurrence.ts's rules against the bank's date (a date in the
 * past, an end before the start...): refused as INVALID_SCHEDULE on its field, /form/<field>/<x>, in
 * both languages. Null when the transfer is for now (or the flow has no schedule).
 */
export function scheduledWhen(
  flow: FlowFile,
  form: Record<string, unknown>,
  today = bankDate(),
): FutureWhen | null {
  if (!flow.schedule) return null;
  const when = whenOfForm(whenFormOf(flow, form));
  if (when.kind === 'now') return null;
  const problem = checkWhen(when, today);
  if (problem) {
    const e = whenError(problem, '/form');
    const [text] = Object.values(e.fields ?? {});
    const at = `/form/${flow.schedule.field}/${fieldOfProblem(problem)}`;
    throw new ApiError(e.statusCode, e.sourceSystem, e.errorCode, e.text, { [at]: text! });
  }
  return when;
}

/** "On 12 August 2026" / "Every month on day 5, ..." in both languages, with the flow's note. */
export function scheduleText(
  flow: FlowFile,
  form: Record<string, unknown>,
  t: (key: string, lang: 'en' | 'id') => string,
): { en: string; id: string } {
  const w = whenFormOf(flow, form);
  const note = flow.schedule?.noteKey;
  const say = (lang: 'en' | 'id') => {
    const when = describeWhen(w, lang) ?? '';
    return note ? `${when}. ${t(note, lang)}` : when;
  };
  return { en: say('en'), id: say('id') };
}

/** The instruction's own form and what lists and messages show of it. */
export function instructionOf(
  flow: FlowFile,
  form: Record<string, unknown>,
  details: Record<string, unknown>,
  when: FutureWhen,
): ScheduleQuote {
  const drop = new Set([flow.schedule!.field, ...(flow.schedule!.requote ?? [])]);
  const kept = Object.fromEntries(Object.entries(form).filter(([k]) => !drop.has(k)));
  const pick = (...vs: unknown[]) => vs.find((v) => v !== undefined && v !== null && v !== '');
  const summary = Object.fromEntries(
    Object.entries({
      beneficiaryName: pick(details.beneficiaryName, form.beneficiaryName),
      beneficiaryAccountNo: pick(form.beneficiaryAccountNo, details.beneficiaryAccountNo, form.phoneNumber),
      bankName: pick(details.bankName),
    }).filter(([, v]) => v !== undefined),
  );
  return { when, form: kept, summary, businessDaysOnly: flow.schedule!.businessDaysOnly === true };
}

/**
 * Run in the confirm's database transaction of a scheduling inquiry: stores the verified instruction
 * (its rules checked again: the bank's date may have moved since the inquiry) and writes it on the
 * journal's receipt. A refusal rolls the record back and leaves the OTP unused.
 */
export const scheduleWithin: Within<Quote> = async (tx, booked) => {
  const s = booked.quote.schedule;
  const amount = booked.quote.amount;
  if (!s || !amount) throw new Error(`inquiry of ${booked.flowId} has no schedule to store`);
  const id = await createInstruction(
    tx,
    {
      customerId: booked.customerId,
      flowId: booked.flowId,
      form: s.form,
      summary: s.summary,
      amount: amount.amount,
      currency: amount.currency,
      when: s.when,
      businessDaysOnly: s.businessDaysOnly,
    },
    bankDate(),
  );
  const { rows } = await tx.query<{ next: string }>(
    'SELECT next_run_date::text AS next FROM scheduled_transfers WHERE id = $1',
    [id],
  );
  const scheduled = { instructionId: id, nextRunDate: rows[0]!.next };
  await tx.query(
    `UPDATE journal SET details = jsonb_set(details, '{receipt,scheduled}', $2::jsonb) WHERE id = $1`,
    [booked.journalId, JSON.stringify(scheduled)],
  );
  return {};
};
