import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import errorHandler from './http/error-handler';
import inputGuard from './http/input-guard';
import securityHeaders from './http/security-headers';
import compression from './http/compression';
import staticApps from './http/static-apps';
import { sharedCompilers } from './http/shared-compilers';

/** What every instance of the server is built with (the whole app and the start-up one alike). */
export function serverOptions(opts: {
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
}): FastifyServerOptions {
  return {
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Body validation errors become apierror payloads in the error handler.
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false } },
    schemaController: sharedCompilers(),
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits key on it).
    trustProxy: opts.trustProxy ?? false,
  };
}

/** The plugins every answer goes through: error payloads, input limits, security headers, compression. */
export async function registerHttpBasics(app: FastifyInstance): Promise<void> {
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(securityHeaders);
  await app.register(compression);
}

/**
 * The built web apps alone, with the same headers, CSP nonces and compression as the whole app
 * (src/server/app.ts): what `npm start` serves while the database opens and the API's ~300 routes are
 * built (src/server/http/boot-server.ts), so a phone gets its first page within a second or two of a
 * start instead of after all of it. It imports no route module, so it loads in a fraction of the time.
 */
export async function buildStaticApp(opts: {
  staticDir: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(opts));
  await registerHttpBasics(app);
  await app.register(staticApps, { root: opts.staticDir });
  return app;
}
