import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Strict headers on everything: a CSP with no unsafe-eval and no inline script (validators are
 * precompiled at build time), HSTS, frame-ancestors, nosniff, a referrer policy; no-store on /api.
 * Styles allow 'unsafe-inline' because MUI's emotion injects style elements at run time.
 * helmet's headers are worked out once (its Fastify wrapper rebuilt the middleware, parsing every option,
 * per request; the middleware itself still joins the policy anew each time).
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet with these options writes the same headers on every response: they are worked out once.
  const fixed: [string, string][] = [];
  const capture = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      fixed.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  headers({} as IncomingMessage, capture as unknown as ServerResponse, () => undefined);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    res.removeHeader('X-Powered-By');
    for (const [name, value] of fixed) res.setHeader(name, value);
    if (request.url.startsWith('/api/')) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
    }
    done();
  });
});
