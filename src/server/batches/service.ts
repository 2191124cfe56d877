import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { bankDate } from '../../shared/bank-time';
import { formatMoney, type Money } from '../../shared/money';
import type { Receipt } from '../../shared/flows/api';
import type { BatchRowView as RowView, BatchStatus, BatchView } from '../../shared/batches';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ApiError } from '../http/api-error';
import type { ApprovalStatus, ApprovalSummary } from '../approvals/store';
import { serviceContext, type Caller, type TransactionServiceDeps } from '../transactions/context';
import { isFlagged } from '../transactions/fds';
import { quoteMany, type ManyOutcome } from '../transactions/quote-many';
import type { Quote } from '../transactions/quote';
import { txErrors } from '../transactions/errors';
import { accountById } from '../transactions/account-reads';
import { verifyOnce, type ItemOutcome, type VerificationRef } from '../transactions/verify-once';
import { checkWhen } from '../schedules/recurrence';
import { createInstruction, scheduleErrors, whenError } from '../schedules/store';
import { readRows, SheetError } from '../mass-transfer/parse';
import { batchErrors, needsOwnPage } from './errors';
import {
  BATCH_MAX_ROWS,
  billerCodes,
  billsKind,
  transferKind,
  type BatchKind,
  type BatchKindName,
  type RowError,
} from './kinds';

/** A batch's verification lives as long as its row quotes (OTP and approval last 5 minutes of it). */
const VERIFY_TTL_S = 10 * 60;
/** A row quoted longer ago than this is quoted again before the batch is verified. */
const REQUOTE_WITHIN_S = VERIFY_TTL_S + 60;

