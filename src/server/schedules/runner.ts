import type { Db, Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import type { FlowCatalog } from '../transactions/catalog';
import type { ServerRegistry } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { serviceContext } from '../transactions/context';
import { txErrors } from '../transactions/errors';
import { quoteStore } from '../transactions/inquiry-store';
import { posting } from '../transactions/post-quoted';
import type { Instruction } from './store';

/** Why an occurrence could not be posted; insufficient funds is retried the same day (scheduler.ts). */
export type FailReason = 'insufficient_funds' | 'limit' | 'account' | 'unsupported';

export type RunResult =
  | { status: 'success' | 'pending'; journalId: number; referenceNo: string }
  | { status: 'failed'; reason: FailReason; error: ApiErrorBody };

/**
 * Posts one occurrence of an instruction, already verified when it was scheduled, under the
 * occurrence's idempotency key: called twice with one key (a lease that ran out mid-run), it posts
 * once and answers the same journal the second time.
 */
export interface InstructionRunner {
  run(instruction: Instruction, idempotencyKey: string): Promise<RunResult>;
}

const body = (e: { toPayload(): { apierror: ApiErrorBody } }) => e.toPayload().apierror;

/** Which rule an occurrence broke, from the engine's refusal (its apierror code). */
function reasonOf(code: string): FailReason {
  if (code === 'INSUFFICIENT_BALANCE') return 'insufficient_funds';
  if (['AMOUNT_BELOW_MINIMUM', 'AMOUNT_ABOVE_MAXIMUM', 'DAILY_LIMIT_EXCEEDED'].includes(code)) return 'limit';
  if (['INVALID_CURRENCY_PAIRING', 'FLOW_NOT_FOUND', 'AFTER_CUT_OFF'].includes(code)) return 'unsupported';
  return 'account';
}

/**
 * The runner posts each occurrence through the engine's one posting path: the instruction's form is
 * quoted again (today's rules, fees and accounts) into an inquiry of no session, then posted with
 * post_quoted_inquiry() under the customer's lock, as a confirm books (migration 130). Verification
 * was done when the instruction was scheduled. A refusal books nothing.
 */
export function ledgerRunner(db: Db, catalog: FlowCatalog, registry: ServerRegistry): InstructionRunner {
  const ctx = serviceContext({ db, catalog, registry });
  const { storeQuote } = quoteStore(ctx);
  const { postQuoted } = posting(ctx);
  const failed = (e: ApiError): RunResult => ({
    status: 'failed',
    reason: reasonOf(e.errorCode),
    error: body(e),
  });
  return {
    async run(ins, key) {
      const done = await posted(db, ins.customerId, key);
      if (done) return done;
      let inquiryId: string;
      try {
        inquiryId = (await storeQuote({ customerId: ins.customerId, sessionId: null }, ins.flowId, ins.form))
          .id;
      } catch (err) {
        if (err instanceof ApiError) return failed(err);
        throw err;
      }
      const r = await postQuoted({ customerId: ins.customerId, inquiryId, idempotencyKey: key });
      // Posted (a provider's refusal reads as failed), or a concurrent run of the same occurrence
      // committed first: answer its journal.
      return (
        (await posted(db, ins.customerId, key)) ??
        failed(r.outcome === 'refused' ? r.error : txErrors.doubleTransaction())
      );
    },
  };
}

async function posted(db: Queryable, customerId: number, key: string): Promise<RunResult | null> {
  const { rows } = await db.query<{
    id: number;
    reference_no: string;
    status: 'success' | 'pending' | 'failed';
    error: ApiErrorBody | null;
  }>(
    `SELECT id, reference_no, status, details #> '{receipt,error}' AS error
       FROM journal WHERE customer_id = $1 AND idempotency_key = $2`,
    [customerId, key],
  );
  const r = rows[0];
  if (!r) return null;
  // Refused by the provider once sent (another bank returned it at once): its reason, the money back.
  return r.status === 'failed'
    ? { status: 'failed', reason: 'account', error: r.error ?? body(txErrors.doubleTransaction()) }
    : { status: r.status, journalId: Number(r.id), referenceNo: r.reference_no };
}
