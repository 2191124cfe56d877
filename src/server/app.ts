import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db } from './db/db';
import { registerHttpBasics, serverOptions } from './static-app';
import openapi from './http/openapi';
import staticApps from './http/static-apps';
import { pageBanners } from './core-bank/banners';
import sessionPlugin from './auth/session-plugin';
import smsPlugin from './sms/plugin';
import approvalHubPlugin from './approvals/hub-plugin';
import type { DomainOptions } from './transactions/contracts';
import { registerDomains, serverRegistry } from './domains';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    demo: boolean;
  }
}

/** The app's options; the timings of the domains' background jobs are DomainOptions. */
export interface AppOptions extends DomainOptions {
  db: Db;
  demo?: boolean;
  /** Built web apps to serve; omitted in API-only tests. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Hops of trusted proxies in front (TRUST_PROXY): true, a count, or addresses. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** How often an open approval event stream re-reads on its own (changes are pushed besides). */
  approvalRereadMs?: number;
}

/**
 * Layers as in fastify/demo: external plugins, then the app's services, then the transaction core and
 * the domains, in the composition root's order (domains.ts), with the registry composed from them.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(opts));
  app.decorate('db', opts.db);
  app.decorate('demo', opts.demo ?? false);
  // A name two domains give, or one a flow may use that none gives, stops the start here.
  app.decorate('registry', serverRegistry());

  // external
  await registerHttpBasics(app);
  await app.register(openapi);

  // app: services the routes share
  await app.register(smsPlugin);
  await app.register(approvalHubPlugin, { rereadMs: opts.approvalRereadMs });
  await app.register(sessionPlugin);

  // the transaction core and the domains: their routes and background jobs
  await registerDomains(app, opts);

  if (opts.staticDir)
    await app.register(staticApps, {
      root: opts.staticDir,
      banners: (page, variant) => pageBanners(app.db, page, null, variant),
    });
  return app;
}
