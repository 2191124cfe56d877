import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Paths the server's own routes answer rather than the built apps: the API, the demo outboxes, the
 * registration links, the stand-ins of outside services and the microsite's bare root. tests/server/http/boot-server.test.ts checks
 * every route of the whole app against it, so a new route outside these fails there.
 */
const SERVER_PREFIXES = ['/api/', '/dev/', '/r/', '/standins/'];
const SERVER_PATHS = new Set(['/api', '/dev', '/r', '/standins', '/register']);

export function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return SERVER_PATHS.has(pathname) || SERVER_PREFIXES.some((p) => pathname.startsWith(p));
}

export interface BootServer {
  server: Server;
  /** The port bound (0 asks for a free one). */
  port: number;
  /** From now on `app` answers every request; those held for it are passed on in their order. */
  handOver(app: FastifyInstance): void;
}

/**
 * `npm start` listens before the database is open and the API built: `early` (src/server/static-app.ts,
 * ready) answers GET and HEAD of the built apps' pages and files at once, and every other request
 * (the API, a form's POST) waits, unread, for the whole app, which answers everything once handed over.
 * Both are Fastify instances that never listen themselves: one Node server hands each request to
 * `routing` (what Fastify's `serverFactory` hands its server), so headers, CSP nonces and compression
 * are the same whichever answers.
 */
export async function listenBoot(
  early: FastifyInstance,
  { port, host }: { port: number; host: string },
): Promise<BootServer> {
  let app: FastifyInstance | null = null;
  let held: [IncomingMessage, ServerResponse][] = [];
  const server = createServer((req, res) => {
    if (app) return app.routing(req, res);
    if ((req.method === 'GET' || req.method === 'HEAD') && !isServerPath(req.url ?? '/'))
      return early.routing(req, res);
    held.push([req, res]);
  });
  // Fastify's own defaults for the server it would have made (Node's are 5 s and 300 s).
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  await early.ready();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    handOver(whole) {
      app = whole;
      const waiting = held;
      held = [];
      for (const [req, res] of waiting) whole.routing(req, res);
    },
  };
}
