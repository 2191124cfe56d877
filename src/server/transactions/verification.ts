import { formatMoney } from '../../shared/money';
import type { OtpChallenge } from '../otp/otp-service';
import {
  approvalStatus,
  openApproval,
  resendApproval,
  withdrawApprovals,
  type ApprovalStatus,
  type ApprovalTicket,
} from '../approvals/store';
import { requestPasskey, type PasskeyRequest } from '../passkeys/verify-inquiry';
import { requirePassed } from './fds';
import { approvalSummaries } from './approval-summary';
import type { Caller, ServiceContext } from './context';
import { txErrors } from './errors';
import type { inquiryStore } from './inquiry-store';

export type VerificationAnswer =
  | { method: 'otp'; otp: OtpChallenge }
  | ({ method: 'approval' } & ApprovalTicket)
  | { method: 'passkey'; passkey: PasskeyRequest };

type Method = VerificationAnswer['method'];

/**
 * Verification of an inquiry: an OTP to one of the customer's phones, a request to the companion app, or
 * a passkey's signature over a challenge derived from the inquiry (src/server/passkeys).
 */
export function verification(ctx: ServiceContext, store: ReturnType<typeof inquiryStore>) {
  const { db, t } = ctx;
  const approvalSummary = approvalSummaries(ctx);

  async function startVerification(
    caller: Caller,
    input: { inquiryId: string; method: Method; phoneId?: number },
  ): Promise<VerificationAnswer> {
    const row = await store.loadInquiry(caller, input.inquiryId);
    if (row.journal_id) throw txErrors.doubleTransaction();
    if (row.expired) throw txErrors.inquiryExpired();
    await requirePassed(db, row.id);
    const { flow } = ctx.flowOrThrow(row.flow_id);
    if (!flow.verify.methods.includes(input.method)) throw txErrors.methodNotAllowed();
    // Rejected in the app means cancelled: no OTP fallback and no second request for this inquiry.
    if ((await approvalStatus(db, row.id, caller.customerId)) === 'rejected')
      throw txErrors.approvalRejected();
    if (input.method === 'otp') {
      let phoneId = input.phoneId;
      if (phoneId === undefined) {
        const phones = await ctx.otp.phones(db, caller.customerId);
        if (!phones.length) throw txErrors.noPhone();
        phoneId = (phones.find((p) => !p.frozenUntil) ?? phones[0]!).phoneId;
      }
      const total = row.quote.total;
      const context = total
        ? `${t(flow.titleKey, 'id')} ${formatMoney(total, 'id')}`
        : t(flow.titleKey, 'id');
      // One commit for the code, its SMS, the inquiry's link to it and the app request it replaces.
      let withdrawn = false;
      const otp = await db.transaction(async (tx) => {
        const challenge = await ctx.otp.issue(tx, {
          customerId: caller.customerId,
          phoneId,
          purpose: 'transaction',
          context,
        });
        await tx.query(
          `UPDATE transaction_inquiries SET verification_method = 'otp', otp_request_id = $2 WHERE id = $1`,
          [row.id, challenge.requestId],
        );
        withdrawn = await withdrawApprovals(tx, row.id, caller.customerId);
        return challenge;
      });
      // The app drops the withdrawn request at once (its list re-reads on this notification).
      if (withdrawn) ctx.hub.notify(caller.customerId, row.id);
      return { method: 'otp', otp };
    }
    if (input.method === 'passkey') return passkeyRequest(caller, row);
    const summary = await approvalSummary(caller, row, flow);
    const ticketed = await db.transaction(async (tx) => {
      const opened = await openApproval(tx, {
        inquiryId: row.id,
        customerId: caller.customerId,
        sessionId: caller.sessionId,
        summary,
      });
      await tx.query(`UPDATE transaction_inquiries SET verification_method = 'approval' WHERE id = $1`, [
        row.id,
      ]);
      return opened;
    });
    ctx.hub.notify(caller.customerId, row.id);
    return { method: 'approval', ...ticketed };
  }

  /** A new challenge over the inquiry as stored; the app request it replaces is withdrawn. */
  async function passkeyRequest(
    caller: Caller,
    row: Awaited<ReturnType<typeof store.loadInquiry>>,
  ): Promise<VerificationAnswer> {
    let withdrawn = false;
    const passkey = await db.transaction(async (tx) => {
      const request = await requestPasskey(tx, caller, {
        purpose: 'inquiry',
        id: row.id,
        items: [{ inquiryId: row.id, flowId: row.flow_id, quote: row.quote }],
      });
      await tx.query(
        `UPDATE transaction_inquiries SET verification_method = 'passkey', otp_request_id = NULL WHERE id = $1`,
        [row.id],
      );
      withdrawn = await withdrawApprovals(tx, row.id, caller.customerId);
      return request;
    });
    if (withdrawn) ctx.hub.notify(caller.customerId, row.id);
    return { method: 'passkey', passkey };
  }

  async function resendVerification(caller: Caller, inquiryId: string): Promise<VerificationAnswer> {
    const row = await store.loadInquiry(caller, inquiryId);
    if (row.journal_id) throw txErrors.doubleTransaction();
    if (row.expired) throw txErrors.inquiryExpired();
    if (row.verification_method === 'otp' && row.otp_request_id) {
      return { method: 'otp', otp: await ctx.otp.resend(db, row.otp_request_id, caller.customerId) };
    }
    if (row.verification_method === 'approval') {
      const ticketed = await db.transaction((tx) => resendApproval(tx, inquiryId, caller.customerId));
      ctx.hub.notify(caller.customerId, inquiryId);
      return { method: 'approval', ...ticketed };
    }
    if (row.verification_method === 'passkey') return passkeyRequest(caller, row);
    throw txErrors.notVerified();
  }

  async function verificationStatus(caller: Caller, inquiryId: string): Promise<{ status: ApprovalStatus }> {
    const row = await store.loadInquiry(caller, inquiryId);
    const status = await approvalStatus(db, inquiryId, caller.customerId);
    if (status) return { status };
    return { status: row.expired ? 'expired' : 'waiting' };
  }

  return { startVerification, resendVerification, verificationStatus };
}
