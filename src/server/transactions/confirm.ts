import type { ApiError } from '../http/api-error';
import { otpOutcomeError, type OtpOutcome } from '../otp/otp-errors';
import type { Receipt } from '../../shared/flows/api';
import { approvalStatus } from '../approvals/store';
import { currentTokenOf, endDeadSession, type LiveSession } from '../auth/sessions';
import { sha256Hex } from '../auth/tokens';
import { invalidToken } from '../auth/texts';
import type { Caller, ServiceContext } from './context';
import { checkPasskey, type AuthenticationResponseJSON } from '../passkeys/verify-inquiry';
import { txErrors } from './errors';
import { requirePassed } from './fds';
import { newReferenceNo, postConfirmed } from './ledger';
import { limitsAllow, type Quote } from './quote';
import { posting } from './post-quoted';

/** Confirm: books a verified inquiry once, and answers its receipt (the same one for the same key). */
export function confirming(ctx: ServiceContext) {
  const { db } = ctx;

  const { finish, withinOf, receiptOf } = posting(ctx);

  /** Same key, same receipt; another key for a confirmed inquiry is a double transaction (0021). */
  async function answerForConfirmed(journalId: number, idempotencyKey: string): Promise<Receipt> {
    const r = await receiptOf(journalId);
    if (r.idempotencyKey !== idempotencyKey) throw txErrors.doubleTransaction();
    return r.receipt;
  }

  /**
   * A passkey's signed answer over the inquiry (verification 'passkey'): checked and its challenge used
   * up before the booking, which then finds the inquiry verified. Asked again with the key that booked
   * it, the answer is the same receipt; any other use of a used challenge is a replay (nothing booked).
   */
  async function checkInquiryPasskey(input: {
    inquiryId: string;
    idempotencyKey: string;
    passkey: AuthenticationResponseJSON;
    where?: string;
  }): Promise<void> {
    const { rows } = await db.query<{
      customer_id: string | number;
      flow_id: string;
      quote: Quote;
      journal_id: number | null;
      idempotency_key: string | null;
    }>(
      `SELECT i.customer_id, i.flow_id, i.quote, j.id AS journal_id, j.idempotency_key
         FROM transaction_inquiries i LEFT JOIN journal j ON j.inquiry_id = i.id WHERE i.id = $1`,
      [input.inquiryId],
    );
    const r = rows[0];
    if (!r) return; // the booking answers "not found" (after the session's check)
    if (r.journal_id !== null && r.idempotency_key === input.idempotencyKey) return;
    await checkPasskey(
      db,
      Number(r.customer_id),
      {
        purpose: 'inquiry',
        id: input.inquiryId,
        items: [{ inquiryId: input.inquiryId, flowId: r.flow_id, quote: r.quote }],
      },
      input.passkey,
      input.where ?? '',
    );
  }

  /** Why an approval-verified inquiry cannot be booked (read only when the booking refused it). */
  async function approvalRefusal(caller: Caller, inquiryId: string): Promise<ApiError> {
    const status = await approvalStatus(db, inquiryId, caller.customerId);
    if (status === 'rejected') return txErrors.approvalRejected();
    if (status === 'expired') return txErrors.inquiryExpired();
    return txErrors.notVerified();
  }

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
    who: {
      token: string;
      browserId: string;
      /** The session found, answered with `token` (the current one, when the call came with the one it replaced). */
      accept: (live: LiveSession, token?: string) => void;
    },
    input: {
      inquiryId: string;
      idempotencyKey: string;
      otp?: string;
      otpRequestId?: string;
      passkey?: AuthenticationResponseJSON;
      /** Where the passkey was used (its browser and IP address), kept with it. */
      where?: string;
    },
  ): Promise<Receipt> {
    let tokenHash = sha256Hex(who.token);
    let resolvedPrevious = false;
    let answerToken: string | undefined;
    // A flagged inquiry is booked only after its FDS challenge (one read, for those only).
    await requirePassed(db, input.inquiryId);
    if (input.passkey) await checkInquiryPasskey({ ...input, passkey: input.passkey });
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
          withinOf(input.inquiryId),
        );
      } catch (err) {
        // Another inquiry of this customer was already booked with this idempotency key.
        const e = err as { code?: string; constraint?: string };
        if (e.code === '23505' && e.constraint !== 'journal_reference_no_key')
          throw txErrors.doubleTransaction();
        throw err;
      }
      if (booked.outcome === 'no_session') {
        // A token just replaced by a rotation (in its grace window): confirm as its session's current one.
        const current = resolvedPrevious ? null : await currentTokenOf(db, who.token);
        resolvedPrevious = true;
        if (current) {
          tokenHash = current.tokenHash;
          answerToken = current.token ?? undefined;
          attempt--;
          continue;
        }
        await endDeadSession(db, who.token);
        throw invalidToken();
      }
      const { session } = booked;
      // A companion-app session books nothing (it cannot own an inquiry; this says so plainly).
      if (session.channel !== 'web') throw invalidToken();
      who.accept(session, answerToken);
      if (booked.outcome === 'not_found') throw txErrors.inquiryNotFound();
      const { flowId, quote: q, limits } = booked.inquiry;
      switch (booked.outcome) {
        case 'ok':
          return finish(
            {
              journalId: booked.journalId,
              referenceNo: booked.referenceNo,
              createdAt: booked.createdAt,
              flowId,
              quote: q,
            },
            booked.applied,
          );
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
