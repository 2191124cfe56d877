import type { Receipt } from '../../shared/flows/api';
import type { AccountTotal } from '../../shared/account-total';
import type { Money } from '../../shared/money';
import type { ApiErrorBody } from '../../shared/api-error';
import type { Queryable } from '../db/db';
import type { OtpChallenge } from '../otp/otp-service';
import {
  approvalStatus,
  openApproval,
  resendApproval,
  type ApprovalStatus,
  type ApprovalSummary,
  type ApprovalTicket,
} from '../approvals/store';
import type { Caller, ServiceContext } from './context';
import { txErrors } from './errors';
import { limitsAndUse } from './limits';
import { posting } from './post-quoted';
import type { Quote } from './quote';
import { accountById } from './account-reads';
import {
  checkPasskey,
  requestPasskey,
  type AuthenticationResponseJSON,
  type PasskeyRequest,
  type PasskeySubject,
} from '../passkeys/verify-inquiry';

/**
 * Several quoted inquiries verified ONCE (one OTP, one app approval or one passkey signature over all of them) and then each posted on its own
 * through the engine's one posting path (post-quoted.ts), with its own idempotency key and result: a
 * refused one books nothing and leaves the others booked. The cart and the mass transfer / payment /
 * purchase batches both run on this; each keeps its own record of the verification (a table row) and
 * hands this module the callbacks that write it.
 */

export type { AccountTotal };

/** A limit category whose items together are over what is left of the daily limit. */
export interface LimitShortfall {
  category: string;
  amount: number;
  unused: number;
}

/** How a verification was started, as its owner keeps it. */
export interface VerificationRef {
  method: 'otp' | 'approval' | 'passkey';
  otpRequestId: string | null;
  approvalInquiryId: string | null;
}

export type Verification =
  | { method: 'otp'; otp: OtpChallenge }
  | ({ method: 'approval' } & ApprovalTicket)
  | { method: 'passkey'; passkey: PasskeyRequest };

/** One item's own result: its receipt (a provider's refusal is a failed receipt), or why nothing was booked. */
export interface ItemOutcome {
  status: 'success' | 'pending' | 'failed';
  receipt?: Receipt;
  error?: ApiErrorBody;
}

type Tx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0];

