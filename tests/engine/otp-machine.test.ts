// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { otpMachine, type OtpInput } from '@/engine/machine/otp-machine';
import type { OtpChallenge } from '@/shared/flows';
import { OTP } from '@/shared/constants';

const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const challenge = (phoneId: number, n: number): OtpChallenge => ({
  requestId: `r${n}`,
  refNumber: `REF${n}`,
  phoneId,
  maskedPhone: `+62812****${phoneId}`,
  expiresAt: iso(NOW + 5 * 60_000),
  resendAvailableAt: iso(NOW + 60_000),
  resendsLeft: 3,
});
const apiError = (errorCode: string) => ({ kind: 'api', status: 422, errorCode });
const CODE = '493817';

const input: OtpInput = {
  subject: { inquiryId: 'inq-1' },
  phones: [
    { phoneId: 1, maskedPhone: '+62812****7890', frozenUntil: null },
    { phoneId: 2, maskedPhone: '+62857****5678', frozenUntil: null },
  ],
};

const ev = (e: Record<string, unknown> & { type: string }) => e as never;
const events: EventObject[] = [
  ev({ type: 'CHOOSE_PHONE', phoneId: 1, now: NOW }),
  ev({ type: 'CHOOSE_OTHER_PHONE' }),
  ev({ type: 'SUBMIT', code: CODE }),
  ev({ type: 'SUBMIT', code: '12' }),
  ev({ type: 'RESEND', now: NOW + 10_000 }),
  ev({ type: 'RESEND', now: NOW + 61_000 }),
  ev({ type: 'TICK', now: NOW + 6 * 60_000 }),
  ev({ type: 'RETRY' }),
  ev({ type: 'CANCEL' }),
  ev({ type: 'xstate.done.actor.requestOtp', output: challenge(1, 1) }),
  ...['OTP_FROZEN', 'OTP_ALL_FROZEN', 'OTP_08', 'NET'].map((c) =>
    ev({ type: 'xstate.error.actor.requestOtp', error: apiError(c) }),
  ),
  ev({ type: 'xstate.done.actor.submitOtp', output: { referenceNo: 'TX1', status: 'success' } }),
  ...['OTP_05', 'OTP_FROZEN', 'OTP_ALL_FROZEN', 'OTP_EXPIRED', '0021'].map((c) =>
    ev({ type: 'xstate.error.actor.submitOtp', error: apiError(c) }),
  ),
  ev({ type: 'xstate.done.actor.resendOtp', output: challenge(1, 2) }),
  ...['OTP_09', 'OTP_FROZEN', 'NET'].map((c) =>
    ev({ type: 'xstate.error.actor.resendOtp', error: apiError(c) }),
  ),
];

type Snap = {
  value: unknown;
  context: { wrongAttempts: number; phones: { frozenUntil: string | null }[] };
};
// A state is its value, the wrong attempts so far and which phones are frozen: enough to tell paths apart.
const serializeState = (s: Snap) =>
  `${JSON.stringify(s.value)}|${s.context.wrongAttempts}|${s.context.phones.map((p) => (p.frozenUntil ? 'F' : '-')).join('')}`;
const opts = { events: events as never, input, serializeState: serializeState as never };

/** Invoked actors that never settle: the path's own done/error events decide what happened. */
const pending = fromPromise(() => new Promise<never>(() => {}));
const testable = otpMachine.provide({
  actors: { requestOtp: pending, resendOtp: pending, submitOtp: pending } as never,
});

const simple = getSimplePaths(otpMachine, opts);
const describePath = (steps: { event: EventObject }[]) =>
  steps
    .map(
      (s) =>
        s.event.type.replace('xstate.', '') +
        ('error' in s.event ? `(${(s.event as { error: { errorCode: string } }).error.errorCode})` : ''),
    )
    .join(' > ');

describe('OTP submachine: every simple path from xstate/graph', () => {
  it('covers every state, including all the final outcomes', () => {
    const reached = new Set(simple.map((p) => JSON.stringify(p.state.value)));
    for (const s of Object.keys(otpMachine.root.states))
      if (s !== 'start') expect(reached).toContain(JSON.stringify(s));
    expect(simple.length).toBeGreaterThan(100);
    expect(getShortestPaths(otpMachine, opts).length).toBeGreaterThan(30);
  });

  it.each(simple.map((p) => [describePath(p.steps), p] as const))('%s', (_name, path) => {
    const actor = createActor(testable, { input });
    actor.start();
    for (const step of path.steps) {
      actor.send(step.event);
      const snap = actor.getSnapshot();
      // The real actor goes where the graph says.
      expect(snap.value).toEqual(step.state.value);
      // The code is never kept.
      expect(JSON.stringify(snap.context)).not.toContain(CODE);
      // Entering always has a challenge to show (reference number, countdown, expiry).
      if (snap.value === 'entering') expect(snap.context.challenge?.requestId).toBeTruthy();
      if (snap.value === 'frozen') {
        const until = Date.parse(snap.context.frozenUntil ?? '');
        expect(until - Date.now()).toBeGreaterThan(OTP.freezeMs - 60_000);
        expect(until - Date.now()).toBeLessThanOrEqual(OTP.freezeMs);
      }
      expect(snap.context.wrongAttempts).toBeLessThan(OTP.maxWrongAttempts);
    }
    const end = actor.getSnapshot();
    if (end.status === 'done') {
      const expected = {
        verified: { status: 'verified', result: { referenceNo: 'TX1', status: 'success' } },
        cancelled: { status: 'cancelled' },
        failed: { status: 'failed', error: expect.objectContaining({ errorCode: expect.any(String) }) },
      }[end.value as 'verified' | 'cancelled' | 'failed'];
      expect(end.output).toEqual(expected);
    }
    actor.stop();
  });
});

