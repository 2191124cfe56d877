import { afterEach, describe, expect, it, vi } from 'vitest';
import { followCode } from '@/features/mybusiness/qris-api';
import { setCredentials } from '@/shared/api/session-store';
import { eventStreamResponse as stream, urlOf } from '../../shared/event-stream-response';

// Issue 43: a server that stops tells its streams to `reconnect`; the merchant's page follows its code
// on another server at once instead of falling back to asking its status every 3 s.

afterEach(() => {
  vi.unstubAllGlobals();
  setCredentials(null);
});

describe("the merchant's dynamic code, followed live", () => {
  it('opens its stream again at once when told to reconnect, and hears the payment there', async () => {
    setCredentials({ accessToken: 'token-abcdefghijklmnopqrstuvwxyz', expires: Date.now() + 60_000 });
    const calls: string[] = [];
    const answers = [
      stream(
        'event: code\ndata: {"id":"c1","status":"open"}\n\n',
        'retry: 500\nevent: reconnect\ndata: {}\n\n',
      ),
      stream('event: code\ndata: {"id":"c1","status":"paid"}\n\n'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown) => {
        calls.push(urlOf(input));
        return answers.shift() ?? new Response('{"id":"c1","status":"open"}', { status: 200 });
      }),
    );
    const seen: string[] = [];
    const stop = followCode('c1', (c) => seen.push(c.status));
    await vi.waitFor(() => expect(seen).toEqual(['open', 'paid']));
    stop();
    // Both were the stream: no status poll in between.
    expect(calls).toHaveLength(2);
    expect(calls.every((u) => u.includes('/api/qris/v1/merchant/code/events?id=c1'))).toBe(true);
  });
});
