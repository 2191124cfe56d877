import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db } from './db/db';
import { registerHttpBasics, serverOptions } from './static-app';
import openapi from './http/openapi';
import staticApps from './http/static-apps';
import { pageBanners } from './core-bank/banners';
import sessionPlugin from './auth/session-plugin';
import smsPlugin from './sms/plugin';
import approvalHubPlugin from './approvals/hub-plugin';
import authRoutes from './auth/routes';
import dashboardRoutes from './dashboard/routes';
import transactionsRoutes from './transactions/routes';
import smsRoutes from './sms/routes';
import approvalsRoutes from './approvals/routes';
import registrationRoutes from './registration/routes';
import devRoutes from './dev/routes';
import chatRoutes from './chat/routes';
import favoritesRoutes from './favorites/routes';
import referenceRoutes from './reference/routes';
import receiptRoutes from './receipts/routes';
import transferRoutes from './transfers/routes';
import myAccountRoutes from './myaccount/routes';
import settingsRoutes from './settings/routes';
import investRoutes from './invest/routes';
import goldRoutes from './gold/routes';
import photoRoutes from './uploads/routes';
import mailboxRoutes from './mailbox/routes';
import { notify } from './mailbox/notify';
import helpRoutes from './help/routes';
import recipientsRoutes from './recipients/routes';
import mainAccountsRoutes from './main-accounts/routes';
import searchRoutes from './search/routes';
import myBusinessRoutes from './mybusiness/routes';
import pfmRoutes from './pfm/routes';
import cardRoutes from './cards/routes';
import bifastAliasRoutes from './settings/bifast-alias';
import poinXtraRoutes from './poinxtra/routes';
import goalRoutes from './goals/routes';
import vcnRoutes from './vcn/routes';
import autoTopUpRoutes from './autotopup/routes';
import cartRoutes from './cart/routes';
import batchRoutes from './batches/routes';
import alertsPlugin from './alerts/plugin';
import promoRoutes from './promo/routes';
import travelRoutes from './travel/routes';
import voucherRoutes from './vouchers/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    demo: boolean;
  }
}

export interface AppOptions {
  db: Db;
  demo?: boolean;
  /** Built web apps to serve; omitted in API-only tests. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Hops of trusted proxies in front (TRUST_PROXY): true, a count, or addresses. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** How often an open approval event stream re-reads on its own (changes are pushed besides). */
  approvalRereadMs?: number;
  /** How often held payments due a check are asked about (settlement.ts); 0: never (tests call it). */
  settlementIntervalMs?: number;
  /** How often due scheduled transfers and e-wallet auto top-ups are looked for; 0: never (tests call them). */
  schedulerIntervalMs?: number;
  /** How often customers' alerts are sent (alerts/plugin.ts); 0: never (tests call dispatchAlerts). */
  alertIntervalMs?: number;
}

/** Layers as in fastify/demo: external plugins, then app plugins, then routes. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(opts));
  app.decorate('db', opts.db);
  app.decorate('demo', opts.demo ?? false);

  // external
  await registerHttpBasics(app);
  await app.register(openapi);

  // app: services the routes share
  await app.register(smsPlugin);
  await app.register(approvalHubPlugin, { rereadMs: opts.approvalRereadMs });
  await app.register(sessionPlugin);

  // routes
  await app.register(authRoutes);
  await app.register(dashboardRoutes);
  await app.register(transactionsRoutes, { settlementIntervalMs: opts.settlementIntervalMs });
  await app.register(smsRoutes);
  await app.register(approvalsRoutes);
  await app.register(registrationRoutes);
  await app.register(devRoutes);
  await app.register(chatRoutes);
  await app.register(favoritesRoutes);
  await app.register(referenceRoutes);
  await app.register(receiptRoutes);
  // Scheduled transfers done or failed reach the customer's mailbox.
  await app.register(transferRoutes, { schedulerIntervalMs: opts.schedulerIntervalMs, notify });
  await app.register(myAccountRoutes);
  await app.register(settingsRoutes);
  await app.register(investRoutes, { navIntervalMs: opts.settlementIntervalMs === 0 ? 0 : undefined });
  await app.register(goldRoutes);
  await app.register(photoRoutes);
  await app.register(mailboxRoutes);
  await app.register(helpRoutes);
  await app.register(recipientsRoutes);
  await app.register(mainAccountsRoutes);
  await app.register(searchRoutes);
  await app.register(myBusinessRoutes);
  await app.register(pfmRoutes);
  await app.register(cardRoutes);
  await app.register(bifastAliasRoutes);
  await app.register(poinXtraRoutes);
  await app.register(goalRoutes);
  await app.register(vcnRoutes);
  await app.register(autoTopUpRoutes, { intervalMs: opts.schedulerIntervalMs });
  await app.register(cartRoutes);
  await app.register(batchRoutes);
  await app.register(alertsPlugin, { alertIntervalMs: opts.alertIntervalMs });
  await app.register(promoRoutes, {});
  await app.register(travelRoutes, {});
  await app.register(voucherRoutes);

  if (opts.staticDir)
    await app.register(staticApps, {
      root: opts.staticDir,
      banners: (page, variant) => pageBanners(app.db, page, null, variant),
    });
  return app;
}
