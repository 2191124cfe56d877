import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchApprovalEvents } from '@/engine/services/approval-events';
import { followApprovals } from '@/mobile/api';
import { setCredentials } from '@/shared/api/session-store';
import { eventStreamResponse as stream, urlOf } from '../../shared/event-stream-response';

// Issue 43: an app server that stops (SIGTERM) ends its event streams with `retry` and an event
// `reconnect`; the clients open the stream again at once, and the balancer gives it to another server.

afterEach(() => {
  vi.unstubAllGlobals();
  setCredentials(null);
});

describe('event streams told to reconnect', () => {
  it("the web's approval wait opens its stream again at once and hears the decision there", async () => {
    setCredentials({ accessToken: 'token-abcdefghijklmnopqrstuvwxyz', expires: Date.now() + 60_000 });
    const calls: string[] = [];
    const answers = [
      stream(
        ': stream open\n\n',
        'event: status\ndata: {"status":"waiting"}\n\n',
        'retry: 500\nevent: reconnect\ndata: {}\n\n',
      ),
      stream(': stream open\n\n', 'event: status\ndata: {"status":"approved"}\n\n'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown) => {
        calls.push(urlOf(input));
        return answers.shift() ?? new Response('{"status":"waiting"}', { status: 200 });
      }),
    );
    const seen: string[] = [];
    const stop = watchApprovalEvents('inq-1', (s) => seen.push(s));
    await vi.waitFor(() => expect(seen).toEqual(['approved']));
    stop();
    // Both were the stream (no fall back to polling the status in between).
    expect(
      calls.slice(0, 2).every((u) => u.includes('/api/transaction/v1/verification/events?inquiryId=inq-1')),
    ).toBe(true);
  });

  it('the companion app follows again without its pause and without showing itself offline', async () => {
    setCredentials({ accessToken: 'token-abcdefghijklmnopqrstuvwxyz', expires: Date.now() + 60_000 });
    const answers = [
      stream('event: approvals\ndata: {"approvals":[]}\n\n', 'retry: 500\nevent: reconnect\ndata: {}\n\n'),
      stream('event: approvals\ndata: {"approvals":[{"approvalId":"a1"}]}\n\n'),
    ];
    let fetched = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        fetched++;
        return answers.shift() ?? new Promise<Response>(() => undefined);
      }),
    );
    const lists: unknown[][] = [];
    const states: boolean[] = [];
    const t0 = Date.now();
    const stop = followApprovals({
      onList: (l) => lists.push(l),
      onState: (live) => states.push(live),
      onUnauthorized: () => undefined,
    });
    await vi.waitFor(() => expect(lists).toHaveLength(2));
    stop();
    expect(Date.now() - t0).toBeLessThan(900);
    expect(fetched).toBeGreaterThanOrEqual(2);
    expect(states.slice(0, 2)).toEqual([true, true]);
  });
});
