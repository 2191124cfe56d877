import { assign, fromPromise, setup } from 'xstate';
import type { PasskeyRequest, Receipt } from '@/shared/flows';

/**
 * The reusable passkey submachine, beside the OTP and approval ones: offered (the customer taps to use
 * their passkey: a user gesture, as some browsers ask before WebAuthn), a request whose challenge the
 * server derived from what is being verified, waiting for the device (fingerprint, face or screen
 * lock), then the signed answer confirmed. The device's cancel goes back to offered; a refusal (the
 * bank's PASSKEY_* or a failed call) is shown with Try again (a new request and signature; the confirm
 * keeps its idempotency key) or Send OTP instead; a browser without WebAuthn is told so.
 */

export type PasskeySubject = Record<string, unknown>;

export interface PasskeyInput {
  subject: PasskeySubject;
  /** The browser can make WebAuthn assertions (PublicKeyCredential exists). */
  supported: boolean;
}

export type PasskeyOutput =
  { status: 'verified'; result: Receipt | unknown } | { status: 'cancelled' } | { status: 'switchToOtp' };

export interface PasskeyContext {
  subject: PasskeySubject;
  supported: boolean;
  request?: PasskeyRequest;
  /** The device's signed answer, between signing and the server's word (used once, then dropped). */
  signed?: unknown;
  /** The device was cancelled (or had no passkey of ours): offered again. */
  notice?: 'deviceCancelled';
  error?: unknown;
  outcome?: PasskeyOutput;
}

export type PasskeyEvent = { type: 'SIGN' } | { type: 'RETRY' } | { type: 'USE_OTP' } | { type: 'CANCEL' };

export interface SignPasskeyInput {
  subject: PasskeySubject;
  request: PasskeyRequest;
}

const notWired = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`passkey machine: provide the "${name}" actor`);
  });

export const passkeyMachine = setup({
  types: {
    context: {} as PasskeyContext,
    events: {} as PasskeyEvent,
    input: {} as PasskeyInput,
    output: {} as PasskeyOutput,
  },
  actors: {
    /** The server's request (its WebAuthn options). */
    requestPasskey: notWired('requestPasskey') as unknown as ReturnType<
      typeof fromPromise<PasskeyRequest, { subject: PasskeySubject }>
    >,
    /** The device signs (navigator.credentials.get); the signed answer. */
    signPasskey: notWired('signPasskey') as unknown as ReturnType<
      typeof fromPromise<unknown, SignPasskeyInput>
    >,
    /** The signed answer to the server (the confirm): the receipt. */
    submitPasskey: notWired('submitPasskey') as unknown as ReturnType<
      typeof fromPromise<unknown, { subject: PasskeySubject; response: unknown }>
    >,
  },
  guards: {
    supported: ({ context }) => context.supported,
  },
  actions: {
    refuse: assign({ error: ({ event }) => (event as { error?: unknown }).error, signed: undefined }),
  },
}).createMachine({
  id: 'passkey',
  context: ({ input }) => ({ subject: input.subject, supported: input.supported }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'supported', target: 'offered' }, { target: 'unsupported' }] },
    offered: {
      on: { SIGN: { target: 'requesting', actions: assign({ notice: undefined, error: undefined }) } },
    },
    requesting: {
      invoke: {
        src: 'requestPasskey',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: { target: 'waitingForDevice', actions: assign({ request: ({ event }) => event.output }) },
        onError: { target: 'refused', actions: 'refuse' },
      },
    },
    waitingForDevice: {
      invoke: {
        src: 'signPasskey',
        input: ({ context }) => ({ subject: context.subject, request: context.request! }),
        onDone: { target: 'confirming', actions: assign({ signed: ({ event }) => event.output }) },
        onError: { target: 'offered', actions: assign({ notice: 'deviceCancelled' as const }) },
      },
    },
    confirming: {
      invoke: {
        src: 'submitPasskey',
        input: ({ context }) => ({ subject: context.subject, response: context.signed }),
        onDone: {
          target: 'verified',
          actions: assign({
            signed: undefined,
            outcome: ({ event }) => ({ status: 'verified' as const, result: event.output }),
          }),
        },
        onError: { target: 'refused', actions: 'refuse' },
      },
    },
    refused: { on: { RETRY: 'requesting' } },
    unsupported: {},
    verified: { type: 'final' },
    switchToOtp: { type: 'final', entry: assign({ outcome: { status: 'switchToOtp' as const } }) },
    cancelled: { type: 'final', entry: assign({ outcome: { status: 'cancelled' as const } }) },
  },
  // From any state but the final ones: the OTP instead, or give up.
  on: { USE_OTP: '.switchToOtp', CANCEL: '.cancelled' },
  output: ({ context }) => context.outcome ?? { status: 'cancelled' },
});

export type PasskeyMachine = typeof passkeyMachine;
