import type { Money } from '../../shared/money';
import type { BatchRowView as RowView, BatchKindName } from '../../shared/batches';
import type { ApiErrorBody } from '../../shared/api-error';
import type { Queryable } from '../db/db';
import type { Caller } from '../transactions/context';
import type { Quote } from '../transactions/quote';
import { batchErrors } from './errors';
import type { RowError } from './kinds';

/** A batch and its rows as the database keeps them, and the two reads of them. */

/** A batch's verification lives as long as its row quotes (OTP and approval last 5 minutes of it). */
export const VERIFY_TTL_S = 10 * 60;
/** A row quoted longer ago than this is quoted again before the batch is verified. */
export const REQUOTE_WITHIN_S = VERIFY_TTL_S + 60;

export interface BatchRow {
  id: string;
  customer_id: number;
  kind: BatchKindName;
  source_of_fund: string;
  status: string;
  run_date: string | null;
  session_id: number | null;
  method: 'otp' | 'approval' | null;
  otp_request_id: string | null;
  approval_inquiry_id: string | null;
  expired: boolean;
  replaces: string | null;
}

export interface StoredRow {
  line: number;
  cells: Record<string, string>;
  flow_id: string | null;
  form: Record<string, unknown> | null;
  inquiry_id: string | null;
  errors: RowError[];
  quoted: Quoted | null;
  status: RowView['status'] | null;
  result: { referenceNo?: string; reason?: { eng: string; idn: string }; error?: ApiErrorBody } | null;
  instruction_id: number | null;
  quote: Quote | null;
  quote_fresh: boolean;
  run_status: string | null;
  /** The journal a row posted now, as it stands (a payment in progress settles later). */
  journal_status: 'success' | 'pending' | 'failed' | null;
  journal_error: ApiErrorBody | null;
  run_reference: string | null;
  run_error: ApiErrorBody | null;
}

export interface Quoted {
  name?: string;
  bankName?: string;
  amount?: Money;
  fee?: Money;
  total?: Money;
}

/** A stable text of a form (keys sorted): jsonb keeps keys in its own order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

const NAME_KEYS = ['beneficiaryName', 'customerName', 'accountName', 'name'];

export function quotedOf(q: Quote): Quoted {
  const d = q.details ?? {};
  const name = NAME_KEYS.map((k) => d[k]).find((v) => typeof v === 'string' && v) as string | undefined;
  const bank = [d.bankName, d.billerName, d.providerName].find((v) => typeof v === 'string' && v) as
    string | undefined;
  const feeSum = q.fees.reduce((s, f) => s + f.amount.amount, 0);
  const currency = q.total?.currency ?? q.amount?.currency ?? 'IDR';
  return {
    ...(name ? { name } : {}),
    ...(bank ? { bankName: bank } : {}),
    ...(q.amount ? { amount: q.amount } : {}),
    fee: { amount: feeSum, currency },
    ...(q.total ? { total: q.total } : {}),
  };
}

/** The reads of a customer's batch and of its rows. */
export function batchStore(db: Queryable) {
  async function loadBatch(caller: Caller, batchId: string): Promise<BatchRow> {
    const { rows } = await db.query<BatchRow>(
      `SELECT id, customer_id, kind, source_of_fund, status, run_date::text AS run_date, session_id, method,
              otp_request_id, approval_inquiry_id, coalesce(verify_expires_at <= now(), false) AS expired, replaces
         FROM batches WHERE id = $1 AND customer_id = $2`,
      [batchId, caller.customerId],
    );
    if (!rows[0]) throw batchErrors.notFound();
    return rows[0];
  }

  /**
   * The batch's rows, each with its posting's or scheduled run's outcome. Their stored quotes are read
   * (and parsed) only when asked, once a request: what plans and edits the rows needs none of them.
   */
  async function storedRows(batchId: string, read: { quotes?: boolean } = {}): Promise<StoredRow[]> {
    const { rows } = await db.query<StoredRow>(
      `SELECT r.line, r.cells, r.flow_id, r.form, r.inquiry_id, r.errors, r.quoted, r.status, r.result, r.instruction_id,
              ${read.quotes ? 'i.quote' : 'NULL::jsonb AS quote'}, coalesce(i.expires_at > now() + make_interval(secs => $2), false) AS quote_fresh,
              sr.status AS run_status, sr.reference_no AS run_reference, sr.error AS run_error,
              j.status AS journal_status, j.details #> '{receipt,error}' AS journal_error
         FROM batch_rows r
         JOIN batches b ON b.id = r.batch_id
         LEFT JOIN journal j ON j.customer_id = b.customer_id AND j.idempotency_key = 'batch-' || r.batch_id || '-' || r.line
         LEFT JOIN transaction_inquiries i ON i.id = r.inquiry_id
         LEFT JOIN LATERAL (SELECT status, reference_no, error FROM scheduled_runs s
                             WHERE s.instruction_id = r.instruction_id ORDER BY run_date DESC LIMIT 1) sr ON true
        WHERE r.batch_id = $1 ORDER BY r.line`,
      [batchId, REQUOTE_WITHIN_S],
    );
    return rows;
  }

  return { loadBatch, storedRows };
}

export const cellsOfRows = (rows: StoredRow[]) => rows.map((r) => ({ line: r.line, cells: r.cells }));
