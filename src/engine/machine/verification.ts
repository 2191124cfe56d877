// The verify step's machinery: the OTP, app-approval and passkey submachines wired to the transaction
// services, and the confirm with its reading of a failure. It loads with the verify step's pages (the
// flow-steps chunk), when the inquiry is sent or a transaction past it is restored (verification-loader.ts).
import { fromCallback, fromPromise } from 'xstate';
import type { FlowFile, InquiryResponse, PasskeyRequest } from '@/shared/flows';
import { approvalMachine } from './approval-machine';
import { otpMachine } from './otp-machine';
import { passkeyMachine } from './passkey-machine';
import { settleConfirmError } from './settle';
import type { TransactionServices } from '../services/transaction-services';

/** What is verified: the inquiry, and the idempotency key its confirm is sent with. */
export type VerificationSubject = {
  inquiryId: string;
  idempotencyKey: string;
  inquiry?: InquiryResponse;
};

/** Books the verified inquiry; a failure is settled as the spec says (a pending or failed receipt, or thrown on). */
export async function confirmVerified(
  flow: FlowFile,
  services: TransactionServices,
  s: VerificationSubject,
  otp?: { code: string; requestId: string },
  passkey?: unknown,
) {
  try {
    return await services.confirm(s.inquiryId, s.idempotencyKey, otp, passkey);
  } catch (err) {
    return settleConfirmError(err, flow, s.inquiry);
  }
}

/** The three verification submachines of a flow, wired to the server (or to fakes in tests and stories). */
export function verificationActors(flow: FlowFile, services: TransactionServices) {
  type Subject = VerificationSubject;
  const confirm = (s: Subject, otp?: { code: string; requestId: string }, passkey?: unknown) =>
    confirmVerified(flow, services, s, otp, passkey);
  const otpVerification = otpMachine.provide({
    actors: {
      requestOtp: fromPromise(
        async ({ input }: { input: { subject: Record<string, unknown>; phoneId?: number } }) => {
          const r = await services.startVerification(
            (input.subject as Subject).inquiryId,
            'otp',
            input.phoneId,
          );
          if (r.method !== 'otp') throw new Error('expected an OTP challenge');
          return r.otp;
        },
      ),
      resendOtp: fromPromise(async ({ input }: { input: { subject: Record<string, unknown> } }) => {
        const r = await services.resendVerification((input.subject as Subject).inquiryId);
        if (r.method !== 'otp') throw new Error('expected an OTP challenge');
        return r.otp;
      }),
      submitOtp: fromPromise(
        async ({ input }: { input: { subject: Record<string, unknown>; requestId: string; code: string } }) =>
          confirm(input.subject as Subject, { code: input.code, requestId: input.requestId }),
      ),
    } as never,
  });
  const approvalVerification = approvalMachine.provide({
    actors: {
      requestApproval: fromPromise(async ({ input }: { input: { subject: Record<string, unknown> } }) => {
        const r = await services.startVerification((input.subject as Subject).inquiryId, 'approval');
        if (r.method !== 'approval') throw new Error('expected an approval request');
        return {
          approvalId: r.approvalId,
          expiresAt: r.expiresAt,
          resendsLeft: r.resendsLeft,
          matchNumber: r.matchNumber,
        };
      }),
      resendApproval: fromPromise(async ({ input }: { input: { subject: Record<string, unknown> } }) => {
        const r = await services.resendVerification((input.subject as Subject).inquiryId);
        if (r.method !== 'approval') throw new Error('expected an approval request');
        return {
          approvalId: r.approvalId,
          expiresAt: r.expiresAt,
          resendsLeft: r.resendsLeft,
          matchNumber: r.matchNumber,
        };
      }),
      watchApproval: fromCallback(
        ({
          sendBack,
          input,
        }: {
          sendBack: (e: never) => void;
          input: { subject: Record<string, unknown> };
        }) =>
          services.watchApproval((input.subject as Subject).inquiryId, (status) =>
            sendBack({ type: 'STATUS', status } as never),
          ),
      ),
    } as never,
  });
  const passkeyVerification = passkeyMachine.provide({
    guards: {
      supported: ({ context }) => services.passkeySupported?.() ?? context.supported,
    },
    actors: {
      requestPasskey: fromPromise(async ({ input }: { input: { subject: Record<string, unknown> } }) => {
        const r = await services.startVerification((input.subject as Subject).inquiryId, 'passkey');
        if (r.method !== 'passkey') throw new Error('expected a passkey request');
        return r.passkey;
      }),
      signPasskey: fromPromise(async ({ input }: { input: { request: PasskeyRequest } }) => {
        if (!services.signWithPasskey)
          throw new Error('flow machine: the services cannot sign with a passkey');
        return services.signWithPasskey(input.request);
      }),
      submitPasskey: fromPromise(
        async ({ input }: { input: { subject: Record<string, unknown>; response: unknown } }) =>
          confirm(input.subject as Subject, undefined, input.response),
      ),
    } as never,
  });
  return { otpVerification, approvalVerification, passkeyVerification };
}

export type VerificationActors = ReturnType<typeof verificationActors>;
