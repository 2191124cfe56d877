import {
  FDS_STEP,
  finalInquiryPath,
  stepStateOf,
  type FlowFile,
  type MachineSpec,
  type MachineStateConfig,
} from '@/shared/flows';

/**
 * The default machine of a flow whose file says "machine": null: inquiry -> verify -> receipt.
 * Pure data with names only (like a flow file's own machine); the factory adds the implementations.
 * The FDS challenge state sits between the inquiry and verify of every flow (entered only when the
 * server flags the inquiry, which it does only for flows with `fds`).
 */
export const DEFAULT_MACHINE: MachineSpec = {
  initial: 'start',
  states: {
    // A restored transaction resumes where it was; a fresh one starts at the form.
    start: {
      always: [
        { guard: 'hasReceipt', target: 'receipt' },
        { guard: 'fdsPending', target: 'fds' },
        { guard: 'hasVerification', target: 'verify' },
        { target: 'inquiry' },
      ],
    },
    inquiry: {
      meta: { view: 'inquiry', path: 'inquiry/' },
      initial: 'editing',
      states: {
        editing: { on: { SUBMIT: { target: 'submitting', actions: 'storeForm' } } },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'submitInquiry',
            onDone: [
              { guard: 'inquiryFlagged', target: '#flow.fds', actions: 'storeInquiry' },
              { target: '#flow.verify', actions: 'storeInquiry' },
            ],
            onError: { target: 'editing', actions: 'storeError' },
          },
        },
      },
    },
    // The FDS challenge (docs/flow-engine-v2.md section 8): the customer confirms they know the
    // recipient and make the transaction themselves, or cancels it.
    fds: {
      meta: { ...FDS_STEP },
      initial: 'asking',
      on: { BACK: { target: 'inquiry', actions: 'resetVerification' } },
      states: {
        asking: { on: { CONFIRM: { target: 'submitting', actions: 'clearError' } } },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'passFdsChallenge',
            onDone: { target: '#flow.verify', actions: 'storeFdsPassed' },
            onError: { target: 'asking', actions: 'storeError' },
          },
        },
      },
    },
    verify: {
      meta: { view: 'verify', path: 'verify/' },
      initial: 'choose',
      on: { BACK: { target: 'inquiry', actions: 'resetVerification' } },
      states: {
        choose: {
          always: [
            { guard: 'methodIsApproval', target: 'approval' },
            { guard: 'methodIsPasskey', target: 'passkey' },
            { target: 'otp' },
          ],
        },
        otp: {
          invoke: {
            src: 'otpVerification',
            onDone: [
              { guard: 'otpVerified', target: '#flow.receipt', actions: 'storeReceipt' },
              { guard: 'verificationCancelled', target: '#flow.inquiry', actions: 'resetVerification' },
              { target: 'interrupted', actions: 'storeError' },
            ],
          },
          on: {
            USE_APPROVAL: { guard: 'approvalAllowed', target: 'approval', actions: 'chooseMethod' },
            USE_PASSKEY: { guard: 'passkeyAllowed', target: 'passkey', actions: 'chooseMethod' },
          },
        },
        approval: {
          invoke: {
            src: 'approvalVerification',
            onDone: [
              { guard: 'approvalApproved', target: 'confirming' },
              { guard: 'switchToOtp', target: 'otp', actions: 'chooseMethod' },
              { guard: 'approvalRejected', target: 'rejected', actions: 'forgetVerification' },
              { target: '#flow.inquiry', actions: 'resetVerification' },
            ],
          },
          on: {
            USE_OTP: { guard: 'otpAllowed', target: 'otp', actions: 'chooseMethod' },
            USE_PASSKEY: { guard: 'passkeyAllowed', target: 'passkey', actions: 'chooseMethod' },
          },
        },
        // A passkey's signature over a challenge the server derived from this inquiry; it confirms itself.
        passkey: {
          invoke: {
            src: 'passkeyVerification',
            onDone: [
              { guard: 'passkeyVerified', target: '#flow.receipt', actions: 'storeReceipt' },
              { guard: 'switchToOtp', target: 'otp', actions: 'chooseMethod' },
              { target: '#flow.inquiry', actions: 'resetVerification' },
            ],
          },
          on: {
            USE_OTP: { guard: 'otpAllowed', target: 'otp', actions: 'chooseMethod' },
            USE_APPROVAL: { guard: 'approvalAllowed', target: 'approval', actions: 'chooseMethod' },
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            src: 'confirmTransaction',
            onDone: { target: '#flow.receipt', actions: 'storeReceipt' },
            onError: { target: 'interrupted', actions: 'storeError' },
          },
        },
        // 503, a time-out or no answer: nothing is known to have happened; retry with the same idempotency key.
        interrupted: {
          on: {
            RETRY: [
              { guard: 'methodIsApproval', target: 'confirming', actions: 'clearError' },
              { target: 'otp', actions: 'clearError' },
            ],
          },
        },
        // Rejected in the companion app: the transaction is cancelled.
        rejected: { on: { NEW: { target: '#flow.inquiry', actions: 'resetTransaction' } } },
      },
    },
    receipt: {
      meta: { view: 'receipt', path: 'receipt/' },
      on: { NEW: { target: 'inquiry', actions: 'resetTransaction' } },
    },
  },
};

