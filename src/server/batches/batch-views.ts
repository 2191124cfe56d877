import Papa from 'papaparse';
import { bankDate } from '../../shared/bank-time';
import type { Money } from '../../shared/money';
import type { BatchRowView as RowView, BatchStatus, BatchView } from '../../shared/batches';
import type { Caller } from '../transactions/context';
import type { Quote } from '../transactions/quote';
import type { BatchContext } from './batch-context';
import { BATCH_MAX_ROWS, billerCodes, type BatchKindName } from './kinds';
import type { Quoted, StoredRow } from './stored-rows';

/** What the pages read of batches: a batch with its rows and totals, its result file, the scheduled ones. */
export function batchViews(bc: BatchContext) {
  const { db, once, KINDS, titles, planCtx, loadBatch, storedRows } = bc;

  /** `read`: the rows, with their quotes, when the caller has just read them. */
  async function view(caller: Caller, batchId: string, read?: StoredRow[]): Promise<BatchView> {
    const b = await loadBatch(caller, batchId);
    const open = b.status === 'draft' || b.status === 'waiting';
    // Only an open batch's totals and limit need its rows' quotes: read (and parsed) here, once.
    const rows = read ?? (await storedRows(b.id, { quotes: open }));
    const good = rows.filter((r) => r.inquiry_id && !r.errors.length);
    const quotes = good.map((r) => r.quote).filter((q): q is Quote => !!q);
    const sum = (pick: (q: Quoted) => Money | undefined) =>
      good.reduce((s, r) => s + (r.quoted ? (pick(r.quoted)?.amount ?? 0) : 0), 0);
    const short = open && quotes.length ? await once.limitShortfall(caller.customerId, quotes) : null;
    return {
      batchId: b.id,
      kind: b.kind,
      sourceOfFund: b.source_of_fund,
      status: b.status as BatchStatus,
      runDate: b.run_date,
      replaces: b.replaces,
      today: bankDate(),
      rows: rows.map((r) => rowView(r)),
      valid: good.length,
      invalid: rows.length - good.length,
      total: { amount: sum((q) => q.total ?? q.amount), currency: 'IDR' },
      fees: { amount: sum((q) => q.fee), currency: 'IDR' },
      totals: open ? await once.totalsOf(quotes) : [],
      overLimit: short
        ? {
            amount: { amount: short.amount, currency: 'IDR' },
            unused: { amount: short.unused, currency: 'IDR' },
          }
        : null,
      maxRows: BATCH_MAX_ROWS,
    };
  }

  function rowView(r: StoredRow): RowView {
    const ok = !!r.inquiry_id && !r.errors.length;
    const v: RowView = {
      line: r.line,
      cells: r.cells,
      flowId: r.flow_id,
      ok,
      errors: r.errors,
      ...(r.quoted ?? {}),
    };
    // A scheduled row's outcome is its instruction's last run (the scheduler's), once it ran.
    if (r.status === 'scheduled' && r.run_status && r.run_status !== 'retrying') {
      v.status = r.run_status as RowView['status'];
      if (r.run_reference) v.referenceNo = r.run_reference;
      if (r.run_error) v.reason = { eng: r.run_error.errorMessageEng, idn: r.run_error.errorMessageIdn };
    } else if (r.status) {
      v.status = r.journal_status ?? r.status;
      if (r.result?.referenceNo) v.referenceNo = r.result.referenceNo;
      if (r.journal_error && v.status !== 'success')
        v.reason = { eng: r.journal_error.errorMessageEng, idn: r.journal_error.errorMessageIdn };
      else if (r.result?.reason && v.status === 'failed') v.reason = r.result.reason;
    }
    return v;
  }

  /** The results as a CSV file: every row's cells, status, reference and reason in the language asked. */
  async function resultFile(caller: Caller, batchId: string, lang: 'en' | 'id') {
    const v = await view(caller, batchId);
    const columns = KINDS[v.kind].shape.columns;
    const statusText = {
      success: { en: 'success', id: 'berhasil' },
      pending: { en: 'in progress', id: 'sedang diproses' },
      failed: { en: 'failed', id: 'gagal' },
      scheduled: { en: 'scheduled', id: 'terjadwal' },
    };
    const csv = Papa.unparse({
      fields: ['line', ...columns, 'name', 'total', 'status', 'reference_no', 'reason'],
      data: v.rows.map((r) => [
        String(r.line),
        ...columns.map((c) => r.cells[c] ?? ''),
        r.name ?? '',
        r.total ? String(r.total.amount / 100) : '',
        r.status ? statusText[r.status][lang] : r.ok ? '' : statusText.failed[lang],
        r.referenceNo ?? '',
        r.reason
          ? lang === 'en'
            ? r.reason.eng
            : r.reason.idn
          : r.errors.map((e) => (lang === 'en' ? e.eng : e.idn)).join('; '),
      ]),
    });
    return {
      fileName: `${v.kind === 'transfer' ? 'mass-transfer' : `mass-${v.kind}`}-result-${v.batchId.slice(0, 8)}.csv`,
      csv,
    };
  }

  /** The customer's scheduled batches (for /mytransaction/): one entry per batch. */
  async function scheduled(caller: Caller) {
    const { rows } = await db.query<{
      id: string;
      kind: BatchKindName;
      run_date: string;
      source_of_fund: string;
      rows: number;
      amount: string;
      ran: number;
    }>(
      `SELECT b.id, b.kind, b.run_date::text AS run_date, b.source_of_fund, count(r.line)::int AS rows,
              coalesce(sum((r.quoted #>> '{total,amount}')::bigint), 0)::text AS amount,
              count(s.id) FILTER (WHERE s.status <> 'active')::int AS ran
         FROM batches b JOIN batch_rows r ON r.batch_id = b.id
         LEFT JOIN scheduled_transfers s ON s.id = r.instruction_id
        WHERE b.customer_id = $1 AND b.status = 'scheduled'
        GROUP BY b.id ORDER BY b.run_date, b.created_at`,
      [caller.customerId],
    );
    return rows.map((r) => ({
      batchId: r.id,
      kind: r.kind,
      runDate: r.run_date,
      sourceOfFund: r.source_of_fund,
      rows: r.rows,
      total: { amount: Number(r.amount), currency: 'IDR' },
      editable: r.ran === 0 && r.run_date > bankDate(),
    }));
  }

  /** The codes a payment or purchase sheet's "biller" column takes. */
  async function billers(caller: Caller, kind: 'payment' | 'purchase') {
    return billerCodes(kind, planCtx(caller.customerId), titles);
  }

  async function template(caller: Caller, kind: BatchKindName) {
    return KINDS[kind].template(planCtx(caller.customerId));
  }

  return { view, resultFile, scheduled, billers, template };
}

export type BatchViews = ReturnType<typeof batchViews>;
