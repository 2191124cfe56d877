import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { bondDetail, bondHoldings, fundDetail, listBonds, listFunds, listProducts } from './catalogue';
import {
  acknowledgeRisk,
  eligibilityContext,
  investorAccountOf,
  riskProfileOf,
  saveRiskProfile,
} from './risk-profile';
import * as s from './schemas';
import { publishDueNavs } from './nav';
import { RISK_PROFILE_VALID_MONTHS } from '../../shared/invest/risk-questionnaire';
import type { ProductCategory } from '../../shared/invest/types';

export interface InvestRoutesOptions {
  /** The clock (epoch ms); tests move it to cross offering periods and profile expiry. */
  now?: () => number;
  /** How often the funds' due NAVs are published (nav.ts); 0: never (tests publish themselves). */
  navIntervalMs?: number;
}

/** The funds' NAVs due are looked for this often by default (each is published once, at 17:00 WIB). */
export const NAV_INTERVAL_MS = 60_000;

const notFound = () =>
  new ApiError(404, 'WMS', 'PRODUCT_NOT_FOUND', {
    titleEng: 'Product not found',
    titleIdn: 'Produk tidak ditemukan',
    messageEng: 'This product is not offered.',
    messageIdn: 'Produk ini tidak ditawarkan.',
  });

const customerOf = (request: FastifyRequest) => {
  const session = request.session;
  if (!session) throw new Error('authenticated route reached without a session');
  return session.customerId;
};

const codeBody = s.obj({ code: s.productCode });

/** The customer's fund units by fund code (4 decimals). */
async function heldFunds(db: Queryable, customerId: number): Promise<Map<string, string>> {
  const { rows } = await db.query<{ product_code: string; units: string }>(
    `SELECT product_code, units::text AS units FROM investment_holdings WHERE customer_id = $1 AND units > 0`,
    [customerId],
  );
  return new Map(rows.map((r) => [r.product_code, r.units]));
}
const withProfile = { profile: s.nullable(s.riskProfile), investor: s.nullable(s.investorAccount) };

