import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { getCredentials, setCredentials } from '@/shared/api/session-store';

/**
 * Issue #25 item 1, the browser's side: an answer's access_token replaces the stored token, unless the
 * store already moved on from the token that call was sent with (a parallel call answered late).
 */
describe('the API client keeps the rotated token', () => {
  let answers: Map<string, { token: string; gate?: Promise<void> }>;
  let sent: string[];
  beforeEach(() => {
    sessionStorage.clear();
    answers = new Map();
    sent = [];
    const NodeRequest = globalThis.Request;
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, location.href) : input, init);
        }
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(String(input), init);
        sent.push(req.headers.get('authorization') ?? '');
        const a = answers.get(new URL(req.url).pathname)!;
        await a.gate;
        return new Response('{}', {
          status: 200,
          headers: { 'content-type': 'application/json', access_token: a.token, expires: '4102444800000' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores the new token and sends it on the next call', async () => {
    setCredentials({ accessToken: 'token-one', expires: 1 });
    answers.set('/api/a', { token: 'token-two' });
    answers.set('/api/b', { token: 'token-two' });
    await apiPost('/api/a');
    expect(getCredentials()).toEqual({ accessToken: 'token-two', expires: 4102444800000 });
    await apiPost('/api/b');
    expect(sent).toEqual(['Bearer token-one', 'Bearer token-two']);
  });

  it('does not go back to the old token when a parallel call sent with it is answered last', async () => {
    setCredentials({ accessToken: 'token-one', expires: 1 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    answers.set('/api/slow', { token: 'token-one', gate });
    answers.set('/api/fast', { token: 'token-two' });
    const slow = apiPost('/api/slow');
    await apiPost('/api/fast');
    release();
    await slow;
    expect(getCredentials()?.accessToken).toBe('token-two');
  });

  it('does not bring back a session ended while a call was on its way', async () => {
    setCredentials({ accessToken: 'token-one', expires: 1 });
    let release: () => void = () => undefined;
    answers.set('/api/slow', { token: 'token-one', gate: new Promise<void>((r) => (release = r)) });
    const slow = apiPost('/api/slow');
    setCredentials(null);
    release();
    await slow;
    expect(getCredentials()).toBeNull();
  });
});