describe('OTP submachine behaviour', () => {
  const start = (i: OtpInput = input) => {
    const a = createActor(testable, { input: i });
    a.start();
    return a;
  };
  const wrong = ev({ type: 'xstate.error.actor.submitOtp', error: apiError('OTP_05') });

  it('asks which phone when there are several, and goes straight to the request with one', () => {
    expect(start().getSnapshot().value).toBe('choosingPhone');
    expect(start({ subject: {}, phones: [input.phones![0]!] }).getSnapshot().value).toBe('requesting');
    const oneFrozen = start({
      subject: {},
      phones: [input.phones![0]!, { ...input.phones![1]!, frozenUntil: iso(NOW + 60_000_000) }],
    });
    expect(oneFrozen.getSnapshot().value).toBe('requesting');
    oneFrozen.send(ev({ type: 'CHOOSE_PHONE', phoneId: 2, now: NOW }));
    expect(oneFrozen.getSnapshot().value).toBe('requesting');
  });

  it('counts wrong codes and freezes the phone at the third', () => {
    const a = start({ subject: {}, challenge: challenge(1, 1), phones: input.phones });
    expect(a.getSnapshot().value).toBe('entering');
    for (let i = 1; i < OTP.maxWrongAttempts; i++) {
      a.send(ev({ type: 'SUBMIT', code: CODE }));
      a.send(wrong);
      expect(a.getSnapshot().value).toBe('entering');
      expect(a.getSnapshot().context).toMatchObject({ wrongAttempts: i, notice: 'wrongCode' });
    }
    a.send(ev({ type: 'SUBMIT', code: CODE }));
    a.send(wrong);
    expect(a.getSnapshot().value).toBe('frozen');
    expect(a.getSnapshot().context.phones.find((p) => p.phoneId === 1)?.frozenUntil).toBeTruthy();
    // The other phone is still usable.
    a.send({ type: 'CHOOSE_OTHER_PHONE' });
    expect(a.getSnapshot().value).toBe('choosingPhone');
    a.send(ev({ type: 'CHOOSE_PHONE', phoneId: 1, now: Date.now() }));
    expect(a.getSnapshot().value).toBe('choosingPhone');
    a.send(ev({ type: 'CHOOSE_PHONE', phoneId: 2, now: Date.now() }));
    expect(a.getSnapshot().value).toBe('requesting');
  });

  it('keeps resend behind the countdown and the resend allowance', () => {
    const a = start({ subject: {}, challenge: challenge(1, 1) });
    a.send(ev({ type: 'RESEND', now: NOW + 59_000 }));
    expect(a.getSnapshot().value).toBe('entering');
    a.send(ev({ type: 'RESEND', now: NOW + 60_000 }));
    expect(a.getSnapshot().value).toBe('resending');
    a.send(ev({ type: 'xstate.error.actor.resendOtp', error: apiError('OTP_09') }));
    expect(a.getSnapshot().context.notice).toBe('resendLimit');
    a.send(ev({ type: 'RESEND', now: NOW + 600_000 }));
    expect(a.getSnapshot().value).toBe('entering');
  });

  it('expires on the clock, from a restored challenge too', () => {
    const a = start({ subject: {}, challenge: challenge(1, 1) });
    a.send(ev({ type: 'TICK', now: NOW + 4 * 60_000 }));
    expect(a.getSnapshot().value).toBe('entering');
    a.send(ev({ type: 'TICK', now: NOW + 5 * 60_000 }));
    expect(a.getSnapshot().value).toBe('expired');
    a.send(ev({ type: 'RESEND', now: NOW + 5 * 60_000 }));
    expect(a.getSnapshot().value).toBe('requesting');
  });

  it('sends the typed code to the submit actor and finishes with its result', async () => {
    const seen: unknown[] = [];
    const a = createActor(
      otpMachine.provide({
        actors: {
          submitOtp: fromPromise(async ({ input: i }: { input: unknown }) => {
            seen.push(i);
            return { referenceNo: 'TX9' };
          }),
        } as never,
      }),
      { input: { subject: { inquiryId: 'q' }, challenge: challenge(1, 7) } },
    );
    a.start();
    a.send(ev({ type: 'SUBMIT', code: '12345' }));
    expect(a.getSnapshot().value).toBe('entering');
    a.send(ev({ type: 'SUBMIT', code: CODE }));
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([{ subject: { inquiryId: 'q' }, requestId: 'r7', code: CODE }]);
    expect(a.getSnapshot().output).toEqual({ status: 'verified', result: { referenceNo: 'TX9' } });
  });
});
