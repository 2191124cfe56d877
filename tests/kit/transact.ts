import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../src/server/db/db';
import type { Customer } from './sessions';
import { latestCode } from './sms';
import { post, type Answer } from './requests';

// A transaction as the web's flow pages make it: inquiry, (the FDS challenge when flagged), the
// verification (an OTP texted to the customer, or an approval in the companion app), confirm.

const newKey = () => `key-${Math.random().toString(36).slice(2)}${Date.now()}`;

/**
 * inquiry -> OTP sent (not confirmed), for a test that looks at each step: the inquiry's answer and,
 * when it was quoted, what a confirm sends as the web does (the inquiry, the OTP request and the code
 * read from the outbox); `failed` is the step that was refused.
 */
export async function quoteAndSendOtp(
  app: FastifyInstance,
  db: Queryable,
  who: Customer,
  flowId: string,
  form: Record<string, unknown>,
): Promise<{
  inquiry: Answer;
  failed?: Answer;
  confirm?: { inquiryId: string; otpRequestId: string; otp: string };
}> {
  const inquiry = await post(app, '/api/transaction/v1/inquiry', who.headers, { flowId, form });
  if (inquiry.status !== 200) return { inquiry, failed: inquiry };
  // A flagged inquiry (a large amount, a new beneficiary): the customer passes the FDS challenge.
  if (inquiry.body.fdsRequired) {
    const passed = await post(app, '/api/transaction/v1/fds-challenge', who.headers, {
      inquiryId: inquiry.body.inquiryId,
      confirmed: true,
    });
    if (passed.status !== 200) return { inquiry, failed: passed };
  }
  const ver = await post(app, '/api/transaction/v1/verification', who.headers, {
    inquiryId: inquiry.body.inquiryId,
    method: 'otp',
  });
  if (ver.status !== 200) return { inquiry, failed: ver };
  return {
    inquiry,
    confirm: {
      inquiryId: String(inquiry.body.inquiryId),
      otpRequestId: String(ver.body.otp.requestId),
      otp: await latestCode(db, who.phone),
    },
  };
}

/**
 * inquiry -> OTP -> confirm; returns the inquiry and the receipt's answer (or the refused step's, as
 * `receipt`). The confirm sends no OTP request: the server finds it.
 */
export async function transact(
  app: FastifyInstance,
  db: Queryable,
  who: Customer,
  flowId: string,
  form: Record<string, unknown>,
  idempotencyKey = newKey(),
): Promise<{ inquiry: Answer; receipt: Answer; idempotencyKey?: string }> {
  const { inquiry, confirm, failed } = await quoteAndSendOtp(app, db, who, flowId, form);
  if (!confirm) return { inquiry, receipt: failed! };
  const receipt = await post(app, '/api/transaction/v1/confirm', who.headers, {
    inquiryId: confirm.inquiryId,
    idempotencyKey,
    otp: confirm.otp,
  });
  return { inquiry, receipt, idempotencyKey };
}

/** inquiry -> an approval asked of the companion app (not decided): both answers. */
export async function requestApproval(
  app: FastifyInstance,
  who: Customer,
  flowId: string,
  form: Record<string, unknown>,
): Promise<{ inquiry: Answer; verification: Answer }> {
  const inquiry = await post(app, '/api/transaction/v1/inquiry', who.headers, { flowId, form });
  const verification = await post(app, '/api/transaction/v1/verification', who.headers, {
    inquiryId: inquiry.body.inquiryId,
    method: 'approval',
  });
  return { inquiry, verification };
}

/**
 * inquiry -> approval -> the companion app (`device`: its session's headers) approves it with the
 * number the web shows -> confirm; every step's answer, the receipt last.
 */
export async function transactWithApproval(
  app: FastifyInstance,
  who: Customer,
  device: Record<string, string>,
  flowId: string,
  form: Record<string, unknown>,
  idempotencyKey = newKey(),
): Promise<{ inquiry: Answer; verification: Answer; decision?: Answer; receipt: Answer }> {
  const { inquiry, verification } = await requestApproval(app, who, flowId, form);
  if (verification.status !== 200) return { inquiry, verification, receipt: verification };
  const decision = await post(app, '/api/mobile/v1/approvals/decide', device, {
    approvalId: verification.body.approvalId,
    decision: 'approve',
    matchNumber: verification.body.matchNumber,
  });
  const receipt = await post(app, '/api/transaction/v1/confirm', who.headers, {
    inquiryId: inquiry.body.inquiryId,
    idempotencyKey,
  });
  return { inquiry, verification, decision, receipt };
}
