import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type {
  ApprovalRequest,
  ChoiceOption,
  FlowFile,
  InquiryResponse,
  MachineSpec,
  MachineStateConfig,
  OtpChallenge,
  Receipt,
  VerificationMethod,
} from '@/shared/flows';
import { approvalMachine, type ApprovalOutput } from './approval-machine';
import { defaultMachineOf } from './default-machine';
import { otpMachine, type OtpOutput } from './otp-machine';
import { settleConfirmError } from './settle';
import type { InquiryStepAnswer, StepInput, TransactionServices } from '../services/transaction-services';

/** What survives leaving the page (see persistence.ts); never an OTP. */
export interface FlowRestore {
  form?: Record<string, unknown>;
  labels?: Record<string, ChoiceOption>;
  inquiry?: InquiryResponse;
  method?: VerificationMethod;
  idempotencyKey?: string;
  otp?: OtpChallenge;
  approval?: ApprovalRequest;
  receipt?: Receipt;
  /** A multi-step inquiry: the server's token, each done step's answer, how many are done. */
  stepToken?: string;
  stepAnswers?: Record<string, Record<string, unknown>>;
  stepsDone?: number;
  /** The FDS challenge of this inquiry was passed. */
  fdsPassed?: boolean;
}

export interface FlowInput {
  flow: FlowFile;
  restore?: FlowRestore;
}

export interface FlowContext {
  flowId: string;
  methods: VerificationMethod[];
  form: Record<string, unknown>;
  /** The chosen option of each choice field, for verify and receipt rows (kept from the inquiry page). */
  labels: Record<string, ChoiceOption>;
  inquiry?: InquiryResponse;
  method: VerificationMethod;
  idempotencyKey?: string;
  /** A verification restored from before, handed to the submachine once. */
  restoredOtp?: OtpChallenge;
  restoredApproval?: ApprovalRequest;
  receipt?: Receipt;
  error?: unknown;
  /** A multi-step inquiry's step ids, in order (none for a one-form flow). */
  stepIds: string[];
  stepToken?: string;
  /** Each done step's answer (`inquiry.<stepId>.<key>`: the next steps' options). */
  stepAnswers: Record<string, Record<string, unknown>>;
  stepsDone: number;
  /** What the step or form being sent holds of its own (the form's other values are earlier steps'). */
  submitted?: { step?: string; form: Record<string, unknown> };
  fdsPassed: boolean;
}

