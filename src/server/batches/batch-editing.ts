import { randomUUID } from 'node:crypto';
import type { BatchView } from '../../shared/batches';
import type { ApiError } from '../http/api-error';
import type { Caller } from '../transactions/context';
import { isFlagged } from '../transactions/fds';
import { quoteMany, type ManyOutcome } from '../transactions/quote-many';
import { readRows, SheetError } from '../mass-transfer/parse';
import type { BatchContext } from './batch-context';
import type { BatchViews } from './batch-views';
import { batchErrors, needsOwnPage } from './errors';
import { BATCH_MAX_ROWS, type BatchKind, type BatchKindName, type RowError } from './kinds';
import { canonical, cellsOfRows, quotedOf, type BatchRow, type Quoted } from './stored-rows';

/** A batch made and changed: its rows planned from their cells and quoted, each with its errors. */
export function batchEditing(bc: BatchContext, { view }: Pick<BatchViews, 'view'>) {
  const { ctx, db, KINDS, planCtx, loadBatch, storedRows } = bc;

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

  return { sync, create, upload, draft, updateRow, addRow, removeRows, edit };
}

export type BatchEditing = ReturnType<typeof batchEditing>;
