import type { Db, Queryable } from '../db/db';
import type { Provider, ProviderOutcome, ServerRegistry } from './contracts';
import { DEFAULT_PENDING_CODES } from '../../shared/flows/registry-names';
import type { FlowFile } from '../../shared/flows/types';
import type { FlowCatalog } from './catalog';
import { reverseJournal, SETTLEMENT_LEASE_S } from './ledger';
import { executorParamsOf, providerOf } from './booking-executors';
import { referenceData } from '../reference/store';
import { releasePromo } from '../promo/take-promo';
import { scheduledRunSettled } from '../schedules/settled';

/**
 * Payments whose money is held (journal pending) until a biller or operator answers for good. Every
 * pending journal has a row in pending_settlements from the moment it is booked (confirm_inquiry,
 * migration 024), leased for SETTLEMENT_LEASE_S to the confirm that calls the provider at once; an
 * answer that is not final, no answer, or a server that stopped meanwhile leaves the row, and
 * settleDuePayments asks the provider again (a status inquiry) until it is: paid (success), or
 * refused (failed, the money given back by reversing entries).
 */

/** After the n-th answer "in progress", the next check waits this long (then every 10 minutes). */
const CHECK_DELAYS_S = [30, 60, 120, 300, 600];
export const nextCheckDelayS = (checks: number) =>
  CHECK_DELAYS_S[Math.min(checks, CHECK_DELAYS_S.length - 1)]!;

/** A held payment and what its receipt shows (journal.details.receipt). */
export interface HeldPayment {
  journalId: number;
  receipt: Record<string, unknown> & { details?: Record<string, unknown>; error?: unknown };
  /** Answers "in progress" so far (0 for the confirm's own call). */
  checks: number;
}

export type Settled = 'success' | 'failed' | 'pending';

/** Whether a refusal is one of spec section 8's pending codes, or one the flow adds. */
function isPending(flow: FlowFile, outcome: Extract<ProviderOutcome, { ok: false }>): boolean {
  const category = flow.provider ? referenceData().providers[flow.provider.category] : undefined;
  return [
    ...DEFAULT_PENDING_CODES,
    ...(flow.posting?.pendingCodes ?? []),
    ...(category?.pendingCodes ?? []),
  ].some((c) => c.sourceSystem === outcome.error.sourceSystem && c.errorCode === outcome.error.errorCode);
}

/**
 * Applies a provider's answer to a held payment, once: only a journal still pending changes, so a
 * late or repeated answer does nothing. Paid: success, with what the provider answered on the receipt
 * (a biller reference, a voucher's serial number). Refused: failed and reversed, in one transaction.
 * In progress: the receipt says why, and the next check is scheduled.
 */
