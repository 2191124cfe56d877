import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpServices } from '@/engine/services/transaction-services';
import { setCredentials } from '@/shared/api/session-store';
import { mockFetch } from '../../shared/fetch-mock';
import { eventStreamResponse as stream } from '../../shared/event-stream-response';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the engine’s HTTP services', () => {
  it('confirm sends the code with the OTP request it answers, and leaves the request out when none is known', async () => {
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    const calls = mockFetch({ '/api/transaction/v1/confirm': { status: 200, body: { referenceNo: 'R1' } } });
    const services = createHttpServices();
    await services.confirm('inq-1', 'key-1', { code: '123456', requestId: 'otp-req-1' });
    await services.confirm('inq-1', 'key-2', { code: '123456', requestId: '' });
    await services.confirm('inq-2', 'key-3');
    expect(calls.map((c) => JSON.parse(c.body))).toEqual([
      { inquiryId: 'inq-1', idempotencyKey: 'key-1', otp: '123456', otpRequestId: 'otp-req-1' },
      { inquiryId: 'inq-1', idempotencyKey: 'key-2', otp: '123456' },
      { inquiryId: 'inq-2', idempotencyKey: 'key-3' },
    ]);
  });

  it("watchApproval hears the decision on the approval's stream, whose reader loads with the verify step; stopped before, it opens none", async () => {
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return stream('event: status\ndata: {"status":"approved"}\n\n');
      }),
    );
    const services = createHttpServices();
    services.watchApproval('inq-left', () => undefined)(); // the customer left verify at once
    const seen: string[] = [];
    const stop = services.watchApproval('inq-1', (s) => seen.push(s));
    await vi.waitFor(() => expect(seen).toEqual(['approved']));
    stop();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => !u.includes('inquiryId=inq-1'))).toEqual([]);
  });
});
