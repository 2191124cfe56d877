import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// Requests to the app as the web client makes them (src/shared/api/client.ts): every call a POST, and
// the session's `access_token` answer header replacing the token the next call sends.

/** A JSON answer: its status and body (read loosely, as the tests read many shapes). */
export interface Answer {
  status: number;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The token an answer hands back replaces the one the headers carry, as the web client's
 * renewCredentials does: only when the call was sent with the token the headers still hold (an
 * answer to an older call, or to one made with other headers, changes nothing).
 */
export function followToken(
  headers: Record<string, string>,
  sent: string | undefined,
  answer: LightMyRequestResponse['headers'],
): void {
  const token = answer['access_token'];
  if (typeof token !== 'string' || !sent || headers.authorization !== sent) return;
  headers.authorization = `Bearer ${token}`;
}

/**
 * A POST with these headers (a customer's `headers`, which then follow the session's rotated token),
 * answered as status and JSON body.
 */
export async function post(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
): Promise<Answer> {
  const sent = headers.authorization;
  const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
  followToken(headers, sent, res.headers);
  return { status: res.statusCode, body: res.json() as Answer['body'] };
}

let ipCounter = 1;
/** A fresh client address per test, so the per-IP rate limit of one test does not leak into the next. */
export const freshIp = () => `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}.7`;

export interface Client {
  ip: string;
  browserId: string;
  token?: string;
  post(
    url: string,
    payload?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * A browser before and after its login: its own IP and browser id, keeping the token of the
 * access_token answer headers (the login's, then each rotation) like the web client.
 */
export function client(
  app: FastifyInstance,
  browserId = `browser-${randomBytes(5).toString('hex')}`,
): Client {
  const c: Client = {
    ip: freshIp(),
    browserId,
    async post(url, payload = {}, extraHeaders = {}) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        // Each test client is its own address (no proxy is trusted, so X-Forwarded-For would not count).
        remoteAddress: c.ip,
        headers: {
          'x-browser-id': c.browserId,
          ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
          ...extraHeaders,
        },
      });
      const t = res.headers['access_token'];
      if (typeof t === 'string') c.token = t;
      return res;
    },
  };
  return c;
}
