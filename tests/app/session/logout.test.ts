import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../src/app/session/logout';
import { getCredentials, setCredentials } from '../../../src/shared/api/session-store';

type Reply = { status: number; body?: unknown };

function mockFetch(replies: Record<string, Reply>) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url).pathname;
    calls.push({ url, auth: req.headers.get('authorization') });
    const r = replies[url] ?? {
      status: 404,
      body: { apierror: { sourceSystem: 'CLICKS', errorCode: 'NOT_FOUND' } },
    };
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // Node's Request does not resolve relative URLs against the jsdom page as a browser does
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, globalThis.location.href) : input, init);
      }
    },
  );
  return calls;
}

const invalidToken = {
  apierror: {
    sourceSystem: 'CLICKS',
    errorCode: 'INVALID_TOKEN',
    message: 'invalid token',
    errorTitleEng: 'Session Time-out',
    errorTitleIdn: 'Sesi Berakhir',
    errorMessageEng: 'Please login again',
    errorMessageIdn: 'Silakan login kembali',
  },
};

describe('logout (spec section 4)', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    // ky resolves relative URLs against the document
    sessionStorage.clear();
    navigate.mockReset();
    setCredentials({ accessToken: 'tok', expires: Date.now() + 60_000 });
    sessionStorage.setItem('payloadReqApi', 'x');
    sessionStorage.setItem('dataConfirmation', 'x');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls the server, clears the session, keeps the server logout message and goes to login', async () => {
    const calls = mockFetch({
      '/api/v1/login/logout': {
        status: 200,
        body: { logoutresponse: { eng: 'You have logged out', idn: 'Anda telah keluar' } },
      },
    });
    await logout('user', { navigate });
    expect(calls).toEqual([{ url: '/api/v1/login/logout', auth: 'Bearer tok' }]);
    expect(getCredentials()).toBeNull();
    expect(sessionStorage.getItem('payloadReqApi')).toBeNull();
    expect(sessionStorage.getItem('dataConfirmation')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('logoutFeedback')!)).toEqual({
      eng: 'You have logged out',
      idn: 'Anda telah keluar',
    });
    expect(sessionStorage.getItem('session_expired')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login/');
  });

  it('disconnects an open live chat first', async () => {
    sessionStorage.setItem('lc', 'open');
    sessionStorage.setItem('ULC', 'https://chat.example/1');
    const calls = mockFetch({
      '/api/usersettings/v1/geturllivechatclose': { status: 200, body: {} },
      '/api/v1/login/logout': { status: 200, body: { logoutresponse: 'bye' } },
    });
    await logout('user', { navigate });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/usersettings/v1/geturllivechatclose',
      '/api/v1/login/logout',
    ]);
    expect(sessionStorage.getItem('lc')).toBeNull();
    expect(sessionStorage.getItem('ULC')).toBeNull();
  });

  it.each([
    ['invalid token', { status: 401, body: invalidToken }],
    [
      '400',
      {
        status: 400,
        body: { ...invalidToken, apierror: { ...invalidToken.apierror, errorCode: 'INVALID_REQUEST' } },
      },
    ],
    ['bare 401', { status: 401 }],
  ])('%s on logout: clears the session, flags session_expired, goes to login', async (_n, reply) => {
    mockFetch({ '/api/v1/login/logout': reply as Reply });
    await logout('user', { navigate });
    expect(getCredentials()).toBeNull();
    expect(sessionStorage.getItem('session_expired')).toBe('1');
    expect(sessionStorage.getItem('logoutFeedback')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login/');
  });

  it('a server that does not answer still ends the session in the browser', async () => {
    mockFetch({ '/api/v1/login/logout': { status: 500 } });
    await logout('user', { navigate });
    expect(getCredentials()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login/');
  });

  it('the idle limit logs out on the server and flags session_expired', async () => {
    const calls = mockFetch({ '/api/v1/login/logout': { status: 200, body: { logoutresponse: 'bye' } } });
    await logout('idle', { navigate });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/login/logout']);
    expect(sessionStorage.getItem('session_expired')).toBe('1');
  });

  it('a refused token (expired) goes straight to login without calling the server', async () => {
    const calls = mockFetch({});
    await logout('expired', { navigate });
    expect(calls).toEqual([]);
    expect(sessionStorage.getItem('session_expired')).toBe('1');
    expect(getCredentials()).toBeNull();
  });

  // Issue 17 item 6: the pending transaction (account, balance, customer name) outlived the session.
  it.each(['user', 'idle', 'absolute', 'expired'] as const)(
    'leaves nothing of the session in sessionStorage on %s logout, the pending transaction included',
    async (reason) => {
      mockFetch({ '/api/v1/login/logout': { status: 200, body: { logoutresponse: 'bye' } } });
      sessionStorage.setItem(
        'engine.transaction',
        JSON.stringify({ v: 1, flowId: 'transfer.own', state: { customerName: 'Budi Santoso', balance: 1 } }),
      );
      sessionStorage.setItem('someFeature.draft', '{"account":"800123456701"}');
      await logout(reason, { navigate });
      const left = Object.keys(sessionStorage).filter(
        (k) => k !== 'session_expired' && k !== 'logoutFeedback',
      );
      expect(left).toEqual([]);
    },
  );

  it('two logouts at once make one server call', async () => {
    const calls = mockFetch({ '/api/v1/login/logout': { status: 200, body: { logoutresponse: 'bye' } } });
    await Promise.all([logout('user', { navigate }), logout('idle', { navigate })]);
    expect(calls).toHaveLength(1);
  });
});
