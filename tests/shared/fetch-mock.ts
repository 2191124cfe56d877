import { vi } from 'vitest';

export type Reply = { status: number; body?: unknown };

/** Mocks fetch at the boundary; records the paths called. Relative URLs resolve against the jsdom page. */
export function mockFetch(replies: Record<string, Reply | (() => Reply)>) {
  const calls: { url: string; auth: string | null; body: string }[] = [];
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, globalThis.location.href) : input, init);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof NodeRequest ? input : new Request(String(input), init);
      const url = new URL(req.url).pathname;
      calls.push({ url, auth: req.headers.get('authorization'), body: await req.clone().text() });
      const r0 = replies[url];
      const r = (typeof r0 === 'function' ? r0() : r0) ?? {
        status: 404,
        body: {
          apierror: {
            sourceSystem: 'CLICKS',
            errorCode: 'NOT_FOUND',
            message: 'not found',
            errorTitleEng: 'Not found',
            errorTitleIdn: 'Tidak ditemukan',
            errorMessageEng: 'Not found',
            errorMessageIdn: 'Tidak ditemukan',
          },
        },
      };
      return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const INVALID_TOKEN_BODY = {
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
