import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerSummary } from '../auth/customer-summary';
import { defaultAccounts, poinXtra, portfolio } from '../core-bank/portfolio';
import { rateBoard } from '../core-bank/exchange-rates';
import { dismissBanner, pageBanners, type BannerPage } from '../core-bank/banners';
import { accountHistory, ownedAccount, resolvePeriod } from '../core-bank/history';
import { dashboardSchema } from './schemas';
import { accountNotFound, bannerNotFound, defaultAccountNotSet, noTransactions } from './errors';

export interface DashboardRoutesOptions {
  /** The clock (epoch ms); tests inject one to cross special-rate windows without sleeping. */
  now?: () => number;
}

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  // requireSession ran as preHandler; a missing session here is a wiring bug, not bad input.
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

/**
 * The dashboard's data from the core bank: summary, default accounts, exchange rates, maintenance
 * banners and account history. All POST with a JSON body checked against schemas/api/dashboard.
 */
export default async function dashboardRoutes(
  app: FastifyInstance,
  opts: DashboardRoutesOptions = {},
): Promise<void> {
  const now = opts.now ?? Date.now;
  const empty = dashboardSchema('dashboard/empty.request.json');
  const authed = { preHandler: app.requireSession };

  app.post(
    '/api/dashboard/v1/summary',
    {
      ...authed,
      schema: {
        tags: ['dashboard'],
        summary: 'Accounts, cards, deposits, loans, investments, insurance, gold and points',
        body: empty,
        response: { 200: dashboardSchema('dashboard/summary.response.json') },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const customer = await customerSummary(app.db, session.customerId, session.id);
      if (!customer) throw new Error(`session ${session.id} has no customer`);
      return { customer, ...(await portfolio(app.db, session.customerId, { dashboard: true })) };
    },
  );

  app.post(
    '/api/dashboard/v1/defaultaccount',
    {
      ...authed,
      schema: {
        tags: ['dashboard'],
        summary: 'Default source-of-fund and receiving accounts (422 CLICKS 95 when both unset)',
        body: empty,
        response: { 200: dashboardSchema('dashboard/defaultaccount.response.json') },
      },
    },
    async (request) => {
      const defaults = await defaultAccounts(app.db, sessionOf(request).customerId);
      if (defaults.sourceAccountId === null && defaults.receivingAccountId === null) {
        throw defaultAccountNotSet();
      }
      return defaults;
    },
  );

  app.post(
    '/api/poinxtra/v1/inquiry',
    {
      ...authed,
      schema: {
        tags: ['dashboard'],
        summary: 'Poin Xtra balance and latest movements',
        body: empty,
        response: { 200: dashboardSchema('dashboard/poinxtra-inquiry.response.json') },
      },
    },
    async (request) => poinXtra(app.db, sessionOf(request).customerId),
  );

  app.post(
    '/api/exchangerate/v1/list',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Board rates and the special rates of this 10-second window (no session needed)',
        body: empty,
        response: { 200: dashboardSchema('dashboard/exchangerate-list.response.json') },
      },
    },
    async () => rateBoard(app.db, now()),
  );

  app.post(
    '/api/maintenance/v1/banner',
    {
      schema: {
        tags: ['dashboard'],
        summary: "A page's maintenance banners ('login' needs no session; the others do)",
        body: dashboardSchema('dashboard/banner.request.json'),
        response: { 200: dashboardSchema('dashboard/banner.response.json') },
      },
    },
    async (request, reply) => {
      const { page, variant } = request.body as { page: BannerPage; variant?: string };
      if (page === 'login') return { banners: await pageBanners(app.db, 'login', null) };
      await app.requireSession(request, reply);
      const s = sessionOf(request);
      return {
        banners: await pageBanners(app.db, page, { customerId: s.customerId, sessionId: s.id }, variant),
      };
    },
  );

  app.post(
    '/api/maintenance/v1/banner/dismiss',
    {
      ...authed,
      schema: {
        tags: ['dashboard'],
        summary: 'Hide a banner until a login on a later day',
        body: dashboardSchema('dashboard/banner-dismiss.request.json'),
        response: { 200: dashboardSchema('dashboard/banner-dismiss.response.json') },
      },
    },
    async (request) => {
      const { key } = request.body as { key: string };
      const dismissed = await dismissBanner(app.db, sessionOf(request).customerId, key);
      if (!dismissed) throw bannerNotFound();
      return dismissed;
    },
  );

  app.post(
    '/api/account/v1/history',
    {
      ...authed,
      schema: {
        tags: ['dashboard'],
        summary: "Posted entries of one of the customer's accounts, newest first",
        body: dashboardSchema('dashboard/account-history.request.json'),
        response: { 200: dashboardSchema('dashboard/account-history.response.json') },
      },
    },
    async (request) => {
      const body = request.body as {
        accountId: number;
        from?: string;
        to?: string;
        page?: number;
        search?: string;
        direction?: 'debit' | 'credit';
      };
      const { from, to } = resolvePeriod(body, now());
      const account = await ownedAccount(app.db, sessionOf(request).customerId, body.accountId);
      if (!account) throw accountNotFound();
      const history = await accountHistory(app.db, account, {
        from,
        to,
        page: body.page ?? 1,
        search: body.search,
        direction: body.direction,
      });
      if (history.entries.length === 0 && history.page === 1) throw noTransactions();
      return history;
    },
  );
}