export type FlowEvent =
  /** `step`: the inquiry step sent (a multi-step flow's earlier step); its own fields only. */
  | { type: 'SUBMIT'; form: Record<string, unknown>; labels?: Record<string, ChoiceOption>; step?: string }
  | { type: 'NEXT'; form: Record<string, unknown>; labels?: Record<string, ChoiceOption> }
  | { type: 'BACK' }
  | { type: 'USE_OTP' }
  | { type: 'USE_APPROVAL' }
  | { type: 'RETRY' }
  /** The customer passes the FDS challenge. */
  | { type: 'CONFIRM' }
  | { type: 'NEW' };

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
    otpVerification: otpMachine,
    approvalVerification: approvalMachine,
    confirmTransaction: notWired('confirmTransaction') as unknown as ReturnType<
      typeof fromPromise<Receipt, { inquiryId: string; idempotencyKey: string }>
    >,
  },
  guards: {
    hasReceipt: ({ context }) => !!context.receipt,
    hasVerification: ({ context }) => !!context.inquiry && !!context.idempotencyKey,
    methodIsOtp: ({ context }) => context.method === 'otp',
    methodIsApproval: ({ context }) => context.method === 'approval',
    otpAllowed: ({ context }) => context.methods.includes('otp'),
    approvalAllowed: ({ context }) => context.methods.includes('approval'),
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
    storeInquiry: assign(({ event, context }) => ({
      inquiry: (event as unknown as { output: InquiryResponse }).output,
      idempotencyKey: newKey(),
      method: context.methods[0] ?? 'otp',
      restoredOtp: undefined,
      restoredApproval: undefined,
      receipt: undefined,
      error: undefined,
    })),
    storeReceipt: assign(({ event }) => {
      const out = (event as unknown as { output: unknown }).output;
      const r =
        (out as OtpOutput).status === 'verified' ? (out as { result: Receipt }).result : (out as Receipt);
      return { receipt: r, restoredOtp: undefined, restoredApproval: undefined, error: undefined };
    }),
    storeError: assign(({ event }) => {
      const e = event as unknown as { error?: unknown; output?: { error?: unknown } };
      return { error: e.error ?? e.output?.error ?? e.output };
    }),
    clearError: assign({ error: undefined }),
    chooseMethod: assign(({ event, context }) => {
      const want: VerificationMethod =
        event.type === 'USE_APPROVAL' ? 'approval' : event.type === 'USE_OTP' ? 'otp' : context.method;
      const switched = (outputOf(event) as ApprovalOutput | undefined)?.status === 'switchToOtp';
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

type InputMapper = (args: { context: FlowContext; event: FlowEvent }) => unknown;

const subject = (c: FlowContext) => ({
  inquiryId: c.inquiry?.inquiryId ?? '',
  idempotencyKey: c.idempotencyKey ?? '',
  inquiry: c.inquiry,
});

/** What each named actor is given, taken from the flow's context. */
const ACTOR_INPUTS: Record<string, InputMapper> = {
  submitInquiry: ({ context }) => ({
    flowId: context.flowId,
    form: context.submitted?.form ?? context.form,
    ...(context.stepToken ? { stepToken: context.stepToken } : {}),
  }),
  submitInquiryStep: ({ context }): StepInput => ({
    flowId: context.flowId,
    step: context.submitted?.step ?? '',
    form: context.submitted?.form ?? {},
    ...(context.stepToken ? { stepToken: context.stepToken } : {}),
  }),
  passFdsChallenge: ({ context }) => ({ inquiryId: context.inquiry?.inquiryId ?? '' }),
  otpVerification: ({ context }) => ({
    subject: subject(context),
    phones: context.inquiry?.phones ?? [],
    challenge: context.restoredOtp,
  }),
  approvalVerification: ({ context }) => ({ subject: subject(context), approval: context.restoredApproval }),
  confirmTransaction: ({ context }) => subject(context),
};

/** The verification submachines run under this id, so the page can talk to them. */
export const VERIFICATION_ID = 'verification';

function withInputs(states: Record<string, MachineStateConfig>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, st] of Object.entries(states)) {
    const copy: Record<string, unknown> = { ...st };
    if (st.invoke) {
      const src = st.invoke.src;
      copy.invoke = {
        ...st.invoke,
        id:
          st.invoke.id ??
          (src === 'otpVerification' || src === 'approvalVerification' ? VERIFICATION_ID : src),
        input: ACTOR_INPUTS[src],
      };
    }
    if (st.states) copy.states = withInputs(st.states);
    out[name] = copy;
  }
  return out;
}

function initialContext(input: FlowInput): FlowContext {
  const r = input.restore ?? {};
  const methods = input.flow.verify.methods;
  return {
    flowId: input.flow.id,
    methods,
    form: r.form ?? {},
    labels: r.labels ?? {},
    inquiry: r.inquiry,
    method: r.method && methods.includes(r.method) ? r.method : (methods[0] ?? 'otp'),
    idempotencyKey: r.idempotencyKey,
    restoredOtp: r.otp,
    restoredApproval: r.approval,
    receipt: r.receipt,
    stepIds: (input.flow.inquiry?.steps ?? []).map((s) => s.id),
    stepToken: r.stepToken,
    stepAnswers: r.stepAnswers ?? {},
    stepsDone: r.stepsDone ?? 0,
    fdsPassed: r.fdsPassed ?? false,
  };
}

/** The machine of a flow: its JSON config (or the default one) over the one registry. */
export function createFlowMachine(flow: FlowFile) {
  const spec: MachineSpec = flow.machine ?? defaultMachineOf(flow);
  return flowSetup.createMachine({
    id: 'flow',
    context: ({ input }: { input: FlowInput }) => initialContext(input),
    initial: spec.initial,
    states: withInputs(spec.states),
  } as never);
}

export type FlowMachine = ReturnType<typeof createFlowMachine>;
export type FlowActorRef = ActorRefFrom<FlowMachine>;
export type FlowSnapshot = SnapshotFrom<FlowMachine>;

/** Wires the named actors to the server (or to fakes in tests and stories). */
export function provideServices(
  machine: FlowMachine,
  flow: FlowFile,
  services: TransactionServices,
): FlowMachine {
  type Subject = { inquiryId: string; idempotencyKey: string; inquiry?: InquiryResponse };
  const confirm = async (s: Subject, otp?: { code: string; requestId: string }) => {
    try {
      return await services.confirm(s.inquiryId, s.idempotencyKey, otp);
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
      confirmTransaction: fromPromise(async ({ input }: { input: Subject }) => confirm(input)),
    } as never,
  }) as FlowMachine;
}

/** The current step's meta (view and path) of a snapshot. */
export function currentMeta(snapshot: FlowSnapshot): { view: string; path: string } | undefined {
  const metas = Object.values(snapshot.getMeta() as Record<string, { view?: string; path?: string }>);
  const withPath = metas.filter((m) => m && m.view && m.path);
  return withPath[withPath.length - 1] as { view: string; path: string } | undefined;
}
