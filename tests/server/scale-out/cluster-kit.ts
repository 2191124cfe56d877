import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { followToken, tablespaceClause, urlOf, withAdmin } from '../../kit';
import { eventStreamParser, type ServerEvent } from '../../../src/shared/api/event-stream';
import { findProgram } from '../../../scripts/cluster/processes';

// The scale-out tests' side of real HTTP: calls as the web client makes them (a POST with JSON, the
// rotated token followed), an event stream read as it arrives, a confirm held half-sent, and the
// scratch database the cluster runs on.

export interface Reply {
  status: number;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The app server that answered (HAProxy's x-served-by), '' when called directly. */
  servedBy: string;
  /** The access_token answer header (a login's session, a rotation), if any. */
  token?: string;
}

export async function call(
  base: string,
  path: string,
  headers: Record<string, string>,
  body: unknown = {},
): Promise<Reply> {
  const sent = headers.authorization;
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  followToken(headers, sent, { access_token: res.headers.get('access_token') ?? undefined });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Reply['body']) : {},
    servedBy: res.headers.get('x-served-by') ?? '',
    token: res.headers.get('access_token') ?? undefined,
  };
}

/** An event stream (GET) read as its events arrive; `next(name)` waits for the next of that name. */
export async function openStream(url: string, headers: Record<string, string>) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: ctrl.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream ${res.status}`);
  const events: (ServerEvent & { at: number })[] = [];
  let wake: () => void = () => undefined;
  const feed = eventStreamParser((e) => {
    events.push({ ...e, at: Date.now() });
    wake();
  });
  let ended = false;
  const reader = res.body.getReader();
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted
    }
    ended = true;
    wake();
  })();
  let seen = 0;
  return {
    events,
    get ended() {
      return ended;
    },
    /** The next event of this name after those already taken, or null when the stream ends first. */
    async next(name: string, timeoutMs = 10_000): Promise<(ServerEvent & { at: number }) | null> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const i = events.findIndex((e, k) => k >= seen && e.event === name);
        if (i >= 0) {
          seen = i + 1;
          return events[i]!;
        }
        if (ended) return null;
        if (Date.now() > until) throw new Error(`no '${name}' event in ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 100);
        });
      }
    },
    async close() {
      // Cancelling the reader ends the read under way (an abort alone may leave it waiting).
      await reader.cancel().catch(() => undefined);
      ctrl.abort();
      await reading;
    },
  };
}

/**
 * A POST whose headers and first half of the body are on the wire: the server has the request (it is
 * in flight) and waits for the rest, which finish() sends; then the answer's status and body.
 */
export async function halfSent(port: number, path: string, headers: Record<string, string>, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => undefined);
  const head = Object.entries({ ...headers, 'content-type': 'application/json', connection: 'close' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}content-length: ${data.length}\r\n\r\n`);
  socket.write(data.subarray(0, data.length >> 1));
  return {
    async finish(): Promise<{ status: number; body: string }> {
      socket.write(data.subarray(data.length >> 1));
      await closed;
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      return { status, body: text.slice(text.indexOf('\r\n\r\n') + 4) };
    },
  };
}

/** What the cluster needs that may be missing: the reason to skip, said once, or null. */
export function missingForCluster(): string | null {
  if (!process.env.DATABASE_URL) return 'needs PostgreSQL (DATABASE_URL; .ci/run sets it)';
  if (!findProgram('haproxy')) return 'needs HAProxy (apt-get install haproxy; .ci/run installs it)';
  return null;
}

/** An empty database beside DATABASE_URL's (the servers migrate it), in the tests' tablespace, dropped by drop(). */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(admin, async (c) => c.query(`CREATE DATABASE ${name}${await tablespaceClause(c)}`));
  return {
    url: urlOf(admin, name),
    drop: async () => {
      await withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
