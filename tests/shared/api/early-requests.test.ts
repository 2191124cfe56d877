import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../../../src/shared/api/session-store';
import { requestEarly, takeEarly } from '../../../src/shared/api/early-requests';
import { mockFetch } from '../fetch-mock';

beforeEach(() => {
  sessionStorage.clear();
  setCredentials({ accessToken: 'tok', expires: Date.now() + 60_000 });
});
afterEach(() => vi.unstubAllGlobals());

describe('a request the app asks for at its start (src/shared/api/early-requests.ts)', () => {
  it('is sent at once with the session, and its answer is taken once', async () => {
    const calls = mockFetch({ '/api/dashboard/v1/summary': { status: 200, body: { ok: 1 } } });
    requestEarly('/api/dashboard/v1/summary');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.auth).toBe('Bearer tok');
    await expect(takeEarly('/api/dashboard/v1/summary')).resolves.toEqual({ ok: 1 });
    expect(takeEarly('/api/dashboard/v1/summary')).toBeUndefined();
    expect(takeEarly('/api/other')).toBeUndefined();
  });

  it('a refusal reaches whoever takes it, and is no unhandled rejection if nobody does', async () => {
    mockFetch({ '/api/dashboard/v1/summary': { status: 500, body: {} } });
    requestEarly('/api/dashboard/v1/summary');
    await expect(takeEarly('/api/dashboard/v1/summary')).rejects.toBeTruthy();
    requestEarly('/api/dashboard/v1/summary');
    await new Promise((r) => setTimeout(r, 20));
  });
});
