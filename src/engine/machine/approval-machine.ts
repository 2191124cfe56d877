import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ApprovalRequest, ApprovalStatus } from '@/shared/flows';

/**
 * The reusable app-approval submachine: the request is pushed to the companion app; waiting; up to 3
 * resends; expires after 5 minutes (a timestamp, checked on TICK with `now`); rejected in the app means
 * cancelled; "send OTP instead" ends it with switchToOtp so the parent starts the OTP submachine.
 */

export type ApprovalSubject = Record<string, unknown>;

export interface ApprovalInput {
  subject: ApprovalSubject;
  /** A request restored from before (the page was left and entered again). */
  approval?: ApprovalRequest;
}

export type ApprovalOutput =
  { status: 'approved' } | { status: 'rejected' } | { status: 'cancelled' } | { status: 'switchToOtp' };

export type ApprovalNotice = 'resent' | 'resendFailed' | 'requestFailed';

export interface ApprovalContext {
  subject: ApprovalSubject;
  approval?: ApprovalRequest;
  notice?: ApprovalNotice;
  error?: unknown;
  outcome?: ApprovalOutput;
}

export type ApprovalEvent =
  | { type: 'STATUS'; status: ApprovalStatus }
  | { type: 'TICK'; now: number }
  | { type: 'RESEND' }
  | { type: 'RETRY' }
  | { type: 'USE_OTP' }
  | { type: 'CANCEL' };

export interface RequestApprovalInput {
  subject: ApprovalSubject;
}
export interface WatchApprovalInput {
  subject: ApprovalSubject;
  approvalId: string;
}

const notWired = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`approval machine: provide the "${name}" actor`);
  });

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    input: {} as ApprovalInput,
    output: {} as ApprovalOutput,
  },
  actors: {
    requestApproval: notWired('requestApproval') as unknown as ReturnType<
      typeof fromPromise<ApprovalRequest, RequestApprovalInput>
    >,
    resendApproval: notWired('resendApproval') as unknown as ReturnType<
      typeof fromPromise<ApprovalRequest, RequestApprovalInput>
    >,
    /** Live status (SSE, or polling): sends STATUS events to the machine; nothing by default. */
    watchApproval: fromCallback<ApprovalEvent, WatchApprovalInput>(() => () => {}),
  },
  guards: {
    hasApproval: ({ context }) => !!context.approval,
    approved: ({ event }) => event.type === 'STATUS' && event.status === 'approved',
    rejected: ({ event }) => event.type === 'STATUS' && event.status === 'rejected',
    expiredStatus: ({ event }) => event.type === 'STATUS' && event.status === 'expired',
    timeUp: ({ context, event }) =>
      event.type === 'TICK' && !!context.approval && event.now >= Date.parse(context.approval.expiresAt),
    canResend: ({ context }) => (context.approval?.resendsLeft ?? 0) > 0,
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ subject: input.subject, approval: input.approval }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasApproval', target: 'waiting' }, { target: 'requesting' }],
    },
    requesting: {
      invoke: {
        id: 'requestApproval',
        src: 'requestApproval',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: {
          target: 'waiting',
          actions: assign({ approval: ({ event }) => event.output, notice: undefined, error: undefined }),
        },
        onError: {
          target: 'requestFailed',
          actions: assign({ error: ({ event }) => event.error, notice: 'requestFailed' as const }),
        },
      },
    },
    requestFailed: {
      on: { RETRY: 'requesting', USE_OTP: 'switchToOtp', CANCEL: 'cancelled' },
    },
    waiting: {
      invoke: {
        id: 'watchApproval',
        src: 'watchApproval',
        input: ({ context }) => ({
          subject: context.subject,
          approvalId: context.approval?.approvalId ?? '',
        }),
      },
      on: {
        STATUS: [
          { guard: 'approved', target: 'approved' },
          { guard: 'rejected', target: 'rejected' },
          { guard: 'expiredStatus', target: 'expired' },
        ],
        TICK: { guard: 'timeUp', target: 'expired' },
        RESEND: { guard: 'canResend', target: 'resending' },
        USE_OTP: 'switchToOtp',
        CANCEL: 'cancelled',
      },
    },
    resending: {
      invoke: {
        id: 'resendApproval',
        src: 'resendApproval',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: {
          target: 'waiting',
          actions: assign({
            approval: ({ event }) => event.output,
            notice: 'resent' as const,
            error: undefined,
          }),
        },
        onError: {
          target: 'waiting',
          actions: assign({ error: ({ event }) => event.error, notice: 'resendFailed' as const }),
        },
      },
    },
    expired: {
      on: {
        RESEND: { guard: 'canResend', target: 'resending' },
        USE_OTP: 'switchToOtp',
        CANCEL: 'cancelled',
      },
    },
    approved: { type: 'final', entry: assign({ outcome: { status: 'approved' as const } }) },
    rejected: { type: 'final', entry: assign({ outcome: { status: 'rejected' as const } }) },
    cancelled: { type: 'final', entry: assign({ outcome: { status: 'cancelled' as const } }) },
    switchToOtp: { type: 'final', entry: assign({ outcome: { status: 'switchToOtp' as const } }) },
  },
  output: ({ context }) => context.outcome ?? { status: 'cancelled' },
});

export type ApprovalMachine = typeof approvalMachine;
