import type { Queryable } from '../db/db';
import type { Choice } from '../transactions/contracts';
import { formatMoney } from '../../shared/money';
import { formatBankDay } from '../../shared/bank-time';
import { scheduleErrors } from './store';

/*
 * A mass transfer, payment or purchase scheduled on a date is one entry of /mytransaction/ (its batch,
 * one instruction per row). Deleting it is the delete-scheduled flow with the batch as its choice
 * (`batch:<id>`): verified once, and every instruction of the batch cancelled in one database
 * transaction, or none (one that ran, runs now or changed since the inquiry refuses the whole).
 */

export const BATCH_CHOICE_PREFIX = 'batch:';

const KIND_TEXT: Record<string, { eng: string; idn: string }> = {
  transfer: { eng: 'Mass transfer', idn: 'Transfer massal' },
  payment: { eng: 'Mass payment', idn: 'Pembayaran massal' },
  purchase: { eng: 'Mass purchase', idn: 'Pembelian massal' },
};

interface BatchRow {
  batch_id: string;
  kind: string;
  currency: string;
  rows: number;
  amount: string | number;
  next_run_date: string | null;
  /** Every instruction still waiting for its day, none being run (leased) now. */
  untouched: boolean;
  /** Changes with any edit or run of any of its instructions (each bumps its version). */
  version: string;
}

const BATCHES = `
  SELECT s.mass_batch_id AS batch_id, b.kind, min(s.currency) AS currency, count(*)::int AS rows,
         sum(s.amount) AS amount, min(s.next_run_date)::text AS next_run_date,
         bool_and(s.status = 'active' AND (s.lease_until IS NULL OR s.lease_until <= now())) AS untouched,
         count(*)::text || ':' || sum(s.version)::text AS version
    FROM scheduled_transfers s JOIN batches b ON b.id = s.mass_batch_id
   WHERE s.customer_id = $1 AND b.customer_id = $1 AND b.status = 'scheduled'`;

/** The customer's scheduled batches not yet run, each one choice (value `batch:<id>`). */
export async function openBatchChoices(db: Queryable, customerId: number): Promise<Choice[]> {
  const { rows } = await db.query<BatchRow>(
    `${BATCHES} GROUP BY s.mass_batch_id, b.kind HAVING bool_and(s.status = 'active')
      ORDER BY min(s.next_run_at) NULLS LAST, s.mass_batch_id`,
    [customerId],
  );
  return rows.map((b) => {
    const kind = KIND_TEXT[b.kind] ?? KIND_TEXT.transfer!;
    const money = { amount: Number(b.amount), currency: b.currency.trim() };
    const next = b.next_run_date ?? '';
    return {
      value: `${BATCH_CHOICE_PREFIX}${b.batch_id}`,
      labelEng: `${kind.eng} · ${b.rows} ${b.rows === 1 ? 'transfer' : 'transfers'} · ${formatMoney(money, 'en')}${next ? ` · on ${formatBankDay(next, 'en')}` : ''}`,
      labelIdn: `${kind.idn} · ${b.rows} transaksi · ${formatMoney(money, 'id')}${next ? ` · pada ${formatBankDay(next, 'id')}` : ''}`,
      detail: { currency: money.currency, amount: money, kind: 'once', nextRunDate: b.next_run_date },
    };
  });
}

/**
 * What verify and the receipt show of a scheduled batch (inquiry.<key>, as for one instruction), or
 * undefined when it is not the customer's, not scheduled, or has started running.
 */
export async function openBatch(db: Queryable, customerId: number, batchId: string) {
  const { rows } = await db.query<BatchRow>(`${BATCHES} AND b.id = $2 GROUP BY s.mass_batch_id, b.kind`, [
    customerId,
    batchId,
  ]);
  const b = rows[0];
  if (!b || !b.untouched) return undefined;
  return {
    batchVersion: b.version,
    beneficiaryName: {
      eng: `${KIND_TEXT[b.kind]?.eng ?? 'Mass transfer'}: ${b.rows} ${b.rows === 1 ? 'recipient' : 'recipients'}`,
      idn: `${KIND_TEXT[b.kind]?.idn ?? 'Transfer massal'}: ${b.rows} penerima`,
    },
    beneficiaryAccountNo: '',
    currentAmount: { amount: Number(b.amount), currency: b.currency.trim() },
    nextRunDate: b.next_run_date ?? '',
    instructions: String(b.rows),
  };
}

/**
 * Cancels every instruction of the batch at once, in the caller's transaction, at the state seen at
 * inquiry (`version`): one that ran, is running or changed since refuses the whole with "changed".
 */
export async function cancelBatch(tx: Queryable, customerId: number, batchId: string, version: string) {
  // Its instructions locked first (the scheduler claims them with SKIP LOCKED, an edit with FOR UPDATE).
  await tx.query(
    'SELECT id FROM scheduled_transfers WHERE mass_batch_id = $1 AND customer_id = $2 ORDER BY id FOR UPDATE',
    [batchId, customerId],
  );
  const now = await openBatch(tx, customerId, batchId);
  if (!now || now.batchVersion !== version) throw scheduleErrors.changed();
  const { rowCount } = await tx.query(
    `UPDATE scheduled_transfers SET status = 'cancelled', next_run_at = NULL, version = version + 1, updated_at = now()
      WHERE mass_batch_id = $1 AND customer_id = $2 AND status = 'active'`,
    [batchId, customerId],
  );
  await tx.query(
    `UPDATE batches SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'scheduled'`,
    [batchId],
  );
  return rowCount;
}