interface BatchRow {
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

interface StoredRow {
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

interface Quoted {
  name?: string;
  bankName?: string;
  amount?: Money;
  fee?: Money;
  total?: Money;
}

/** A stable text of a form (keys sorted): jsonb keeps keys in its own order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

const NAME_KEYS = ['beneficiaryName', 'customerName', 'accountName', 'name'];

function quotedOf(q: Quote): Quoted {
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

/**
 * Mass transfer, mass payment and mass purchase: a sheet's rows (or typed ones) each quoted through
 * its own flow, as its inquiry would be, with its errors on its row; the good rows verified once (the
 * cart's verify-once) and each posted on its own through the engine's one posting path, or each
 * scheduled as one instruction of the existing scheduler on a future date.
 */
export function createBatchService(deps: TransactionServiceDeps) {
  const ctx = serviceContext(deps);
  const { db, t } = ctx;
  const once = verifyOnce(ctx);
  const titles = (key: string) => ({ en: t(key, 'en'), id: t(key, 'id') });
  const KINDS: Record<BatchKindName, BatchKind> = {
    transfer: transferKind,
    payment: billsKind('payment', titles),
    purchase: billsKind('purchase', titles),
  };
  const planCtx = (customerId: number) => ({
    db,
    customerId,
    catalog: ctx.catalog,
    choiceSources: ctx.registry.choiceSources,
  });

  /** The refusal of a row's quote, on the row's columns. */
  function rowErrors(kind: BatchKind, flowId: string, err: ApiError): RowError[] {
    const fields = Object.entries(err.fields ?? {});
    const out: RowError[] = [];
    for (const [at, text] of fields) {
      const field = at.startsWith('/form/') ? at.slice('/form/'.length).split('/')[0]! : '';
      const column = field === 'sourceOfFund' ? 'row' : kind.columnOf(flowId, field);
      out.push({ field: column, eng: text.eng, idn: text.idn });
    }
    if (!out.length) out.push({ field: 'row', eng: err.text.messageEng, idn: err.text.messageIdn });
    // One message per column is enough on a row.
    return out.filter((e, i) => out.findIndex((o) => o.field === e.field) === i);
  }

  /** A row's quote as the batch keeps it: its inquiry and price, or its errors on its columns. */
  function rowOutcome(kind: BatchKind, flowId: string, o: ManyOutcome) {
    if (!o.ok) return { inquiryId: null, errors: rowErrors(kind, flowId, o.error), quoted: null };
    // A batch is verified as a whole with no FDS page: what the risk rule flags is made on its own.
    if (isFlagged(o.inquiryId)) return { inquiryId: null, errors: [needsOwnPage], quoted: null };
    return { inquiryId: o.inquiryId, errors: [] as RowError[], quoted: quotedOf(o.quote) };
  }

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

  async function storedRows(batchId: string): Promise<StoredRow[]> {
    const { rows } = await db.query<StoredRow>(
      `SELECT r.line, r.cells, r.flow_id, r.form, r.inquiry_id, r.errors, r.quoted, r.status, r.result, r.instruction_id,
              i.quote, coalesce(i.expires_at > now() + make_interval(secs => $2), false) AS quote_fresh,
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

  /**
   * Plans every row again from its cells (duplicates depend on the others) and quotes again the rows
   * whose flow or form changed, or whose quote is older than `fresh` allows. Writes the rows.
   */
  async function sync(
    caller: Caller,
    b: BatchRow,
    cells: { line: number; cells: Record<string, string> }[],
    opts: { requoteStale?: boolean } = {},
  ) {
    const kind = KINDS[b.kind];
    const before = new Map((await storedRows(b.id)).map((r) => [r.line, r]));
    const planned = await kind.plan(
      cells.map((c) => c.cells),
      planCtx(caller.customerId),
      cells.map((c) => c.line),
    );
    const out: {
      line: number;
      cells: Record<string, string>;
      flowId: string | null;
      form: Record<string, unknown> | null;
      inquiryId: string | null;
      errors: RowError[];
      quoted: Quoted | null;
    }[] = [];
    const todo: number[] = [];
    for (const [i, p] of planned.entries()) {
      const line = cells[i]!.line;
      const old = before.get(line);
      const same =
        old &&
        old.inquiry_id &&
        old.flow_id === p.flowId &&
        canonical(old.form) === canonical(p.form) &&
        (!opts.requoteStale || old.quote_fresh);
      out.push({
        line,
        cells: p.cells,
        flowId: p.flowId,
        form: p.form,
        inquiryId: same ? old.inquiry_id : null,
        errors: same ? [] : p.errors,
        quoted: same ? old.quoted : null,
      });
      if (!same && p.flowId && p.form) todo.push(i);
    }
    // The rows to quote, all together: their reads gathered, their inquiries stored in one statement.
    const outcomes = await quoteMany(
      ctx,
      caller,
      todo.map((i) => ({
        flowId: planned[i]!.flowId!,
        form: { sourceOfFund: b.source_of_fund, ...planned[i]!.form },
      })),
    );
    for (const [k, i] of todo.entries())
      Object.assign(out[i]!, rowOutcome(kind, planned[i]!.flowId!, outcomes[k]!));
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM batch_rows WHERE batch_id = $1', [b.id]);
      // One statement for all rows (a thousand rows is one round trip).
      await tx.query(
        `INSERT INTO batch_rows (batch_id, line, cells, flow_id, form, inquiry_id, errors, quoted)
         SELECT $1, x.line, x.cells, x.flow_id, x.form, x.inquiry_id, x.errors, x.quoted
           FROM jsonb_to_recordset($2::jsonb)
             AS x(line int, cells jsonb, flow_id text, form jsonb, inquiry_id text, errors jsonb, quoted jsonb)`,
        [
          b.id,
          JSON.stringify(
            out.map((r) => ({
              line: r.line,
              cells: r.cells,
              flow_id: r.flowId,
              form: r.form,
              inquiry_id: r.inquiryId,
              errors: r.errors,
              quoted: r.quoted,
            })),
          ),
        ],
      );
      await tx.query(`UPDATE batches SET updated_at = now() WHERE id = $1`, [b.id]);
    });
  }

  async function view(caller: Caller, batchId: string): Promise<BatchView> {
    const b = await loadBatch(caller, batchId);
    const rows = await storedRows(b.id);
    const good = rows.filter((r) => r.inquiry_id && !r.errors.length);
    const quotes = good.map((r) => r.quote).filter((q): q is Quote => !!q);
    const sum = (pick: (q: Quoted) => Money | undefined) =>
      good.reduce((s, r) => s + (r.quoted ? (pick(r.quoted)?.amount ?? 0) : 0), 0);
    const open = b.status === 'draft' || b.status === 'waiting';
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

  /** A new batch from a sheet's (or typed) rows: each row planned and quoted, its errors on it. */
  async function create(
    caller: Caller,
    kind: BatchKindName,
    input: {
      sourceOfFund: string;
      rows: Record<string, string>[];
      /** Each row's number: a sheet's line (the header is line 1), else 1, 2, 3 ... */
      lines?: number[];
      runDate?: string | null;
      replaces?: string;
    },
  ): Promise<BatchView> {
    if (input.rows.length > BATCH_MAX_ROWS) throw batchErrors.full(BATCH_MAX_ROWS);
    const id = randomUUID();
    await db.query(
      `INSERT INTO batches (id, customer_id, kind, source_of_fund, run_date, replaces) VALUES ($1, $2, $3, $4, $5::date, $6)`,
      [id, caller.customerId, kind, input.sourceOfFund, input.runDate ?? null, input.replaces ?? null],
    );
    const b = await loadBatch(caller, id);
    await sync(
      caller,
      b,
      input.rows.map((cells, i) => ({ line: input.lines?.[i] ?? i + 1, cells })),
    );
    return view(caller, id);
  }

  /** Reads a sheet (CSV or XLSX) into a new batch. */
  async function upload(
    caller: Caller,
    kind: BatchKindName,
    input: { sourceOfFund: string; bytes: Uint8Array; fileName: string },
  ) {
    let raw: Record<string, string>[];
    try {
      raw = await readRows(input.bytes, input.fileName, KINDS[kind].shape);
    } catch (err) {
      if (err instanceof SheetError) throw batchErrors.sheet(err.problem);
      throw err;
    }
    return create(caller, kind, {
      sourceOfFund: input.sourceOfFund,
      rows: raw,
      lines: raw.map((_, i) => i + 2),
    });
  }

  async function draft(caller: Caller, batchId: string) {
    const b = await loadBatch(caller, batchId);
    if (b.status !== 'draft' && b.status !== 'waiting') throw batchErrors.notEditable();
    // A change after the verification was sent withdraws it: the batch is verified again.
    if (b.status === 'waiting')
      await db.query(`UPDATE batches SET status = 'draft', verify_expires_at = NULL WHERE id = $1`, [b.id]);
    return { ...b, status: 'draft' };
  }

  const cellsOfRows = (rows: StoredRow[]) => rows.map((r) => ({ line: r.line, cells: r.cells }));

  /** Changes a row's cells (a fix): the row is checked and quoted again, the others kept. */
  async function updateRow(caller: Caller, batchId: string, line: number, cells: Record<string, string>) {
    const b = await draft(caller, batchId);
    const rows = await storedRows(b.id);
    const at = rows.findIndex((r) => r.line === line);
    if (at < 0) throw batchErrors.rowNotFound();
    const all = cellsOfRows(rows);
    all[at] = { line, cells: { ...rows[at]!.cells, ...cells } };
    await sync(caller, b, all);
    return view(caller, b.id);
  }

  async function addRow(caller: Caller, batchId: string, cells: Record<string, string>) {
    const b = await draft(caller, batchId);
    const rows = await storedRows(b.id);
    if (rows.length >= BATCH_MAX_ROWS) throw batchErrors.full(BATCH_MAX_ROWS);
    const line = rows.reduce((m, r) => Math.max(m, r.line), 0) + 1;
    await sync(caller, b, [...cellsOfRows(rows), { line, cells }]);
    return view(caller, b.id);
  }

  /** Drops rows (a bad one the customer gives up); a duplicate of it is no longer one. */
  async function removeRows(caller: Caller, batchId: string, lines: number[]) {
    const b = await draft(caller, batchId);
    const rows = await storedRows(b.id);
    const drop = new Set(lines);
    if (![...drop].every((l) => rows.some((r) => r.line === l))) throw batchErrors.rowNotFound();
    await sync(caller, b, cellsOfRows(rows.filter((r) => !drop.has(r.line))));
    return view(caller, b.id);
  }

  /**
   * Starts the one verification of the batch: rows quoted long ago are quoted again (today's balance,
   * fees, limits); a row with errors stops it (fix or drop it); the rows are checked together against
   * the balance and what is left of the daily limit (for a batch sent now); a date must be after today.
   */
  async function startVerification(
    caller: Caller,
    batchId: string,
    input: { method: 'otp' | 'approval'; phoneId?: number; runDate?: string | null },
  ) {
    const b = await draft(caller, batchId);
    const today = bankDate();
    const runDate = input.runDate ?? null;
    if (runDate) {
      const problem = checkWhen({ kind: 'date', date: runDate }, today);
      if (problem) throw whenError(problem, '');
    }
    await sync(caller, b, cellsOfRows(await storedRows(b.id)), { requoteStale: true });
    const rows = await storedRows(b.id);
    const bad = rows.filter((r) => !r.inquiry_id || r.errors.length);
    if (!rows.length || bad.length === rows.length) throw batchErrors.noGoodRows();
    if (bad.length) throw batchErrors.rowsWithErrors(bad.length);
    for (const r of rows)
      if (!ctx.flowOrThrow(r.flow_id!).flow.verify.methods.includes(input.method))
        throw txErrors.methodNotAllowed();
    const quotes = rows.map((r) => r.quote!);
    if (!runDate) await once.checkAffordable(caller.customerId, quotes, batchErrors);
    const total = quotes.reduce((s, q) => s + (q.total?.amount ?? q.amount?.amount ?? 0), 0);
    const totalText = (lang: 'en' | 'id') => formatMoney({ amount: total, currency: 'IDR' }, lang);
    const kindText = {
      transfer: { en: 'Mass transfer', id: 'Transfer massal' },
      payment: { en: 'Mass payment', id: 'Pembayaran massal' },
      purchase: { en: 'Mass purchase', id: 'Pembelian massal' },
    }[b.kind];
    const source = (await accountById(db, Number(b.source_of_fund)))?.account_no ?? b.source_of_fund;
    const summary = async (): Promise<ApprovalSummary> => ({
      flowId: `batch.${b.kind}`,
      title: { eng: `${kindText.en}: ${rows.length} rows`, idn: `${kindText.id}: ${rows.length} baris` },
      fees: [],
      rows: [
        {
          labelEng: 'Source of fund',
          labelIdn: 'Sumber dana',
          valueEng: source,
          valueIdn: source,
        },
        { labelEng: 'Rows', labelIdn: 'Baris', valueEng: String(rows.length), valueIdn: String(rows.length) },
        ...(runDate ? [{ labelEng: 'Date', labelIdn: 'Tanggal', valueEng: runDate, valueIdn: runDate }] : []),
        { labelEng: 'Total', labelIdn: 'Total', valueEng: totalText('en'), valueIdn: totalText('id') },
      ],
    });
    const verification = await once.start(caller, {
      method: input.method,
      phoneId: input.phoneId,
      otpContext: `${kindText.id} ${rows.length} baris ${totalText('id')}`,
      approvalInquiryId: rows[0]!.inquiry_id!,
      summary,
      record: async (tx, ref) => {
        await tx.query(
          `UPDATE batches SET status = 'waiting', session_id = $2, method = $3, otp_request_id = $4,
                  approval_inquiry_id = $5, run_date = $6::date, updated_at = now(),
                  verify_expires_at = now() + make_interval(secs => $7)
            WHERE id = $1`,
          [
            b.id,
            caller.sessionId,
            ref.method,
            ref.otpRequestId,
            ref.approvalInquiryId,
            runDate,
            VERIFY_TTL_S,
          ],
        );
      },
    });
    return { ...verification, ...(await view(caller, b.id)) };
  }

  const refOf = (b: BatchRow): VerificationRef => ({
    method: b.method!,
    otpRequestId: b.otp_request_id,
    approvalInquiryId: b.approval_inquiry_id,
  });

  async function waiting(caller: Caller, batchId: string) {
    const b = await loadBatch(caller, batchId);
    if (b.status !== 'waiting' || b.session_id === null || Number(b.session_id) !== caller.sessionId)
      throw batchErrors.notWaiting();
    return b;
  }

  async function resend(caller: Caller, batchId: string) {
    const b = await waiting(caller, batchId);
    if (b.expired) throw batchErrors.notWaiting();
    return once.resend(caller, refOf(b));
  }

  async function status(caller: Caller, batchId: string): Promise<{ status: ApprovalStatus }> {
    const b = await loadBatch(caller, batchId);
    if (b.status !== 'waiting') return { status: b.status === 'draft' ? 'expired' : 'approved' };
    return { status: await once.status(caller, refOf(b), b.expired) };
  }

  /**
   * Confirms the batch once (the OTP, used up, or the approval). Sent now: each row is posted on its own
   * under its own idempotency key, a refused row books nothing and leaves the others booked. On a date:
   * each row becomes one instruction of the scheduler (run once, its own result). A batch replacing a
   * scheduled one cancels that one's instructions in the same transaction. Asked again, it answers the
   * same results (or finishes the postings an interrupted call left).
   */
  async function confirm(caller: Caller, input: { batchId: string; otp?: string }) {
    let b = await loadBatch(caller, input.batchId);
    if (b.status === 'waiting') {
      b = await waiting(caller, input.batchId);
      await once.verify(caller, refOf(b), {
        expired: b.expired,
        otp: input.otp,
        markVerified: async (tx) => {
          await tx.query(`UPDATE batches SET status = 'verified' WHERE id = $1 AND status = 'waiting'`, [
            b.id,
          ]);
        },
      });
      b = await loadBatch(caller, input.batchId);
    }
    if (b.status === 'verified') {
      const rows = (await storedRows(b.id)).filter((r) => r.inquiry_id && !r.errors.length);
      if (b.run_date) await schedule(caller, b, rows);
      else await postNow(caller, b, rows);
    } else if (b.status !== 'done' && b.status !== 'scheduled') throw batchErrors.notWaiting();
    return view(caller, b.id);
  }

  async function cancelReplaced(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    customerId: number,
    old: string,
  ) {
    const { rows } = await tx.query<{ id: number; status: string; leased: boolean }>(
      `SELECT s.id, s.status, coalesce(s.lease_until > now(), false) AS leased
         FROM scheduled_transfers s WHERE s.mass_batch_id = $1 AND s.customer_id = $2 FOR UPDATE`,
      [old, customerId],
    );
    // One already run, running or changed: the old batch is not what the customer edited any more.
    if (!rows.length || rows.some((r) => r.status !== 'active' || r.leased)) throw scheduleErrors.changed();
    await tx.query(
      `UPDATE scheduled_transfers SET status = 'cancelled', next_run_at = NULL, version = version + 1, updated_at = now()
        WHERE mass_batch_id = $1 AND customer_id = $2`,
      [old, customerId],
    );
    await tx.query(`UPDATE batches SET status = 'replaced', updated_at = now() WHERE id = $1`, [old]);
  }

  async function schedule(caller: Caller, b: BatchRow, rows: StoredRow[]) {
    const today = bankDate();
    await db.transaction(async (tx) => {
      const { rows: lock } = await tx.query<{ status: string }>(
        'SELECT status FROM batches WHERE id = $1 FOR UPDATE',
        [b.id],
      );
      if (lock[0]?.status !== 'verified') return;
      if (b.replaces) await cancelReplaced(tx, caller.customerId, b.replaces);
      for (const r of rows) {
        const q = r.quote!;
        const id = await createInstruction(
          tx,
          {
            customerId: caller.customerId,
            flowId: r.flow_id!,
            form: { sourceOfFund: b.source_of_fund, ...r.form },
            summary: {
              beneficiaryName: r.quoted?.name ?? '',
              beneficiaryAccountNo: String(r.form?.beneficiaryAccountNo ?? r.cells.customer_no ?? ''),
              ...(r.quoted?.bankName ? { bankName: r.quoted.bankName } : {}),
            },
            amount: q.amount?.amount ?? q.total?.amount ?? 0,
            currency: q.amount?.currency ?? 'IDR',
            when: { kind: 'date', date: b.run_date! },
            businessDaysOnly: KINDS[b.kind].businessDaysOnly(r.cells),
            massBatchId: b.id,
          },
          today,
        );
        await tx.query(
          `UPDATE batch_rows SET status = 'scheduled', instruction_id = $3 WHERE batch_id = $1 AND line = $2`,
          [b.id, r.line, id],
        );
      }
      await tx.query(`UPDATE batches SET status = 'scheduled', updated_at = now() WHERE id = $1`, [b.id]);
    });
  }

  async function postNow(caller: Caller, b: BatchRow, rows: StoredRow[]) {
    if (b.replaces) await db.transaction((tx) => cancelReplaced(tx, caller.customerId, b.replaces!));
    const items = rows.map((r) => ({
      line: r.line,
      inquiryId: r.inquiry_id!,
      idempotencyKey: `batch-${b.id}-${r.line}`,
    }));
    const outcomes = await once.postEach(caller.customerId, items);
    const results = outcomes.map((o: ItemOutcome, i) => ({
      line: items[i]!.line,
      status: o.status,
      result: resultOf(o),
    }));
    // The outcomes in one statement; a second confirm of an interrupted one answers the same receipts.
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE batch_rows r SET status = x.status, result = x.result
           FROM jsonb_to_recordset($2::jsonb) AS x(line int, status text, result jsonb)
          WHERE r.batch_id = $1 AND r.line = x.line`,
        [b.id, JSON.stringify(results)],
      );
      await tx.query(`UPDATE batches SET status = 'done', updated_at = now() WHERE id = $1`, [b.id]);
    });
  }

