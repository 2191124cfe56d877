import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpServices } from '@/engine/services/transaction-services';
import { setCredentials } from '@/shared/api/session-store';
import { mockFetch } from '../../shared/fetch-mock';

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
});
