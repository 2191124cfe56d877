import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { createHash, randomBytes } from 'node:crypto';
import { BANNER_DISMISSAL_SCRIPT, DEFERRED_SCRIPTS_LOADER, SIGNED_IN_FRAME_SCRIPT } from '../../shared/csp';
import type { IncomingMessage, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This response's CSP nonce (base64, 128 random bits): the only style elements a page may carry
     * are those that name it (emotion's, the server's own pages'). Empty on /api/ (JSON renders no style).
     */
    cspNonce: string;
  }
}

const NONCE = '__CSP_NONCE__';

/**
 * Strict headers on everything: a CSP with no unsafe-eval and no unsafe-inline at all (validators are
 * precompiled at build time; MUI's emotion writes its style elements with the response's nonce, which
 * the page carries in `<meta property="csp-nonce">`), HSTS, frame-ancestors, nosniff, a referrer
 * policy; no-store on /api.
 * helmet's headers are worked out once (its Fastify wrapper rebuilt the middleware, parsing every option,
 * per request; the middleware itself still joins the policy anew each time); a page's nonce is put in per request.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  // Pages may run three inline scripts, named by their hashes: the prerendered page's script loader, its
  // banners' dismissal check and the signed-in frame's visitor check.
  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const inlineScripts = [DEFERRED_SCRIPTS_LOADER, BANNER_DISMISSAL_SCRIPT, SIGNED_IN_FRAME_SCRIPT].map(
    hashOf,
  );
  const fixedHeaders = (styleSrc: string[], scriptSrc = ["'self'"]) => {
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc,
          styleSrc,
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
    return fixed;
  };
  const api = fixedHeaders(["'self'"]);
  const pages = fixedHeaders(["'self'", `'nonce-${NONCE}'`], ["'self'", ...inlineScripts]);
  const csp = pages.findIndex(([name]) => name.toLowerCase() === 'content-security-policy');
  const [before, after] = pages[csp]![1].split(NONCE) as [string, string];

  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    res.removeHeader('X-Powered-By');
    if (request.url.startsWith('/api/')) {
      for (const [name, value] of api) res.setHeader(name, value);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
    } else {
      const nonce = randomBytes(16).toString('base64');
      request.cspNonce = nonce;
      for (let i = 0; i < pages.length; i++)
        res.setHeader(pages[i]![0], i === csp ? before + nonce + after : pages[i]![1]);
    }
    done();
  });
});
