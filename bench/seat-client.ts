// One client of a bench's load, as the web app is one: a customer's session whose token the answers
// rotate, and a POST over node:http (the load generator shares the 2 cores with the server and the
// database, and fetch costs several times more CPU a request).
import http from 'node:http';
import { answeredCredentials } from '../src/shared/api/rotated-token';

/** A customer's session and two accounts: one client of the load. */
export interface Seat {
  /** The session's current token: what the next call sends, replaced as answers rotate it. */
  token: string;
  browserId: string;
  phone: string;
  a: string;
  b: string;
}

/** A seat's request headers now. */
export const headersOf = (seat: Seat) => ({
  authorization: `Bearer ${seat.token}`,
  'x-browser-id': seat.browserId,
});

/** How an answer's headers replace the seat's token (the web app's rule, rotated-token.ts). */
export function follow(seat: Seat, sent: string, header: (name: string) => string | undefined): void {
  const next = answeredCredentials(seat.token, sent, header);
  if (next) seat.token = next.accessToken;
}

/** A POST as the web client makes it: the seat's token sent, the rotated one followed; not 200 rejects. */
export function postAsSeat<T = Record<string, unknown>>(
  agent: http.Agent,
  base: string,
  path: string,
  seat: Seat,
  body: unknown,
): Promise<T> {
  const data = JSON.stringify(body);
  const sent = seat.token;
  return new Promise<T>((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method: 'POST',
        agent,
        headers: {
          ...headersOf(seat),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        follow(seat, sent, (name) => {
          const v = res.headers[name];
          return Array.isArray(v) ? v[0] : v;
        });
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${path} ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text) as T);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