export async function applyProviderAnswer(
  db: Db,
  flow: FlowFile,
  payment: HeldPayment,
  outcome: ProviderOutcome,
  /** The flow's provider (the answer's): its `settled` writes the outcome into its domain. */
  provider: Provider | undefined,
): Promise<Settled> {
  const { journalId } = payment;
  // An earlier answer's "in progress" is no longer what the receipt says.
  const { error: _earlier, ...held } = payment.receipt;
  // The provider writes its outcome into its domain in the same transaction (units allotted, proceeds
  // credited), only when this answer is the one that made the booking final.
  const settle = async (tx: Queryable, customerId: unknown, details: Record<string, unknown>) => {
    const settled = provider?.settled;
    if (!settled) return;
    const extra = await settled(tx, { journalId, customerId: Number(customerId), flow, details, outcome });
    if (Object.keys(extra).length)
      await tx.query(
        `UPDATE journal SET details = jsonb_set(details, '{receipt,details}',
                coalesce(details #> '{receipt,details}', '{}'::jsonb) || $2::jsonb) WHERE id = $1`,
        [journalId, JSON.stringify(extra)],
      );
  };
  if (outcome.ok) {
    const receipt = { ...held, details: { ...held.details, ...outcome.details } };
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ customer_id: unknown }>(
        `UPDATE journal SET status = 'success', details = $2::jsonb WHERE id = $1 AND status = 'pending'
         RETURNING customer_id`,
        [journalId, JSON.stringify({ receipt })],
      );
      if (rows[0]) {
        await settle(tx, rows[0].customer_id, receipt.details);
        // A scheduled occurrence sent "in progress": its record and the customer's message.
        await scheduledRunSettled(tx, journalId, { ok: true });
      }
      await tx.query('DELETE FROM pending_settlements WHERE journal_id = $1', [journalId]);
    });
    return 'success';
  }
  const receipt = { ...held, error: outcome.error };
  if (isPending(flow, outcome)) {
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE journal SET details = $2::jsonb WHERE id = $1 AND status = 'pending'`, [
        journalId,
        JSON.stringify({ receipt }),
      ]);
      await tx.query(
        `UPDATE pending_settlements SET next_check_at = now() + make_interval(secs => $2) WHERE journal_id = $1`,
        [journalId, nextCheckDelayS(payment.checks)],
      );
    });
    return 'pending';
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ customer_id: unknown }>(
      `UPDATE journal SET status = 'failed', details = $2::jsonb WHERE id = $1 AND status = 'pending'
       RETURNING customer_id`,
      [journalId, JSON.stringify({ receipt })],
    );
    if (rows[0]) {
      await reverseJournal(tx, journalId);
      await releasePromo(tx, journalId);
      await settle(tx, rows[0].customer_id, held.details ?? {});
      await scheduledRunSettled(tx, journalId, { ok: false, error: outcome.error });
    }
    await tx.query('DELETE FROM pending_settlements WHERE journal_id = $1', [journalId]);
  });
  return 'failed';
}

/**
 * Asks the providers about the held payments whose check is due, at most `limit` of them, and settles
 * each by its answer. Any number of app servers may run it at once: each claims its payments (SKIP
 * LOCKED) and leases them for SETTLEMENT_LEASE_S. No answer leaves a payment to the next check after
 * the lease; a journal whose flow has no provider (or is no longer served) is looked at again hourly.
 */
export async function settleDuePayments(
  db: Db,
  catalog: FlowCatalog,
  registry: ServerRegistry,
  opts: {
    limit?: number;
    onError?: (err: unknown, journalId: number) => void;
    /** The time the providers are asked at (tests move it; the checks due are by the database's clock). */
    now?: () => Date;
  } = {},
): Promise<Record<Settled | 'unanswered', number>> {
  const { rows } = await db.query<{
    journal_id: number;
    checks: number;
    flow_id: string;
    details: { receipt?: HeldPayment['receipt'] };
    created_at: Date | string;
  }>(
    `UPDATE pending_settlements p SET next_check_at = now() + make_interval(secs => $2), checks = p.checks + 1
       FROM (SELECT journal_id FROM pending_settlements WHERE next_check_at <= now()
              ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED) due, journal j
      WHERE p.journal_id = due.journal_id AND j.id = p.journal_id
      RETURNING p.journal_id, p.checks, j.flow_id, j.details, j.created_at`,
    [opts.limit ?? 20, SETTLEMENT_LEASE_S],
  );
  const counts = { success: 0, failed: 0, pending: 0, unanswered: 0 };
  for (const r of rows) {
    const journalId = Number(r.journal_id);
    const flow = catalog.get(r.flow_id)?.flow;
    const provider = flow && providerOf(registry, flow);
    const receipt = r.details.receipt ?? {};
    if (!flow || !provider) {
      await db.query(
        `UPDATE pending_settlements SET next_check_at = now() + interval '1 hour' WHERE journal_id = $1`,
        [journalId],
      );
      counts.unanswered += 1;
      continue;
    }
    try {
      const outcome = await provider.status(
        receipt.details ?? {},
        executorParamsOf(flow),
        new Date(r.created_at),
        { db, now: opts.now?.() ?? new Date() },
      );
      counts[
        await applyProviderAnswer(db, flow, { journalId, receipt, checks: r.checks }, outcome, provider)
      ] += 1;
    } catch (err) {
      // No answer (or it could not be applied): the lease runs out and the next check tries again.
      counts.unanswered += 1;
      opts.onError?.(err, journalId);
    }
  }
  return counts;
}
