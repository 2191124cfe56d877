// A flow's machine: its JSON config (or the default one) over the one registry (flow-setup.ts), each
// invoked actor given its input from the context.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FlowFile, MachineSpec, MachineStateConfig } from '@/shared/flows';
import { defaultMachineOf } from './default-machine';
import type { StepInput } from '../services/transaction-services';
import { initialContext, type FlowContext, type FlowEvent, type FlowInput } from './flow-context';
import { flowSetup } from './flow-setup';

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
  passkeyVerification: ({ context }) => ({
    subject: subject(context),
    supported: typeof globalThis.PublicKeyCredential === 'function',
  }),
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
          (src === 'otpVerification' || src === 'approvalVerification' || src === 'passkeyVerification'
            ? VERIFICATION_ID
            : src),
        input: ACTOR_INPUTS[src],
      };
    }
    if (st.states) copy.states = withInputs(st.states);
    out[name] = copy;
  }
  return out;
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

/** The current step's meta (view and path) of a snapshot. */
export function currentMeta(snapshot: FlowSnapshot): { view: string; path: string } | undefined {
  const metas = Object.values(snapshot.getMeta() as Record<string, { view?: string; path?: string }>);
  const withPath = metas.filter((m) => m && m.view && m.path);
  return withPath[withPath.length - 1] as { view: string; path: string } | undefined;
}
