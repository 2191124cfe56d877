import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { createGoldQuote, goldPriceHistory, goldSummary } from './gold';
import { money, obj, nullable, date, instant, decimal } from '../invest/schemas';

export interface GoldRoutesOptions {
  now?: () => number;
}

const customerOf = (request: FastifyRequest) => {
  const session = request.session;
  if (!session) throw new Error('authenticated route reached without a session');
  return session.customerId;
};

const price = obj({ buyPerGram: money, sellPerGram: money, pricedAt: instant, nextAt: instant });
const pickup = obj({
  transactionRef: { type: 'string' },
  providerRef: { type: 'string' },
  pawnBranchRef: { type: 'string' },
  branch: { type: 'string' },
  zone: { type: 'string' },
  grams: decimal,
  status: { enum: ['in_progress', 'ready_for_pickup', 'collected'] },
  requestedAt: instant,
  arrivedAt: nullable(instant),
  collectedAt: nullable(instant),
  validUntil: nullable(instant),
  days: { type: ['integer', 'null'] },
});

const notRegistered = () =>
  new ApiError(409, 'GOLD', 'NOT_REGISTERED', {
    titleEng: 'No gold saving account',
    titleIdn: 'Belum punya Tabungan Emas',
    messageEng: 'Register for gold saving first to buy or sell gold.',
    messageIdn: 'Daftar Tabungan Emas terlebih dahulu untuk membeli atau menjual emas.',
  });

/** Gold saving, read side: price, holdings, physical pickups, and the price quote the buy and sell flows use. */
export default async function goldRoutes(app: FastifyInstance, opts: GoldRoutesOptions = {}): Promise<void> {
  const now = () => new Date((opts.now ?? Date.now)());
  const authed = { preHandler: app.requireSession };
  const tags = ['gold'];

  app.post(
    '/api/gold/v1/summary',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Gold saving: the live price, the customer’s grams and physical pickups',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: obj({
            registered: { type: 'boolean' },
            account: nullable(obj({ accountNo: { type: 'string' }, grams: decimal, marketValue: money })),
            price,
            pickups: { type: 'array', items: pickup },
          }),
        },
      },
    },
    async (request) => goldSummary(app.db, customerOf(request), now()),
  );

  app.post(
    '/api/gold/v1/quote',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Holds the current buy or sell price for this customer for 2 minutes',
        body: obj({ side: { enum: ['buy', 'sell'] } }),
        response: {
          200: obj({
            quoteId: { type: 'string' },
            side: { enum: ['buy', 'sell'] },
            pricePerGram: money,
            quotedAt: instant,
            expiresAt: instant,
          }),
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const { rows } = await app.db.query(
        `SELECT 1 FROM accounts WHERE customer_id = $1 AND product = 'gold' AND status = 'active'`,
        [customerId],
      );
      if (!rows.length) throw notRegistered();
      return createGoldQuote(app.db, customerId, (request.body as { side: 'buy' | 'sell' }).side, now());
    },
  );

  app.post(
    '/api/gold/v1/price-history',
    {
      ...authed,
      schema: {
        tags,
        summary: 'The last gold price of each day',
        body: obj({ days: { enum: [30, 90, 180, 365] } }),
        response: {
          200: obj({
            points: {
              type: 'array',
              items: obj({ date, buyPerGram: { type: 'integer' }, sellPerGram: { type: 'integer' } }),
            },
          }),
        },
      },
    },
    async (request) => ({
      points: await goldPriceHistory(app.db, (request.body as { days: number }).days, now()),
    }),
  );
}
