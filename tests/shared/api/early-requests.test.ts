import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../../../src/shared/api/session-store';
import {
  earlyOr,
  requestEarly,
  SHELL_CALLS,
  takeArrived,
  takeEarly,
} from '../../../src/shared/api/early-requests';
import { cartApi } from '../../../src/shared/cart/cart-api';
import { helpApi } from '../../../src/features/help/api';
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
    // taken at last: the files after this one in the worker share its modules, and a dashboard there
    // would meet this refusal as its own
    await expect(takeEarly('/api/dashboard/v1/summary')).rejects.toBeTruthy();
  });

  it('takeArrived gives an answer only once it has come, once, and nothing for a refusal', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockFetch({
      '/api/x': { status: 200, body: { n: 1 } },
      '/api/y': { status: 500, body: {} },
    });
    const fetching = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (...args) => {
      await gate;
      return fetching(...args);
    });
    requestEarly('/api/x');
    requestEarly('/api/y');
    await new Promise((r) => setTimeout(r, 10));
    // on its way: nothing yet, and still there for whoever waits for it
    expect(takeArrived('/api/x')).toBeUndefined();
    release();
    await vi.waitFor(() => expect(takeArrived('/api/x')).toEqual({ n: 1 }));
    expect(takeArrived('/api/x')).toBeUndefined();
    expect(takeEarly('/api/x')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(takeArrived('/api/y')).toBeUndefined();
    await expect(takeEarly('/api/y')).rejects.toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('earlyOr takes the early answer once, then asks anew', async () => {
    const calls = mockFetch({ '/api/x': { status: 200, body: { n: 1 } } });
    requestEarly('/api/x');
    const ask = vi.fn(() => Promise.resolve({ n: 2 }));
    await expect(earlyOr('/api/x', ask)).resolves.toEqual({ n: 1 });
    await expect(earlyOr('/api/x', ask)).resolves.toEqual({ n: 2 });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it("the shell's badges take the answers the app's entry asked for, one request each", async () => {
    const calls = mockFetch({
      [SHELL_CALLS.cartCount]: { status: 200, body: { count: 2 } },
      [SHELL_CALLS.mailboxBadge]: { status: 200, body: { unread: 3 } },
    });
    requestEarly(SHELL_CALLS.cartCount);
    requestEarly(SHELL_CALLS.mailboxBadge);
    await expect(cartApi.count()).resolves.toEqual({ count: 2 });
    await expect(helpApi.badge()).resolves.toEqual({ unread: 3 });
    expect(calls.map((c) => c.url).sort()).toEqual([SHELL_CALLS.cartCount, SHELL_CALLS.mailboxBadge].sort());
  });
});