export function verifyOnce(ctx: ServiceContext) {
  const { db } = ctx;
  const { postQuotedMany } = posting(ctx);

  /**
   * Per source account and currency: what the quotes take today, against the balance above the floor.
   * A transfer scheduled for later takes nothing today (it is paid from its day's balance, checked then).
   */
  async function totalsOf(quotes: Quote[], via: Queryable = db): Promise<AccountTotal[]> {
    const sums = new Map<string, { accountId: number; currency: string; amount: number }>();
    for (const q of quotes) {
      if (!q.debitAccountId || !q.debitAmount || q.schedule) continue;
      const currency = q.total?.currency ?? q.amount?.currency ?? 'IDR';
      const key = `${q.debitAccountId}:${currency}`;
      const s = sums.get(key) ?? { accountId: q.debitAccountId, currency, amount: 0 };
      s.amount += q.debitAmount;
      sums.set(key, s);
    }
    const totals: AccountTotal[] = [];
    for (const s of sums.values()) {
      const a = await accountById(via, s.accountId);
      const available = a ? Number(a.balance) - Number(a.floor) : 0;
      totals.push({ ...s, accountNo: a?.account_no ?? '', available, enough: s.amount <= available });
    }
    return totals;
  }

  /**
   * The first limit category whose quotes together exceed what is left of today's limit, if any (a
   * transfer scheduled for later counts on the day it runs, as the scheduler's quote does).
   */
  async function limitShortfall(customerId: number, quotes: Quote[]): Promise<LimitShortfall | null> {
    const byCategory = new Map<string, number>();
    for (const q of quotes)
      if (!q.schedule)
        byCategory.set(q.limitCategory, (byCategory.get(q.limitCategory) ?? 0) + q.limitAmount);
    for (const [category, amount] of byCategory) {
      const { limits, used } = await limitsAndUse(db, customerId, category);
      if (limits.dailyLimit === null) continue;
      const unused = Math.max(0, limits.dailyLimit - used);
      if (amount > unused) return { category, amount, unused };
    }
    return null;
  }

  /**
   * Refuses quotes that together are more than a source account holds or than what is left of
   * today's limit, with the owner's (cart's or batch's) own refusals; checked before verification.
   */
  async function checkAffordable(
    customerId: number,
    quotes: Quote[],
    refuse: {
      overBalance: (accountNo: string, need: Money, available: Money) => Error;
      overLimit: (need: Money, unused: Money) => Error;
    },
  ): Promise<void> {
    for (const tot of await totalsOf(quotes))
      if (!tot.enough)
        throw refuse.overBalance(
          tot.accountNo,
          { amount: tot.amount, currency: tot.currency },
          { amount: Math.max(0, tot.available), currency: tot.currency },
        );
    const short = await limitShortfall(customerId, quotes);
    if (short)
      throw refuse.overLimit(
        { amount: short.amount, currency: 'IDR' },
        { amount: short.unused, currency: 'IDR' },
      );
  }

  /**
   * Sends the one OTP (to the phone chosen, else the first not frozen) or opens the one approval
   * request (keyed by one of the items' inquiries, `approvalInquiryId`, with the companion app's
   * summary). `record` writes the owner's row in the same database transaction.
   */
  async function start(
    caller: Caller,
    input: {
      method: 'otp' | 'approval' | 'passkey';
      phoneId?: number;
      /** What a passkey signs: the owner's id and every item as quoted (the challenge is derived from them). */
      passkey?: () => PasskeySubject;
      /** The SMS's context text (Indonesian, as the bank's texts). */
      otpContext: string;
      approvalInquiryId: string;
      summary: () => Promise<ApprovalSummary>;
      record: (tx: Tx, ref: VerificationRef) => Promise<void>;
    },
  ): Promise<Verification> {
    if (input.method === 'otp') {
      let phoneId = input.phoneId;
      if (phoneId === undefined) {
        const phones = await ctx.otp.phones(db, caller.customerId);
        if (!phones.length) throw txErrors.noPhone();
        phoneId = (phones.find((p) => !p.frozenUntil) ?? phones[0]!).phoneId;
      }
      const otp = await db.transaction(async (tx) => {
        const challenge = await ctx.otp.issue(tx, {
          customerId: caller.customerId,
          phoneId,
          purpose: 'transaction',
          context: input.otpContext,
        });
        await input.record(tx, { method: 'otp', otpRequestId: challenge.requestId, approvalInquiryId: null });
        return challenge;
      });
      return { method: 'otp', otp };
    }
    if (input.method === 'passkey') {
      const subject = input.passkey!();
      const passkey = await db.transaction(async (tx) => {
        await input.record(tx, { method: 'passkey', otpRequestId: null, approvalInquiryId: null });
        return requestPasskey(tx, caller, subject);
      });
      return { method: 'passkey', passkey };
    }
    const summary = await input.summary();
    const first = input.approvalInquiryId;
    const ticket = await db.transaction(async (tx) => {
      await input.record(tx, { method: 'approval', otpRequestId: null, approvalInquiryId: first });
      await tx.query(`UPDATE transaction_inquiries SET verification_method = 'approval' WHERE id = $1`, [
        first,
      ]);
      return openApproval(tx, {
        inquiryId: first,
        customerId: caller.customerId,
        sessionId: caller.sessionId,
        summary,
      });
    });
    ctx.hub.notify(caller.customerId, first);
    return { method: 'approval', ...ticket };
  }

  async function resend(
    caller: Caller,
    ref: VerificationRef,
    passkey?: () => Promise<PasskeySubject>,
  ): Promise<Verification> {
    if (ref.method === 'passkey')
      return { method: 'passkey', passkey: await requestPasskey(db, caller, await passkey!()) };
    if (ref.method === 'otp')
      return { method: 'otp', otp: await ctx.otp.resend(db, ref.otpRequestId!, caller.customerId) };
    const ticket = await resendApproval(db, ref.approvalInquiryId!, caller.customerId);
    ctx.hub.notify(caller.customerId, ref.approvalInquiryId!);
    return { method: 'approval', ...ticket };
  }

  /** The approval's status while it waits (an OTP verification answers 'waiting' until it expires). */
  async function status(caller: Caller, ref: VerificationRef, expired: boolean): Promise<ApprovalStatus> {
    const s = ref.approvalInquiryId
      ? await approvalStatus(db, ref.approvalInquiryId, caller.customerId)
      : null;
    return s ?? (expired ? 'expired' : 'waiting');
  }

  /**
   * Checks the verification once: the OTP (used up, with `markVerified` in its transaction) or the
   * approval (approved). Throws the engine's apierror otherwise (wrong code, rejected, expired).
   */
  async function verify(
    caller: Caller,
    ref: VerificationRef,
    input: {
      expired: boolean;
      otp?: string;
      /** A passkey's signed answer over `subject` (verification 'passkey'), and where it was used. */
      passkey?: {
        response: AuthenticationResponseJSON;
        subject: () => Promise<PasskeySubject>;
        where: string;
      };
      markVerified: (tx: Queryable) => Promise<void>;
    },
  ): Promise<void> {
    if (input.expired) throw txErrors.inquiryExpired();
    if (ref.method === 'passkey') {
      if (!input.passkey) throw txErrors.notVerified();
      // The challenge is used up in the transaction that marks the owner verified: a replay books nothing.
      const p = input.passkey;
      await checkPasskey(db, caller.customerId, await p.subject(), p.response, p.where, input.markVerified);
      return;
    }
    if (ref.method === 'otp') {
      if (!input.otp) throw txErrors.otpRequired();
      await db.transaction(async (tx) => {
        await ctx.otp.verify(tx, ref.otpRequestId!, caller.customerId, input.otp!);
        await input.markVerified(tx);
      });
      return;
    }
    const s = await approvalStatus(db, ref.approvalInquiryId!, caller.customerId);
    if (s === 'rejected') throw txErrors.approvalRejected();
    if (s === 'expired') throw txErrors.inquiryExpired();
    if (s !== 'approved') throw txErrors.notVerified();
    await input.markVerified(db);
  }

  /**
   * Posts each verified item on its own, in order, under its own idempotency key (asked again with the
   * same keys it answers the same receipts), many to a database round trip (postQuotedMany); `done`
   * hears each outcome.
   */
  async function postEach<T extends { inquiryId: string; idempotencyKey: string }>(
    customerId: number,
    items: readonly T[],
    done?: (item: T, outcome: ItemOutcome) => Promise<void>,
  ): Promise<ItemOutcome[]> {
    const posted = await postQuotedMany({ customerId, items });
    const out: ItemOutcome[] = [];
    for (const [i, r] of posted.entries()) {
      const outcome: ItemOutcome =
        r.outcome === 'posted'
          ? { status: r.receipt.status, receipt: r.receipt }
          : { status: 'failed', error: r.error.toPayload().apierror };
      out.push(outcome);
      await done?.(items[i]!, outcome);
    }
    return out;
  }

  return { totalsOf, limitShortfall, checkAffordable, start, resend, status, verify, postEach };
}

export type VerifyOnce = ReturnType<typeof verifyOnce>;
