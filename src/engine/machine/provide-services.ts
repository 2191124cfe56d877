// Wires a flow machine's named actors, and its OTP and approval submachines', to the transaction services.
import { fromCallback, fromPromise } from 'xstate';
import type { FlowFile, InquiryResponse, PasskeyRequest } from '@/shared/flows';
import { approvalMachine } from './approval-machine';
import { otpMachine } from './otp-machine';
import { passkeyMachine } from './passkey-machine';
import { settleConfirmError } from './settle';
import type { StepInput, TransactionServices } from '../services/transaction-services';
import type { FlowMachine } from './create-flow-machine';

/** Wires the named actors to the server (or to fakes in tests and stories). */
export function provideServices(
  machine: FlowMachine,
  flow: FlowFile,
  services: TransactionServices,
): FlowMachine {
  type Subject = { inquiryId: string; idempotencyKey: string; inquiry?: InquiryResponse };
  const confirm = async (s: Subject, otp?: { code: string; requestId: string }, passkey?: unknown) => {
    try {
      return await services.confirm(s.inquiryId, s.idempotencyKey, otp, passkey);
    } catch (err) {
      return settleConfirmError(err, flow, s.inquiry);
    }
  };
  const otp = otpMachine.provide({
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
  const approval = approvalMachine.provide({
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
  const passkey = passkeyMachine.provide({
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
  return machine.provide({
    actors: {
      submitInquiry: fromPromise(
        async ({ input }: { input: { flowId: string; form: Record<string, unknown>; stepToken?: string } }) =>
          services.inquiry(input.flowId, input.form, input.stepToken),
      ),
      submitInquiryStep: fromPromise(async ({ input }: { input: StepInput }) => {
        if (!services.inquiryStep) throw new Error('flow machine: the services have no inquiryStep');
        return services.inquiryStep(input);
      }),
      passFdsChallenge: fromPromise(async ({ input }: { input: { inquiryId: string } }) => {
        if (!services.fdsChallenge) throw new Error('flow machine: the services have no fdsChallenge');
        return services.fdsChallenge(input.inquiryId);
      }),
      otpVerification: otp,
      approvalVerification: approval,
      passkeyVerification: passkey,
      confirmTransaction: fromPromise(async ({ input }: { input: Subject }) => confirm(input)),
    } as never,
  }) as FlowMachine;
}
