import type { Queryable } from '../db/db';
import type { ApiError } from '../http/api-error';
import type { Receipt } from '../../shared/flows/api';
import type { PostingContext } from './context';
import type { ServerRegistry } from './contracts';
import { txErrors } from './errors';
import { receiptBodyOf, SERVICE_INQUIRY_PREFIX } from './inquiry-store';
import { executorParamsOf, providerFor } from './booking-executors';
import { newReferenceNo, SETTLEMENT_LEASE_S, type Within } from './ledger';
import { DEFAULT_LIMITS_ARGS, type Limits } from './limits';
import { limitsAllow, type Quote } from './quote';
import { applyProviderAnswer } from './settlement';
import { promoTaker } from '../promo/take-promo';
import { hasPromo } from '../promo/quote-promo';
import { flowNotice } from '../mailbox/flow-notice';
import { isScheduling, scheduleWithin } from './schedule';

/** A service executor's one-time values (ServiceExecutor's `secret`): text by key. */
const isSecret = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string');

/** What posting one quoted inquiry answers: its receipt, or why nothing was booked. */
export type PostResult =
  { outcome: 'posted'; journalId: number; receipt: Receipt } | { outcome: 'refused'; error: ApiError };

type Booked = { journalId: number; referenceNo: string; createdAt: string; flowId: string; quote: Quote };

/**
 * The one posting path of the engine, after verification: confirm (its OTP or approval checked by
 * confirm_inquiry), a cart's items (verified once for the whole cart) and the scheduler's occurrences
 * (verified when scheduled) all book through post_quoted_inquiry() (migration 130) and finish here.
 */