/**
 * The default machine of one flow: DEFAULT_MACHINE, with a multi-step inquiry's earlier steps before
 * the form (docs/flow-engine-v2.md section 6). Each step is a state of its own (its page "step N of
 * M"), sends its form to the server's step look-up and goes on with the answer; Back returns to the
 * step before with what was typed kept. A restored transaction resumes at the first step not done.
 */
export function defaultMachineOf(flow: Pick<FlowFile, 'inquiry'>): MachineSpec {
  const steps = flow.inquiry?.steps ?? [];
  if (!steps.length) return DEFAULT_MACHINE;
  const states: Record<string, MachineStateConfig> = {};
  const stateOf = (i: number) => (i < steps.length ? stepStateOf(steps[i]!.id) : 'inquiry');
  steps.forEach((step, i) => {
    states[stateOf(i)] = {
      meta: {
        view: 'step',
        path: step.path,
        step: step.id,
        ...(step.titleKey ? { titleKey: step.titleKey } : {}),
      },
      initial: 'editing',
      ...(i > 0 ? { on: { BACK: { target: stateOf(i - 1), actions: 'clearError' } } } : {}),
      states: {
        editing: { on: { SUBMIT: { target: 'submitting', actions: 'storeStepForm' } } },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'submitInquiryStep',
            onDone: { target: `#flow.${stateOf(i + 1)}`, actions: 'storeStepAnswer' },
            onError: { target: 'editing', actions: 'storeError' },
          },
        },
      },
    };
  });
  const base = DEFAULT_MACHINE.states;
  const inquiry: MachineStateConfig = {
    ...base.inquiry!,
    meta: {
      view: 'inquiry',
      path: finalInquiryPath(flow),
      ...(flow.inquiry?.titleKey ? { titleKey: flow.inquiry.titleKey } : {}),
    },
    on: { BACK: { target: stateOf(steps.length - 1), actions: 'clearError' } },
  };
  // Resume at the first step not done (the steps' answers are kept with the transaction).
  // (A guard with params, as XState takes it; JSON machines of flow files name guards only.)
  const resume = steps.map((_, i) => ({
    guard: { type: 'stepsDoneAre', params: { count: i } } as unknown as string,
    target: stateOf(i),
  }));
  const verify = base.verify!;
  return {
    initial: 'start',
    states: {
      start: {
        always: [
          { guard: 'hasReceipt', target: 'receipt' },
          { guard: 'fdsPending', target: 'fds' },
          { guard: 'hasVerification', target: 'verify' },
          ...resume,
          { target: 'inquiry' },
        ],
      },
      ...states,
      inquiry,
      fds: base.fds!,
      verify: {
        ...verify,
        // A cancelled request starts the purchase again from its first step.
        states: {
          ...verify.states,
          rejected: { on: { NEW: { target: `#flow.${stateOf(0)}`, actions: 'resetTransaction' } } },
        },
      },
      receipt: { ...base.receipt!, on: { NEW: { target: stateOf(0), actions: 'resetTransaction' } } },
    },
  };
}
