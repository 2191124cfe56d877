import type { Db, Queryable } from '../db/db';
import { gatheredReads } from '../db/keyed-reads';
import type { ApiErrorBody } from '../../shared/api-error';
import type { Receipt } from '../../shared/flows/api';
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
  /**
   * The same for many at once, index for index (an Error where one could not be run: its lease runs
   * out and a later run tries it again), in a few round trips for all of them rather than a dozen each.
   */
  runMany?(items: readonly { instruction: Instruction; key: string }[]): Promise<(RunResult | Error)[]>;
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
  const { postQuoted, postQuotedMany } = posting(ctx);
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

    /**
     * What run() does, for a batch: the occurrences already posted found in one read; the others quoted
     * together (each through its flow as run() quotes it, the reads every quote makes gathered into one
     * statement each, keyed-reads.ts) and stored in one statement; then each customer's posted in one
     * transaction (postQuotedMany: post_quoted_inquiry() for each, under the customer's lock), a few
     * customers at a time; a posted journal answers from its receipt, not read again.
     */
    async runMany(items) {
      const out: (RunResult | Error)[] = new Array(items.length);
      const done = await postedMany(db, items);
      const todo = items.flatMap((it, i) => {
        const d = done.get(`${it.instruction.customerId}:${it.key}`);
        if (d) out[i] = d;
        return d ? [] : [i];
      });
      const quoting = quoteStore({ ...ctx, reads: gatheredReads(db) });
      const quoted = await Promise.allSettled(
        todo.map((i) => {
          const ins = items[i]!.instruction;
          return quoting.prepareQuote({ customerId: ins.customerId, sessionId: null }, ins.flowId, ins.form);
        }),
      );
      const byCustomer = new Map<number, { i: number; inquiryId: string }[]>();
      const good: Parameters<typeof quoting.insertInquiries>[0][number][] = [];
      for (const [k, q] of quoted.entries()) {
        const i = todo[k]!;
        if (q.status === 'rejected') {
          out[i] = q.reason instanceof ApiError ? failed(q.reason) : (q.reason as Error);
          continue;
        }
        good.push(q.value);
        const customerId = items[i]!.instruction.customerId;
        byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), { i, inquiryId: q.value.id }]);
      }
      if (good.length) await quoting.insertInquiries(good);
      const postOne = async ([customerId, list]: [number, { i: number; inquiryId: string }[]]) => {
        try {
          const results = await postQuotedMany({
            customerId,
            items: list.map((x) => ({ inquiryId: x.inquiryId, idempotencyKey: items[x.i]!.key })),
          });
          for (const [k, r] of results.entries()) {
            const { i } = list[k]!;
            out[i] =
              r.outcome === 'posted'
                ? fromReceipt(r.journalId, r.receipt)
                : ((await posted(db, customerId, items[i]!.key)) ?? failed(r.error));
          }
        } catch (err) {
          for (const { i } of list) out[i] = err as Error;
        }
      };
      const groups = [...byCustomer];
      for (let g = 0; g < groups.length; g += POSTING_WIDTH)
        await Promise.all(groups.slice(g, g + POSTING_WIDTH).map(postOne));
      return out;
    },
  };
}

/** Customers posted at the same time by one batch (each customer's postings one short transaction, so a
 * batch waits on round trips, not on the database: 8 kept two servers' batches at 128 /s where 4 gave 99). */
const POSTING_WIDTH = 8;

/** A journal just posted, as its receipt says (what posted() would read back). */
function fromReceipt(journalId: number, receipt: Receipt): RunResult {
  if (receipt.status === 'failed')
    return {
      status: 'failed',
      reason: 'account',
      error: receipt.error ?? body(txErrors.doubleTransaction()),
    };
  return { status: receipt.status, journalId, referenceNo: receipt.referenceNo };
}

/** posted() for many occurrences in one read, by "customer:key". */
async function postedMany(
  db: Queryable,
  items: readonly { instruction: Instruction; key: string }[],
): Promise<Map<string, RunResult>> {
  const { rows } = await db.query<{
    customer_id: number;
    idempotency_key: string;
    id: number;
    reference_no: string;
    status: 'success' | 'pending' | 'failed';
    error: ApiErrorBody | null;
  }>(
    `SELECT j.customer_id, j.idempotency_key, j.id, j.reference_no, j.status, j.details #> '{receipt,error}' AS error
       FROM unnest($1::bigint[], $2::text[]) AS x(customer_id, key)
       JOIN journal j ON j.customer_id = x.customer_id AND j.idempotency_key = x.key`,
    [items.map((it) => it.instruction.customerId), items.map((it) => it.key)],
  );
  return new Map(rows.map((r) => [`${r.customer_id}:${r.idempotency_key}`, resultOf(r)]));
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
  return r ? resultOf(r) : null;
}

function resultOf(r: {
  id: number;
  reference_no: string;
  status: 'success' | 'pending' | 'failed';
  error: ApiErrorBody | null;
}): RunResult {
  // Refused by the provider once sent (another bank returned it at once): its reason, the money back.
  return r.status === 'failed'
    ? { status: 'failed', reason: 'account', error: r.error ?? body(txErrors.doubleTransaction()) }
    : { status: r.status, journalId: Number(r.id), referenceNo: r.reference_no };
}
