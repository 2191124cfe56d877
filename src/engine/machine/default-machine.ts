import type { MachineSpec } from '@/shared/flows';

/**
 * The default machine of a flow whose file says "machine": null: inquiry -> verify -> receipt.
 * Pure data with names only (like a flow file's own machine); the factory adds the implementations.
 */
export const DEFAULT_MACHINE: MachineSpec = {
  initial: 'start',
  states: {
    // A restored transaction resumes where it was; a fresh one starts at the form.
    start: {
      always: [
        { guard: 'hasReceipt', target: 'receipt' },
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
            onDone: { target: '#flow.verify', actions: 'storeInquiry' },
            onError: { target: 'editing', actions: 'storeError' },
          },
        },
      },
    },
    verify: {
      meta: { view: 'verify', path: 'verify/' },
      initial: 'choose',
      on: { BACK: { target: 'inquiry', actions: 'resetVerification' } },
      states: {
        choose: { always: [{ guard: 'methodIsApproval', target: 'approval' }, { target: 'otp' }] },
        otp: {
          invoke: {
            src: 'otpVerification',
            onDone: [
              { guard: 'otpVerified', target: '#flow.receipt', actions: 'storeReceipt' },
              { guard: 'verificationCancelled', target: '#flow.inquiry', actions: 'resetVerification' },
              { target: 'interrupted', actions: 'storeError' },
            ],
          },
          on: { USE_APPROVAL: { guard: 'approvalAllowed', target: 'approval', actions: 'chooseMethod' } },
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
          on: { USE_OTP: { guard: 'otpAllowed', target: 'otp', actions: 'chooseMethod' } },
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
