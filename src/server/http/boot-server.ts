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
  /** What /readyz asks once the app is handed over: the database reachable and migrated. */
  readiness(check: () => Promise<boolean>): void;
  /**
   * A graceful stop (SIGTERM): /readyz answers 503, no new connection is taken, each answer closes its
   * connection; resolves once every request in flight is answered, or after boundMs (the rest are cut).
   */
  drain(boundMs: number): Promise<{ cut: number }>;
}

/** The load balancer's probes, answered here: never logged, never rate-limited, never held. */
export const HEALTH_PATHS = { alive: '/healthz', ready: '/readyz' } as const;
/**
 * A readiness check slower than this is a no (the balancer's probe must not hang). It waits in the pool's
 * queue like any request, so a busy server's check takes a while: only a database this slow is a no.
 */
const READY_CHECK_MS = 3_000;

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
  let ready: (() => Promise<boolean>) | null = null;
  let draining = false;
  let inFlight = 0;
  let settled: (() => void) | null = null;
  const probe = (req: IncomingMessage, res: ServerResponse) => {
    const answer = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(text);
    };
    if (req.url === HEALTH_PATHS.alive) return answer(200, 'alive\n');
    if (draining) return answer(503, 'draining\n');
    if (!app || !ready) return answer(503, 'starting\n');
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([
      ready().catch(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), READY_CHECK_MS))),
    ]).then((ok) => {
      clearTimeout(timer);
      answer(ok ? 200 : 503, ok ? 'ready\n' : 'database unreachable or not migrated\n');
    });
  };
  const server = createServer((req, res) => {
    const pathname = req.url?.split('?')[0];
    if (req.method === 'GET' && (pathname === HEALTH_PATHS.alive || pathname === HEALTH_PATHS.ready)) {
      req.url = pathname;
      return probe(req, res);
    }
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) settled?.();
    });
    // Draining: the client (the balancer) opens its next request's connection to another server.
    if (draining) res.setHeader('connection', 'close');
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
    readiness(check) {
      ready = check;
    },
    async drain(boundMs) {
      draining = true;
      // Stops listening and closes the idle keep-alive connections (Node >= 19); busy ones close after
      // their answer (connection: close above).
      server.close();
      if (inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((r) => (settled = r)),
          new Promise<void>((r) => (timer = setTimeout(r, boundMs))),
        ]);
        clearTimeout(timer);
      }
      const cut = inFlight;
      server.closeAllConnections();
      return { cut };
    },
  };
}
