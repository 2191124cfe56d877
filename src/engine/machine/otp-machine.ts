import { assign, fromPromise, setup } from 'xstate';
import { OTP } from '@/shared/constants';
import type { OtpChallenge, PhoneOption } from '@/shared/flows';
import { OTP_CODES, errorCodeOf } from './errors';

/**
 * The reusable OTP submachine: choose the phone (when there are several), request, enter 6 digits,
 * confirm, resend behind a countdown, wrong-code attempts, frozen for 30 minutes after the maximum, expired.
 * Time never lives in timers: expiries are timestamps and the page sends TICK/RESEND with `now`, so a
 * restored challenge resumes exactly. The code itself is only ever in the SUBMIT event, never in context.
 */

/** Whatever the caller needs to identify what is being verified (e.g. {inquiryId, idempotencyKey}). */
export type OtpSubject = Record<string, unknown>;

export interface OtpInput {
  subject: OtpSubject;
  phones?: PhoneOption[];
  /** A challenge restored from before (the page was left and entered again). */
  challenge?: OtpChallenge;
  wrongAttempts?: number;
}

export type OtpOutput =
  { status: 'verified'; result: unknown } | { status: 'cancelled' } | { status: 'failed'; error: unknown };

export type OtpNotice = 'wrongCode' | 'resent' | 'resendLimit' | 'requestFailed' | 'resendFailed';

export interface OtpContext {
  subject: OtpSubject;
  phones: PhoneOption[];
  phoneId?: number;
  challenge?: OtpChallenge;
  wrongAttempts: number;
  /** Until when the current phone is frozen (ISO), in state frozen. */
  frozenUntil?: string;
  notice?: OtpNotice;
  error?: unknown;
  outcome?: OtpOutput;
}

export type OtpEvent =
  | { type: 'CHOOSE_PHONE'; phoneId: number; now: number }
  | { type: 'CHOOSE_OTHER_PHONE' }
  | { type: 'SUBMIT'; code: string }
  | { type: 'RESEND'; now: number }
  | { type: 'TICK'; now: number }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface RequestOtpInput {
  subject: OtpSubject;
  phoneId?: number;
}
export interface ResendOtpInput {
  subject: OtpSubject;
  requestId: string;
}
export interface SubmitOtpInput {
  subject: OtpSubject;
  requestId: string;
  code: string;
}

const notWired = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`otp machine: provide the "${name}" actor`);
  });

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** Phones a code can go to at `now` (not frozen). */
export function usablePhones(phones: PhoneOption[], now: number): PhoneOption[] {
  return phones.filter((p) => !(ms(p.frozenUntil) > now));
}

const freezePhone = (phones: PhoneOption[], phoneId: number | undefined, until: string) =>
  phones.map((p) => (p.phoneId === phoneId ? { ...p, frozenUntil: until } : p));