  function resultOf(o: ItemOutcome): StoredRow['result'] {
    const receipt: Receipt | undefined = o.receipt;
    const error = o.error;
    return {
      ...(receipt ? { referenceNo: receipt.referenceNo } : {}),
      ...(error
        ? { reason: { eng: error.errorMessageEng, idn: error.errorMessageIdn } }
        : receipt?.error
          ? { reason: { eng: receipt.error.errorMessageEng, idn: receipt.error.errorMessageIdn } }
          : {}),
    };
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

  /**
   * Edits a scheduled batch (edit-scheduled-masstransaction): a new draft with its rows and date, which
   * replaces it once verified; until then the scheduled one stands.
   */
  async function edit(caller: Caller, batchId: string) {
    const b = await loadBatch(caller, batchId);
    if (b.status !== 'scheduled') throw batchErrors.notScheduled();
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scheduled_transfers WHERE mass_batch_id = $1 AND status <> 'active'`,
      [b.id],
    );
    if (rows[0]!.n > 0) throw batchErrors.notScheduled();
    const old = await storedRows(b.id);
    return create(caller, b.kind, {
      sourceOfFund: b.source_of_fund,
      rows: old.map((r) => r.cells),
      lines: old.map((r) => r.line),
      runDate: b.run_date,
      replaces: b.id,
    });
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

  return {
    create,
    upload,
    view,
    updateRow,
    addRow,
    removeRows,
    startVerification,
    resend,
    status,
    confirm,
    resultFile,
    edit,
    scheduled,
    template,
    billers,
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
