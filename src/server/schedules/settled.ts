import type { Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import { INSTRUCTION_COLUMNS, instructionOf, type InstructionRow } from './store';
import { mailboxNotifier, messages, type CustomerNotifier } from './notifier';

/**
 * A scheduled occurrence that was posted "in progress" (an SKN/RTGS batch, a clearing time-out) became
 * final: settled, or returned by the other bank with the money given back. Called by the settlement
 * (transactions/settlement.ts) in the transaction that makes the journal final, so the run's record
 * and the customer's mailbox message exist exactly when the outcome does. Any other journal: nothing.
 */
export async function scheduledRunSettled(
  tx: Queryable,
  journalId: number,
  outcome: { ok: true } | { ok: false; error: ApiErrorBody },
  notify: CustomerNotifier = mailboxNotifier,
): Promise<void> {
  const { rows } = await tx.query<{ instruction_id: number; run_date: string; reference_no: string | null }>(
    `UPDATE scheduled_runs SET status = $2, reason = $3, error = $4::jsonb, updated_at = now()
      WHERE journal_id = $1 AND status = 'pending'
      RETURNING instruction_id, run_date::text AS run_date, reference_no`,
    [
      journalId,
      outcome.ok ? 'success' : 'failed',
      outcome.ok ? null : 'returned',
      outcome.ok ? null : JSON.stringify(outcome.error),
    ],
  );
  const run = rows[0];
  if (!run) return;
  const found = await tx.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM scheduled_transfers WHERE id = $1`,
    [run.instruction_id],
  );
  const ins = instructionOf(found.rows[0]!);
  const ref = run.reference_no ?? '';
  await notify(
    tx,
    ins.customerId,
    outcome.ok
      ? messages.done(ins, run.run_date, ref, false)
      : messages.returned(ins, run.run_date, ref, {
          eng: outcome.error.errorMessageEng.replace(/\.$/, ''),
          idn: outcome.error.errorMessageIdn.replace(/\.$/, ''),
        }),
  );
}
