// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { approvalMachine, type ApprovalInput } from '@/engine/machine/approval-machine';
import type { ApprovalRequest } from '@/shared/flows';
import { APPROVAL } from '@/shared/constants';

const NOW = Date.now();
const request = (resendsLeft: number, n = 1): ApprovalRequest => ({
  approvalId: `ap${n}`,
  expiresAt: new Date(NOW + APPROVAL.expiresMs).toISOString(),
  resendsLeft,
});
const input: ApprovalInput = { subject: { inquiryId: 'inq-1' } };
const ev = (e: Record<string, unknown> & { type: string }) => e as never;

// Resends count down 3 -> 0 through the done events, so the graph sees the allowance run out.
const events = (snap: { context: { approval?: ApprovalRequest } }): EventObject[] => {
  const left = snap.context.approval?.resendsLeft ?? APPROVAL.maxResends + 1;
  return [
    ...(['approved', 'rejected', 'expired', 'waiting'] as const).map((status) =>
      ev({ type: 'STATUS', status }),
    ),
    ev({ type: 'TICK', now: NOW + 60_000 }),
    ev({ type: 'TICK', now: NOW + APPROVAL.expiresMs }),
    ev({ type: 'RESEND' }),
    ev({ type: 'RETRY' }),
    ev({ type: 'USE_OTP' }),
    ev({ type: 'CANCEL' }),
    ev({ type: 'xstate.done.actor.requestApproval', output: request(APPROVAL.maxResends) }),
    ev({ type: 'xstate.error.actor.requestApproval', error: { kind: 'api', status: 503 } }),
    ev({ type: 'xstate.done.actor.resendApproval', output: request(Math.max(0, left - 1), 2) }),
    ev({
      type: 'xstate.error.actor.resendApproval',
      error: { kind: 'api', status: 422, errorCode: 'RESEND_MAX' },
    }),
  ];
};
const serializeState = (s: { value: unknown; context: { approval?: ApprovalRequest } }) =>
  `${JSON.stringify(s.value)}|${s.context.approval?.resendsLeft ?? '-'}`;
const opts = { events: events as never, input, serializeState: serializeState as never };

const pending = fromPromise(() => new Promise<never>(() => {}));
const testable = approvalMachine.provide({
  actors: {
    requestApproval: pending,
    resendApproval: pending,
    watchApproval: fromCallback(() => () => {}),
  } as never,
});
const simple = getSimplePaths(approvalMachine, opts);
const name = (steps: { event: EventObject }[]) =>
  steps
    .map((s) => {
      const e = s.event as { type: string; status?: string; now?: number };
      return (
        e.type.replace('xstate.', '') +
        (e.status ? `(${e.status})` : e.now ? `(+${(e.now - NOW) / 1000}s)` : '')
      );
    })
    .join(' > ');

describe('approval submachine: every simple path from xstate/graph', () => {
  it('covers every state and every outcome', () => {
    const reached = new Set(simple.map((p) => JSON.stringify(p.state.value)));
    for (const s of Object.keys(approvalMachine.root.states))
      if (s !== 'start') expect(reached).toContain(JSON.stringify(s));
    expect(getShortestPaths(approvalMachine, opts).length).toBeGreaterThan(10);
  });

  it.each(simple.map((p) => [name(p.steps), p] as const))('%s', (_n, path) => {
    const actor = createActor(testable, { input });
    actor.start();
    let resends = 0;
    for (const step of path.steps) {
      if ((step.event as { type: string }).type === 'xstate.done.actor.resendApproval') resends++;
      actor.send(step.event);
      const snap = actor.getSnapshot();
      expect(snap.value).toEqual(step.state.value);
      if (snap.value === 'waiting') expect(snap.context.approval?.approvalId).toBeTruthy();
    }
    // Never more than the allowed resends on any path.
    expect(resends).toBeLessThanOrEqual(APPROVAL.maxResends);
    const end = actor.getSnapshot();
    if (end.status === 'done') expect(end.output).toEqual({ status: end.value });
    actor.stop();
  });
});

describe('approval submachine behaviour', () => {
  it('resumes a restored request without asking again, and expires on the clock', () => {
    const asked: unknown[] = [];
    const a = createActor(
      approvalMachine.provide({
        actors: {
          requestApproval: fromPromise(async () => {
            asked.push(1);
            return request(3);
          }),
        } as never,
      }),
      { input: { subject: {}, approval: request(1) } },
    );
    a.start();
    expect(a.getSnapshot().value).toBe('waiting');
    a.send(ev({ type: 'TICK', now: NOW + APPROVAL.expiresMs - 1 }));
    expect(a.getSnapshot().value).toBe('waiting');
    a.send(ev({ type: 'TICK', now: NOW + APPROVAL.expiresMs }));
    expect(a.getSnapshot().value).toBe('expired');
    expect(asked).toEqual([]);
  });

  it('refuses a resend when none is left', () => {
    const a = createActor(testable, { input: { subject: {}, approval: request(0) } });
    a.start();
    a.send({ type: 'RESEND' });
    expect(a.getSnapshot().value).toBe('waiting');
  });

  it('hears the live status from the watch actor', async () => {
    const a = createActor(
      approvalMachine.provide({
        actors: {
          watchApproval: fromCallback(({ sendBack }) => {
            const t = setTimeout(() => sendBack({ type: 'STATUS', status: 'rejected' }), 1);
            return () => clearTimeout(t);
          }),
        } as never,
      }),
      { input: { subject: {}, approval: request(3) } },
    );
    a.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(a.getSnapshot().output).toEqual({ status: 'rejected' });
  });
});