/** Apply & invest, read side: the catalogue, funds and bonds with what the customer may buy, the risk profile. */
export default async function investRoutes(
  app: FastifyInstance,
  opts: InvestRoutesOptions = {},
): Promise<void> {
  const now = () => new Date((opts.now ?? Date.now)());
  const authed = { preHandler: app.requireSession };
  const tags = ['invest'];

  // The NAV of each business day, published as the fund managers do; one run at a time, unref'd.
  const every = opts.navIntervalMs ?? NAV_INTERVAL_MS;
  if (every > 0) {
    let running = false;
    const publish = () => {
      if (running) return;
      running = true;
      publishDueNavs(app.db, now())
        .then((n) => n > 0 && app.log.info({ navs: n }, 'fund NAVs published'))
        .catch((err: unknown) => app.log.warn({ err }, 'NAV publication failed'))
        .finally(() => (running = false));
    };
    // Soon after start too: a server that was down publishes the days it missed.
    const first = setTimeout(publish, Math.min(every, 2_000));
    const timer = setInterval(publish, every);
    first.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  }

  app.post(
    '/api/invest/v1/products',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Savings, time deposits, credit cards, loans and insurance the bank offers',
        body: s.obj({ category: s.category }, []),
        response: { 200: s.obj({ products: { type: 'array', items: s.product } }) },
      },
    },
    async (request) => {
      const { category } = request.body as { category?: ProductCategory };
      return { products: await listProducts(app.db, category) };
    },
  );

  app.post(
    '/api/invest/v1/product-detail',
    {
      ...authed,
      schema: { tags, summary: 'One product of the catalogue', body: codeBody, response: { 200: s.product } },
    },
    async (request) => {
      const [product] = await listProducts(app.db, undefined, (request.body as { code: string }).code);
      if (!product) throw notFound();
      return product;
    },
  );

  app.post(
    '/api/invest/v1/funds',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Mutual funds with their latest NAV, risk level and whether the customer may buy them',
        body: s.empty,
        response: { 200: s.obj({ funds: { type: 'array', items: s.fundSummary }, ...withProfile }) },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const ctx = await eligibilityContext(app.db, customerId, now());
      const held = await heldFunds(app.db, customerId);
      const funds = (await listFunds(app.db, ctx.of)).map((f) => ({
        ...f,
        heldUnits: held.get(f.code) ?? null,
      }));
      return { funds, profile: ctx.profile, investor: ctx.investor };
    },
  );

  app.post(
    '/api/invest/v1/fund-detail',
    {
      ...authed,
      schema: {
        tags,
        summary: 'A fund: facts, fees, returns and a year of NAV history',
        body: codeBody,
        response: { 200: s.fundDetail },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const ctx = await eligibilityContext(app.db, customerId, now());
      const fund = await fundDetail(app.db, (request.body as { code: string }).code, ctx.of);
      if (!fund) throw notFound();
      return { ...fund, heldUnits: (await heldFunds(app.db, customerId)).get(fund.code) ?? null };
    },
  );

  app.post(
    '/api/invest/v1/bonds',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Bonds in primary offering (with their period) and on the secondary market (bid and offer)',
        body: s.empty,
        response: { 200: s.obj({ bonds: { type: 'array', items: s.bondSummary }, ...withProfile }) },
      },
    },
    async (request) => {
      const at = now();
      const ctx = await eligibilityContext(app.db, customerOf(request), at);
      return { bonds: await listBonds(app.db, at, ctx.of), profile: ctx.profile, investor: ctx.investor };
    },
  );

  app.post(
    '/api/invest/v1/bond-detail',
    {
      ...authed,
      schema: {
        tags,
        summary: 'A bond with its secondary price history',
        body: codeBody,
        response: { 200: s.bondDetail },
      },
    },
    async (request) => {
      const at = now();
      const ctx = await eligibilityContext(app.db, customerOf(request), at);
      const bond = await bondDetail(app.db, (request.body as { code: string }).code, at, ctx.of);
      if (!bond) throw notFound();
      return bond;
    },
  );

  app.post(
    '/api/invest/v1/risk-profile',
    {
      ...authed,
      schema: {
        tags,
        summary: "The customer's risk profile (null before the first questionnaire) and investor account",
        body: s.empty,
        response: { 200: s.obj({ ...withProfile, validMonths: { type: 'integer' } }) },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const [profile, investor] = await Promise.all([
        riskProfileOf(app.db, customerId, now()),
        investorAccountOf(app.db, customerId),
      ]);
      return { profile, investor, validMonths: RISK_PROFILE_VALID_MONTHS };
    },
  );

  app.post(
    '/api/invest/v1/risk-profile/submit',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Scores the questionnaire and stores the profile (valid 12 months)',
        body: s.obj({
          answers: {
            type: 'object',
            maxProperties: 20,
            propertyNames: { pattern: '^[a-z]{1,20}$' },
            additionalProperties: { type: 'string', pattern: '^[a-e]$' },
          },
        }),
        response: { 200: s.obj({ profile: s.riskProfile }) },
      },
    },
    async (request) => {
      const { answers } = request.body as { answers: Record<string, string> };
      return { profile: await saveRiskProfile(app.db, customerOf(request), answers, now()) };
    },
  );

  app.post(
    '/api/invest/v1/risk-acknowledge',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Signs the additional investment risk statement for a product above the profile',
        body: s.obj({ productCode: s.productCode, accepted: { const: true } }),
        response: { 200: s.obj({ eligibility: s.eligibility }) },
      },
    },
    async (request) => {
      const { productCode } = request.body as { productCode: string };
      return { eligibility: await acknowledgeRisk(app.db, customerOf(request), productCode, now()) };
    },
  );

  app.post(
    '/api/invest/v1/bonds-monitoring',
    {
      ...authed,
      schema: {
        tags,
        summary: "The customer's bonds at the bank's bid price, with coupons to come",
        body: s.empty,
        response: {
          200: s.obj({
            investor: s.nullable(s.investorAccount),
            holdings: { type: 'array', items: s.bondHolding },
          }),
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const [investor, holdings] = await Promise.all([
        investorAccountOf(app.db, customerId),
        bondHoldings(app.db, customerId, now()),
      ]);
      return { investor, holdings };
    },
  );
}