export function posting(ctx: PostingContext) {
  const { db } = ctx;

  async function receiptOf(journalId: number, via: Queryable = db) {
    const { rows } = await via.query<{
      reference_no: string;
      status: Receipt['status'];
      details: { receipt: Omit<Receipt, 'referenceNo' | 'status' | 'createdAt'> };
      created_at: Date | string;
      idempotency_key: string;
    }>('SELECT reference_no, status, details, created_at, idempotency_key FROM journal WHERE id = $1', [
      journalId,
    ]);
    const r = rows[0]!;
    const receipt: Receipt = {
      referenceNo: r.reference_no,
      status: r.status,
      ...r.details.receipt,
      createdAt: new Date(r.created_at).toISOString(),
    };
    return { receipt, idempotencyKey: r.idempotency_key };
  }

  /** A service flow's executor, run in the transaction that writes its record; its details join the receipt. */
  const applyService: Within<Quote> = async (tx, booked) => {
    const { flow } = ctx.flowOrThrow(booked.flowId);
    const service = flow.service ?? flow.posting?.service;
    if (!service) throw new Error(`flow ${flow.id} has no service executor`);
    const executor =
      ctx.registry.serviceExecutors[service.execute as keyof ServerRegistry['serviceExecutors']];
    const details = await executor.apply(tx, {
      journalId: booked.journalId,
      customerId: booked.customerId,
      flow,
      form: booked.quote.form ?? {},
      details: booked.quote.details,
      params: service.params ?? {},
    });
    // A one-time secret (a virtual card number) goes back with this answer only: never into the journal.
    const { secret: _secret, ...stored } = details;
    if (Object.keys(stored).length)
      await tx.query(
        `UPDATE journal SET details = jsonb_set(details, '{receipt,details}',
                coalesce(details #> '{receipt,details}', '{}'::jsonb) || $2::jsonb) WHERE id = $1`,
        [booked.journalId, JSON.stringify(stored)],
      );
    // The mailbox message the flow declares (card blocked, limit raised), with the change it reports.
    await flowNotice(tx, ctx.t, {
      flow,
      customerId: booked.customerId,
      journalId: booked.journalId,
      form: booked.quote.form ?? {},
      details: { ...booked.quote.details, ...details },
    });
    return details;
  };

  const takePromo = promoTaker(ctx);

  /**
   * What runs in the booking's transaction, as the inquiry's id says before anything is read: a flow
   * that moves no money, its executor; one that took a promo code, the code's quota and points.
   */
  const withinOf = (inquiryId: string): Within<Quote> | undefined => {
    // A transfer for later: its confirm stores the verified instruction, and books no money.
    if (isScheduling(inquiryId)) return scheduleWithin;
    const service = inquiryId.startsWith(SERVICE_INQUIRY_PREFIX);
    const promo = hasPromo(inquiryId);
    if (service && promo)
      return async (tx, booked) => ({
        ...(await applyService(tx, booked)),
        ...(await takePromo(tx, booked)),
      });
    return service ? applyService : promo ? takePromo : undefined;
  };

  /**
   * After the booking: a biller's or operator's payment (money held, pending) is paid now; without an
   * answer the journal stays pending, as the spec's "in progress", and settleDuePayments asks later.
   */
  async function finish(booked: Booked, applied?: Record<string, unknown>): Promise<Receipt> {
    const body = receiptBodyOf(booked.flowId, booked.quote);
    const { secret, ...details } = applied ?? {};
    const receiptBody = applied ? { ...body, details: { ...body.details, ...details } } : body;
    const entry = ctx.flowOrThrow(booked.flowId);
    // A scheduled transfer's record: its receipt names the instruction (scheduleWithin wrote it).
    if (booked.quote.schedule) return (await receiptOf(booked.journalId)).receipt;
    // Answered later by the flow's provider (a biller, a fund manager at the next NAV), if it has one
    // and this booking waits for it (inquiry-store booked it pending by the same rule).
    const provider = providerFor(ctx.registry, entry.flow, booked.quote.details);
    if (!provider)
      return {
        referenceNo: booked.referenceNo,
        status: 'success',
        ...receiptBody,
        createdAt: booked.createdAt,
        ...(isSecret(secret) ? { secret } : {}),
      };
    const outcome = await provider
      .pay(booked.quote.details, executorParamsOf(entry.flow), { db, now: new Date() })
      .catch(() => null);
    if (outcome) {
      const held = { journalId: booked.journalId, receipt: receiptBody, checks: 0 };
      await applyProviderAnswer(db, entry.flow, held, outcome, provider);
    }
    return (await receiptOf(booked.journalId)).receipt;
  }

  /** Why a refused booking was refused, as the spec's apierror. */
  function refusal(outcome: string, q: Quote | undefined, limits: Limits, used: number): ApiError {
    if (outcome === 'expired') return txErrors.inquiryExpired();
    if (outcome === 'not_found' || !q) return txErrors.inquiryNotFound();
    if (outcome === 'floor') return txErrors.insufficientBalance(q.amountField);
    if (outcome === 'limits') {
      try {
        limitsAllow(q, limits, used);
      } catch (e) {
        return e as ApiError;
      }
    }
    return txErrors.notVerified();
  }

  /**
   * Posts one quoted inquiry of the customer, already verified by the caller, once per idempotency key:
   * the same key again answers the same receipt; a refusal (limits, balance, expired) books nothing.
   */
  async function postQuoted(input: {
    customerId: number;
    inquiryId: string;
    idempotencyKey: string;
  }): Promise<PostResult> {
    const within = withinOf(input.inquiryId);
    type Row = {
      outcome: string;
      detail: number | null;
      posted_journal: number | null;
      posted_at: Date | string | null;
      flow_id: string | null;
      quote: Quote | null;
      min_amount: number;
      max_per_transaction: number;
      daily_limit: number | null;
    };
    let row: Row | undefined;
    let referenceNo = '';
    let applied: Record<string, unknown> | undefined;
    for (let attempt = 1; ; attempt++) {
      referenceNo = newReferenceNo();
      try {
        row = await db.transaction(async (tx) => {
          const { rows } = await tx.query<Row>(
            `SELECT * FROM post_quoted_inquiry($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL)`,
            [
              input.customerId,
              input.inquiryId,
              ...DEFAULT_LIMITS_ARGS,
              referenceNo,
              input.idempotencyKey,
              SETTLEMENT_LEASE_S,
            ],
          );
          const r = rows[0]!;
          if (r.outcome === 'ok' && within)
            applied = await within(tx, {
              journalId: Number(r.posted_journal),
              customerId: input.customerId,
              flowId: r.flow_id!,
              quote: r.quote!,
            });
          return r;
        });
        break;
      } catch (err) {
        const e = err as { code?: string; constraint?: string };
        if (e.code === '23505' && e.constraint === 'journal_reference_no_key' && attempt < 5) continue;
        if (e.code === '23505') {
          // Another posting of this customer already used this key: the same receipt if it was this inquiry.
          const { rows } = await db.query<{ id: number; inquiry_id: string | null }>(
            'SELECT id, inquiry_id FROM journal WHERE customer_id = $1 AND idempotency_key = $2',
            [input.customerId, input.idempotencyKey],
          );
          const j = rows[0];
          if (j && j.inquiry_id === input.inquiryId)
            return {
              outcome: 'posted',
              journalId: Number(j.id),
              receipt: (await receiptOf(Number(j.id))).receipt,
            };
          return { outcome: 'refused', error: txErrors.doubleTransaction() };
        }
        throw err;
      }
    }
    const r = row!;
    if (r.outcome === 'ok')
      return {
        outcome: 'posted',
        journalId: Number(r.posted_journal),
        receipt: await finish(
          {
            journalId: Number(r.posted_journal),
            referenceNo,
            createdAt: new Date(r.posted_at!).toISOString(),
            flowId: r.flow_id!,
            quote: r.quote!,
          },
          applied,
        ),
      };
    if (r.outcome === 'already') {
      const { receipt, idempotencyKey } = await receiptOf(Number(r.detail));
      if (idempotencyKey !== input.idempotencyKey)
        return { outcome: 'refused', error: txErrors.doubleTransaction() };
      return { outcome: 'posted', journalId: Number(r.detail), receipt };
    }
    const limits = {
      minAmount: r.min_amount,
      maxPerTransaction: r.max_per_transaction,
      dailyLimit: r.daily_limit,
    };
    return { outcome: 'refused', error: refusal(r.outcome, r.quote ?? undefined, limits, r.detail ?? 0) };
  }

  /**
   * Posts many verified inquiries of one customer, each on its own (its own journal, idempotency key and
   * result; a refused one books nothing and leaves the others booked), through the same
   * post_quoted_inquiry() and finish() as postQuoted, a chunk of them in one database round trip. An
   * inquiry whose booking runs code in its transaction (a service executor, a promo) is posted alone;
   * a chunk that fails as a whole (a reference number taken, say) is posted again one by one.
   */
  async function postQuotedMany(input: {
    customerId: number;
    items: readonly { inquiryId: string; idempotencyKey: string }[];
    chunk?: number;
  }): Promise<PostResult[]> {
    const out: PostResult[] = new Array(input.items.length);
    const plain: number[] = [];
    for (const [i, it] of input.items.entries()) {
      if (withinOf(it.inquiryId)) out[i] = await postQuoted({ customerId: input.customerId, ...it });
      else plain.push(i);
    }
    const size = Math.max(1, input.chunk ?? 100);
    type Row = {
      n: number;
      outcome: string;
      detail: number | null;
      posted_journal: number | null;
      posted_at: Date | string | null;
      flow_id: string | null;
      quote: Quote | null;
      min_amount: number;
      max_per_transaction: number;
      daily_limit: number | null;
    };
    for (let c = 0; c < plain.length; c += size) {
      const idx = plain.slice(c, c + size);
      const refs = idx.map(() => newReferenceNo());
      let rows: Row[];
      try {
        rows = await db.transaction(async (tx) => {
          const r = await tx.query<Row>(
            `SELECT x.n::int AS n, p.*
               FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(inquiry_id, key, ref, n)
              CROSS JOIN LATERAL post_quoted_inquiry($1, x.inquiry_id, $5, $6, $7, $8, x.ref, x.key, $9, NULL, NULL) p
              ORDER BY x.n`,
            [
              input.customerId,
              idx.map((i) => input.items[i]!.inquiryId),
              idx.map((i) => input.items[i]!.idempotencyKey),
              refs,
              ...DEFAULT_LIMITS_ARGS,
              SETTLEMENT_LEASE_S,
            ],
          );
          return r.rows;
        });
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        for (const i of idx) out[i] = await postQuoted({ customerId: input.customerId, ...input.items[i]! });
        continue;
      }
      for (const r of rows) {
        const i = idx[r.n - 1]!;
        const it = input.items[i]!;
        if (r.outcome === 'ok') {
          const journalId = Number(r.posted_journal);
          out[i] = {
            outcome: 'posted',
            journalId,
            receipt: await finish({
              journalId,
              referenceNo: refs[r.n - 1]!,
              createdAt: new Date(r.posted_at!).toISOString(),
              flowId: r.flow_id!,
              quote: r.quote!,
            }),
          };
        } else if (r.outcome === 'already') {
          const { receipt, idempotencyKey } = await receiptOf(Number(r.detail));
          out[i] =
            idempotencyKey === it.idempotencyKey
              ? { outcome: 'posted', journalId: Number(r.detail), receipt }
              : { outcome: 'refused', error: txErrors.doubleTransaction() };
        } else {
          const limits = {
            minAmount: r.min_amount,
            maxPerTransaction: r.max_per_transaction,
            dailyLimit: r.daily_limit,
          };
          out[i] = {
            outcome: 'refused',
            error: refusal(r.outcome, r.quote ?? undefined, limits, r.detail ?? 0),
          };
        }
      }
    }
    return out;
  }

  return { postQuoted, postQuotedMany, finish, withinOf, receiptOf };
}
