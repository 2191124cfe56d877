// The one registry of named actors, guards and actions a flow file's machine may name (xstate setup).
import { assign, fromPromise, setup } from 'xstate';
import type { InquiryResponse, Receipt, VerificationMethod } from '@/shared/flows';
import type { ApprovalMachine, ApprovalOutput } from './approval-machine';
import type { OtpMachine, OtpOutput } from './otp-machine';
import type { PasskeyMachine, PasskeyOutput } from './passkey-machine';
import type { InquiryStepAnswer, StepInput } from '../services/transaction-services';
import type { FlowContext, FlowEvent, FlowInput } from './flow-context';

const notWired = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`flow machine: provide the "${name}" actor (see provideServices)`);
  });

const outputOf = (event: unknown) => (event as { output?: { status?: string } }).output;
const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** ONE registry of named actors, guards and actions: a flow file's machine may name only these. */
export const flowSetup = setup({
  types: {
    context: {} as FlowContext,
    events: {} as FlowEvent,
    input: {} as FlowInput,
  },
  actors: {
    submitInquiry: notWired('submitInquiry') as unknown as ReturnType<
      typeof fromPromise<
        InquiryResponse,
        { flowId: string; form: Record<string, unknown>; stepToken?: string }
      >
    >,
    submitInquiryStep: notWired('submitInquiryStep') as unknown as ReturnType<
      typeof fromPromise<InquiryStepAnswer, StepInput>
    >,
    passFdsChallenge: notWired('passFdsChallenge') as unknown as ReturnType<
      typeof fromPromise<unknown, { inquiryId: string }>
    >,
    // The verify step's submachines: their code loads with that step (provideServices wires them).
    otpVerification: notWired('otpVerification') as unknown as OtpMachine,
    approvalVerification: notWired('approvalVerification') as unknown as ApprovalMachine,
    passkeyVerification: notWired('passkeyVerification') as unknown as PasskeyMachine,
    confirmTransaction: notWired('confirmTransaction') as unknown as ReturnType<
      typeof fromPromise<Receipt, { inquiryId: string; idempotencyKey: string }>
    >,
  },
  guards: {
    hasReceipt: ({ context }) => !!context.receipt,
    hasVerification: ({ context }) => !!context.inquiry && !!context.idempotencyKey,
    methodIsOtp: ({ context }) => context.method === 'otp',
    methodIsApproval: ({ context }) => context.method === 'approval',
    methodIsPasskey: ({ context }) => context.method === 'passkey',
    otpAllowed: ({ context }) => context.methods.includes('otp'),
    approvalAllowed: ({ context }) => context.methods.includes('approval'),
    /** The flow allows it and the customer has a passkey (the inquiry's answer says so). */
    passkeyAllowed: ({ context }) =>
      context.methods.includes('passkey') && !!context.inquiry?.passkeyEnrolled,
    passkeyVerified: ({ event }) => outputOf(event)?.status === 'verified',
    otpVerified: ({ event }) => outputOf(event)?.status === 'verified',
    verificationCancelled: ({ event }) => outputOf(event)?.status === 'cancelled',
    approvalApproved: ({ event }) => outputOf(event)?.status === 'approved',
    approvalRejected: ({ event }) => outputOf(event)?.status === 'rejected',
    switchToOtp: ({ event, context }) =>
      outputOf(event)?.status === 'switchToOtp' && context.methods.includes('otp'),
    /** The inquiry's answer asks for the FDS challenge. */
    inquiryFlagged: ({ event }) =>
      (event as unknown as { output?: InquiryResponse }).output?.fdsRequired === true,
    /** A restored inquiry whose FDS challenge is still to pass. */
    fdsPending: ({ context }) =>
      !!context.inquiry?.fdsRequired && !context.fdsPassed && !!context.idempotencyKey,
    stepsDoneAre: ({ context }, params: { count: number }) => context.stepsDone === params.count,
  },
  actions: {
    // A multi-step flow's form keeps the earlier steps' values (the verify page shows them all);
    // what is sent is the form's own.
    storeForm: assign(({ event, context }) =>
      event.type === 'SUBMIT'
        ? context.stepIds.length
          ? {
              form: { ...context.form, ...event.form },
              labels: { ...context.labels, ...event.labels },
              submitted: { form: event.form },
              error: undefined,
            }
          : { form: event.form, labels: event.labels ?? {}, submitted: undefined, error: undefined }
        : { form: context.form },
    ),
    storeStepForm: assign(({ event, context }) =>
      event.type === 'SUBMIT'
        ? {
            form: { ...context.form, ...event.form },
            labels: { ...context.labels, ...event.labels },
            submitted: { step: event.step, form: event.form },
            error: undefined,
          }
        : {},
    ),
    // A step's answer: the ones after it are dropped (the customer went back and chose again).
    storeStepAnswer: assign(({ event, context }) => {
      const out = (event as unknown as { output: InquiryStepAnswer }).output;
      const at = context.stepIds.indexOf(out.step);
      const kept = Object.fromEntries(
        context.stepIds
          .slice(0, Math.max(0, at))
          .flatMap((id) => (context.stepAnswers[id] ? [[id, context.stepAnswers[id]]] : [])),
      );
      return {
        stepToken: out.stepToken,
        stepAnswers: { ...kept, [out.step]: out.details },
        stepsDone: at + 1,
        error: undefined,
      };
    }),
    storeFdsPassed: assign({ fdsPassed: true, error: undefined }),
    storeStep: assign(({ event, context }) =>
      event.type === 'NEXT'
        ? {
            form: { ...context.form, ...event.form },
            labels: { ...context.labels, ...event.labels },
            error: undefined,
          }
        : {},
    ),
    // A new inquiry is a new transaction: a new idempotency key, the default method, nothing restored.
    // A customer with a passkey is offered it first where the flow allows it (no SMS is sent for nothing).
    storeInquiry: assign(({ event, context }) => ({
      inquiry: (event as unknown as { output: InquiryResponse }).output,
      idempotencyKey: newKey(),
      method:
        context.methods.includes('passkey') &&
        (event as unknown as { output: InquiryResponse }).output.passkeyEnrolled
          ? ('passkey' as const)
          : (context.methods[0] ?? 'otp'),
      restoredOtp: undefined,
      restoredApproval: undefined,
      receipt: undefined,
      error: undefined,
    })),
    storeReceipt: assign(({ event }) => {
      const out = (event as unknown as { output: unknown }).output;
      const r =
        (out as OtpOutput | PasskeyOutput).status === 'verified'
          ? (out as { result: Receipt }).result
          : (out as Receipt);
      return { receipt: r, restoredOtp: undefined, restoredApproval: undefined, error: undefined };
    }),
    storeError: assign(({ event }) => {
      const e = event as unknown as { error?: unknown; output?: { error?: unknown } };
      return { error: e.error ?? e.output?.error ?? e.output };
    }),
    clearError: assign({ error: undefined }),
    chooseMethod: assign(({ event, context }) => {
      const want: VerificationMethod =
        event.type === 'USE_APPROVAL'
          ? 'approval'
          : event.type === 'USE_OTP'
            ? 'otp'
            : event.type === 'USE_PASSKEY'
              ? 'passkey'
              : context.method;
      const switched =
        (outputOf(event) as ApprovalOutput | PasskeyOutput | undefined)?.status === 'switchToOtp';
      return { method: switched ? 'otp' : want, restoredOtp: undefined, restoredApproval: undefined };
    }),
    resetVerification: assign({
      inquiry: undefined,
      idempotencyKey: undefined,
      restoredOtp: undefined,
      restoredApproval: undefined,
      fdsPassed: false,
    }),
    // A cancelled (rejected) request: nothing can be confirmed any more, but the page still shows what was cancelled.
    forgetVerification: assign({
      idempotencyKey: undefined,
      restoredOtp: undefined,
      restoredApproval: undefined,
    }),
    resetTransaction: assign({
      form: {},
      labels: {},
      inquiry: undefined,
      idempotencyKey: undefined,
      restoredOtp: undefined,
      restoredApproval: undefined,
      receipt: undefined,
      error: undefined,
      stepToken: undefined,
      stepAnswers: {},
      stepsDone: 0,
      submitted: undefined,
      fdsPassed: false,
    }),
  },
});
