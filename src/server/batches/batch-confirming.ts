import { bankDate } from '../../shared/bank-time';
import { formatMoney } from '../../shared/money';
import type { Receipt } from '../../shared/flows/api';
import type { ApprovalStatus, ApprovalSummary } from '../approvals/store';
import type { Caller } from '../transactions/context';
import { txErrors } from '../transactions/errors';
import { accountById } from '../transactions/account-reads';
import type { ItemOutcome, VerificationRef } from '../transactions/verify-once';
import { checkWhen } from '../schedules/recurrence';
import { createInstruction, scheduleErrors, whenError } from '../schedules/store';
import type { BatchContext } from './batch-context';
import type { BatchEditing } from './batch-editing';
import type { BatchViews } from './batch-views';
import { batchErrors } from './errors';
import { cellsOfRows, VERIFY_TTL_S, type BatchRow, type StoredRow } from './stored-rows';

/**
 * A batch verified once (the cart's verify-once: one OTP or one app approval for all its rows) and
 * confirmed: each row posted on its own now, or each made one instruction of the scheduler on its date.
 */
export function batchConfirming(
  bc: BatchContext,
  { view }: Pick<BatchViews, 'view'>,
  { sync, draft }: Pick<BatchEditing, 'sync' | 'draft'>,
) {
  const { ctx, db, once, KINDS, loadBatch, storedRows } = bc;

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
    const rows = await storedRows(b.id, { quotes: true });
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
    return { ...verification, ...(await view(caller, b.id, rows)) };
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
      const rows = (await storedRows(b.id, { quotes: true })).filter((r) => r.inquiry_id && !r.errors.length);
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

  return { startVerification, resend, status, confirm };
}