export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    events: {} as OtpEvent,
    input: {} as OtpInput,
    output: {} as OtpOutput,
  },
  actors: {
    requestOtp: notWired('requestOtp') as unknown as ReturnType<
      typeof fromPromise<OtpChallenge, RequestOtpInput>
    >,
    resendOtp: notWired('resendOtp') as unknown as ReturnType<
      typeof fromPromise<OtpChallenge, ResendOtpInput>
    >,
    submitOtp: notWired('submitOtp') as unknown as ReturnType<typeof fromPromise<unknown, SubmitOtpInput>>,
  },
  guards: {
    hasChallenge: ({ context }) => !!context.challenge,
    severalPhones: ({ context }) => usablePhones(context.phones, Date.now()).length > 1,
    phoneUsable: ({ context, event }) =>
      event.type === 'CHOOSE_PHONE' &&
      usablePhones(context.phones, event.now).some((p) => p.phoneId === event.phoneId),
    hasOtherPhone: ({ context }) =>
      usablePhones(context.phones, Date.now()).some((p) => p.phoneId !== context.phoneId),
    codeComplete: ({ event }) =>
      event.type === 'SUBMIT' && new RegExp(`^\\d{${OTP.digits}}$`).test(event.code),
    canResend: ({ context, event }) =>
      event.type === 'RESEND' &&
      !!context.challenge &&
      context.challenge.resendsLeft > 0 &&
      event.now >= ms(context.challenge.resendAvailableAt),
    codeExpired: ({ context, event }) =>
      event.type === 'TICK' && !!context.challenge && event.now >= ms(context.challenge.expiresAt),
    wrongCode: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.wrong,
    lastWrongCode: ({ context, event }) =>
      errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.wrong &&
      context.wrongAttempts + 1 >= OTP.maxWrongAttempts,
    phoneFrozen: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.frozen,
    allFrozen: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.allFrozen,
    codeExpiredError: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.expired,
    resendLimit: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.resendLimit,
    userBlocked: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === OTP_CODES.blocked,
  },
  actions: {
    freeze: assign(({ context }) => {
      const until = new Date(Date.now() + OTP.freezeMs).toISOString();
      return {
        frozenUntil: until,
        phones: freezePhone(context.phones, context.phoneId ?? context.challenge?.phoneId, until),
        challenge: undefined,
        notice: undefined,
      };
    }),
    storeError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
  },
}).createMachine({
  id: 'otp',
  context: ({ input }) => ({
    subject: input.subject,
    phones: input.phones ?? [],
    challenge: input.challenge,
    phoneId: input.challenge?.phoneId,
    wrongAttempts: input.wrongAttempts ?? 0,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasChallenge', target: 'entering' },
        { guard: 'severalPhones', target: 'choosingPhone' },
        { target: 'requesting' },
      ],
    },
    choosingPhone: {
      on: {
        CHOOSE_PHONE: {
          guard: 'phoneUsable',
          target: 'requesting',
          actions: assign({ phoneId: ({ event }) => event.phoneId, notice: undefined, error: undefined }),
        },
        CANCEL: 'cancelled',
      },
    },
    requesting: {
      invoke: {
        id: 'requestOtp',
        src: 'requestOtp',
        input: ({ context }) => ({ subject: context.subject, phoneId: context.phoneId }),
        onDone: {
          target: 'entering',
          actions: assign({
            challenge: ({ event }) => event.output,
            phoneId: ({ event }) => event.output.phoneId,
            wrongAttempts: 0,
            notice: undefined,
            error: undefined,
          }),
        },
        onError: [
          { guard: 'phoneFrozen', target: 'frozen', actions: 'freeze' },
          { guard: 'allFrozen', target: 'allFrozen', actions: 'storeError' },
          { guard: 'userBlocked', target: 'failed', actions: 'storeError' },
          { target: 'requestFailed', actions: ['storeError', assign({ notice: 'requestFailed' as const })] },
        ],
      },
    },
    requestFailed: {
      on: {
        RETRY: 'requesting',
        CHOOSE_OTHER_PHONE: { guard: 'hasOtherPhone', target: 'choosingPhone' },
        CANCEL: 'cancelled',
      },
    },
    entering: {
      on: {
        SUBMIT: { guard: 'codeComplete', target: 'confirming' },
        RESEND: { guard: 'canResend', target: 'resending' },
        TICK: { guard: 'codeExpired', target: 'expired' },
        CHOOSE_OTHER_PHONE: { guard: 'hasOtherPhone', target: 'choosingPhone' },
        CANCEL: 'cancelled',
      },
    },
    confirming: {
      invoke: {
        id: 'submitOtp',
        src: 'submitOtp',
        // The code comes from the SUBMIT event and goes straight to the call: never into context.
        input: ({ context, event }) => ({
          subject: context.subject,
          requestId: context.challenge?.requestId ?? '',
          code: (event as { code?: string }).code ?? '',
        }),
        onDone: {
          target: 'verified',
          actions: assign({
            outcome: ({ event }) => ({ status: 'verified' as const, result: event.output }),
          }),
        },
        onError: [
          { guard: 'lastWrongCode', target: 'frozen', actions: 'freeze' },
          {
            guard: 'wrongCode',
            target: 'entering',
            actions: [
              'storeError',
              assign({
                wrongAttempts: ({ context }) => context.wrongAttempts + 1,
                notice: 'wrongCode' as const,
              }),
            ],
          },
          { guard: 'phoneFrozen', target: 'frozen', actions: 'freeze' },
          { guard: 'allFrozen', target: 'allFrozen', actions: 'storeError' },
          { guard: 'codeExpiredError', target: 'expired' },
          { target: 'failed', actions: 'storeError' },
        ],
      },
    },
    resending: {
      invoke: {
        id: 'resendOtp',
        src: 'resendOtp',
        input: ({ context }) => ({ subject: context.subject, requestId: context.challenge?.requestId ?? '' }),
        onDone: {
          target: 'entering',
          actions: assign({
            challenge: ({ event }) => event.output,
            notice: 'resent' as const,
            error: undefined,
          }),
        },
        onError: [
          {
            guard: 'resendLimit',
            target: 'entering',
            actions: [
              'storeError',
              assign({
                notice: 'resendLimit' as const,
                challenge: ({ context }) => context.challenge && { ...context.challenge, resendsLeft: 0 },
              }),
            ],
          },
          { guard: 'phoneFrozen', target: 'frozen', actions: 'freeze' },
          { guard: 'allFrozen', target: 'allFrozen', actions: 'storeError' },
          { target: 'entering', actions: ['storeError', assign({ notice: 'resendFailed' as const })] },
        ],
      },
    },
    expired: {
      on: {
        RESEND: { target: 'requesting', actions: assign({ challenge: undefined }) },
        CHOOSE_OTHER_PHONE: { guard: 'hasOtherPhone', target: 'choosingPhone' },
        CANCEL: 'cancelled',
      },
    },
    frozen: {
      on: {
        CHOOSE_OTHER_PHONE: { guard: 'hasOtherPhone', target: 'choosingPhone' },
        CANCEL: 'cancelled',
      },
    },
    allFrozen: {
      on: { CANCEL: 'cancelled' },
    },
    verified: { type: 'final' },
    cancelled: { type: 'final', entry: assign({ outcome: { status: 'cancelled' as const } }) },
    failed: {
      type: 'final',
      entry: assign({ outcome: ({ context }) => ({ status: 'failed' as const, error: context.error }) }),
    },
  },
  output: ({ context }) => context.outcome ?? { status: 'cancelled' },
});

export type OtpMachine = typeof otpMachine;
