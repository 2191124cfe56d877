import type { Queryable } from '../db/db';
import type { ApiError } from '../http/api-error';
import { otpOutcomeError, type OtpOutcome } from '../otp/otp-errors';
import type { Receipt } from '../../shared/flows/api';
import { approvalStatus } from '../approvals/store';
import { endDeadSession, type LiveSession } from '../auth/sessions';
import { sha256Hex } from '../auth/tokens';
import { invalidToken } from '../auth/texts';
import type { Caller, ServiceContext } from './context';
import { txErrors } from './errors';
import { executorOf, receiptBodyOf, SERVICE_INQUIRY_PREFIX } from './inquiry-store';
import { newReferenceNo, postConfirmed, type Within } from './ledger';
import { serviceExecutors } from './service-executors';
import { limitsAllow, type Quote } from './quote';
import { applyProviderAnswer } from './settlement';

/** Confirm: books a verified inquiry once, and answers its receipt (the same one for the same key). */
export function confirming(ctx: ServiceContext) {
  const { db } = ctx;

  async function receiptOf(
    journalId: number,
    via: Queryable = db,
  ): Promise<Receipt & { idempotencyKey: string }> {
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
    return {
      referenceNo: r.reference_no,
      status: r.status,
      ...r.details.receipt,
      createdAt: new Date(r.created_at).toISOString(),
      idempotencyKey: r.idempotency_key,
    };
  }

  const strip = ({ idempotencyKey: _k, ...receipt }: Receipt & { idempotencyKey: string }): Receipt =>
    receipt;

  /** Same key, same receipt; another key for a confirmed inquiry is a double transaction (0021). */
  async function answerForConfirmed(journalId: number, idempotencyKey: string): Promise<Receipt> {
    const r = await receiptOf(journalId);
    if (r.idempotencyKey !== idempotencyKey) throw txErrors.doubleTransaction();
    return strip(r);
  }

  /** Why an approval-verified inquiry cannot be booked (read only when the booking refused it). */
  async function approvalRefusal(caller: Caller, inquiryId: string): Promise<ApiError> {
    const status = await approvalStatus(db, inquiryId, caller.customerId);
    if (status === 'rejected') return txErrors.approvalRejected();
    if (status === 'expired') return txErrors.inquiryExpired();
    return txErrors.notVerified();
  }

  /** A service flow's executor, run in the transaction that writes its record; its details join the receipt. */
  const applyService: Within<Quote> = async (tx, booked) => {
    const { flow } = ctx.flowOrThrow(booked.flowId);
    if (!flow.service) throw new Error(`flow ${flow.id} has no service executor`);
    const executor = serviceExecutors[flow.service.execute as keyof typeof serviceExecutors];
    const details = await executor.apply(tx, {
      journalId: booked.journalId,
      customerId: booked.customerId,
      flow,
      form: booked.quote.form ?? {},
      details: booked.quote.details,
      params: flow.service.params ?? {},
    });
    if (Object.keys(details).length)
      await tx.query(
        `UPDATE journal SET details = jsonb_set(details, '{receipt,details}',
                coalesce(details #> '{receipt,details}', '{}'::jsonb) || $2::jsonb) WHERE id = $1`,
        [booked.journalId, JSON.stringify(details)],
      );
    return details;
  };

  /**
   * Books a verified inquiry, once, in one call of the database's confirm_inquiry() (one round trip, one
   * commit): it checks and slides the session, and books what the inquiry stored when it was quoted,
   * under the customer's lock: concurrent confirms of one inquiry queue on that lock, and the loser
   * finds the journal already there (same key: the same receipt; another key: 0021). A rule broken at
   * this point books nothing and keeps the OTP unused, so the customer may retry; a wrong OTP's
   * attempt is kept. The code is hashed under the OTP request the client names; when that is not the
   * inquiry's current one (a new code was asked for, or an older client sent none), the answer names
   * the current one and the call is made again.
   */
  async function confirm(
    who: { token: string; browserId: string; accept: (live: LiveSession) => void },
    input: { inquiryId: string; idempotencyKey: string; otp?: string; otpRequestId?: string },
  ): Promise<Receipt> {
    const tokenHash = sha256Hex(who.token);
    let otpRequestId = input.otpRequestId ?? null;
    for (let attempt = 0; attempt < 3; attempt++) {
      let booked;
      try {
        booked = await postConfirmed<Quote>(
          db,
          {
            tokenHash,
            browserId: who.browserId,
            inquiryId: input.inquiryId,
            otpRequestId,
            codeHash:
              otpRequestId && input.otp !== undefined ? ctx.otp.codeHash(otpRequestId, input.otp) : null,
            idempotencyKey: input.idempotencyKey,
          },
          newReferenceNo,
          input.inquiryId.startsWith(SERVICE_INQUIRY_PREFIX) ? applyService : undefined,
        );
      } catch (err) {
        // Another inquiry of this customer was already booked with this idempotency key.
        const e = err as { code?: string; constraint?: string };
        if (e.code === '23505' && e.constraint !== 'journal_reference_no_key')
          throw txErrors.doubleTransaction();
        throw err;
      }
      if (booked.outcome === 'no_session') {
        await endDeadSession(db, who.token);
        throw invalidToken();
      }
      const { session } = booked;
      // A companion-app session books nothing (it cannot own an inquiry; this says so plainly).
      if (session.channel !== 'web') throw invalidToken();
      who.accept(session);
      if (booked.outcome === 'not_found') throw txErrors.inquiryNotFound();
      const { flowId, quote: q, limits } = booked.inquiry;
      switch (booked.outcome) {
        case 'ok': {
          const body = receiptBodyOf(flowId, q);
          const receiptBody = booked.applied
            ? { ...body, details: { ...body.details, ...booked.applied } }
            : body;
          const entry = ctx.flowOrThrow(flowId);
          const { provider } = executorOf(entry.flow);
          if (!provider)
            return {
              referenceNo: booked.referenceNo,
              status: 'success',
              ...receiptBody,
              createdAt: booked.createdAt,
            };
          // Money held (pending): the biller or operator is called now. Without an answer the journal
          // stays pending, as the spec's "in progress", and settleDuePayments asks again later.
          const outcome = await provider.pay(q.details, entry.flow.posting?.params ?? {}).catch(() => null);
          if (outcome) {
            const held = { journalId: booked.journalId, receipt: receiptBody, checks: 0 };
            await applyProviderAnswer(db, entry.flow, held, outcome);
          }
          return strip(await receiptOf(booked.journalId));
        }
        case 'stale':
          otpRequestId = booked.otpRequestId;
          continue;
        case 'already':
          return answerForConfirmed(booked.journalId, input.idempotencyKey);
        case 'expired':
          throw txErrors.inquiryExpired();
        case 'not_verified':
          throw txErrors.notVerified();
        case 'otp_required':
          throw txErrors.otpRequired();
        case 'approval':
          throw await approvalRefusal(
            { customerId: session.customerId, sessionId: session.id },
            input.inquiryId,
          );
        case 'limits':
          limitsAllow(q, limits, booked.used);
          throw new Error('confirm_inquiry refused limits that allow the amount');
        case 'floor':
          throw txErrors.insufficientBalance(q.amountField);
        default:
          throw otpOutcomeError(booked.outcome.slice(4) as OtpOutcome, booked.attemptsLeft)!;
      }
    }
    throw txErrors.notVerified();
  }

  return { confirm };
}
