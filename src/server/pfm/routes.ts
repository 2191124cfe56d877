import type { FastifyInstance } from 'fastify';
import { forecastOf, FORECAST_DAYS, spendingOf } from './analysis';
import { wealthOf } from './wealth';
import { customerOf } from '../http/session-customer';
import { bilingualSchema, moneySchema } from '../http/common-schemas';

const money = moneySchema;
const bilingual = bilingualSchema;
const empty = { type: 'object', additionalProperties: false, properties: {} } as const;
const CATEGORIES = ['shopping', 'bills', 'topups', 'transfers', 'loans', 'other'] as const;

/** Wealth (/dashboard/wealth/) and the financial planner (/new-pfm/): read only, from the ledger and the products. */
export default async function pfmRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };

  app.post(
    '/api/wealth/v1/summary',
    {
      ...authed,
      schema: {
        tags: ['pfm'],
        summary: 'Net worth across every product, in IDR at the middle board rate',
        body: empty,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['netWorth', 'assets', 'liabilities', 'items'],
            properties: {
              netWorth: money,
              assets: money,
              liabilities: money,
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['category', 'name', 'reference', 'original', 'idr'],
                  properties: {
                    category: { type: 'string' },
                    name: { type: 'string' },
                    reference: { type: 'string' },
                    original: money,
                    idr: money,
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => wealthOf(app.db, customerOf(request)),
  );

  app.post(
    '/api/pfm/v1/spending',
    {
      ...authed,
      schema: {
        tags: ['pfm'],
        summary: 'Money out by category and money in, per month (IDR accounts and cards, own moves left out)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { months: { type: 'integer', minimum: 1, maximum: 12 } },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['currency', 'categories', 'months'],
            properties: {
              currency: { const: 'IDR' },
              categories: { type: 'array', items: { enum: CATEGORIES } },
              months: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['month', 'income', 'total', 'spending'],
                  properties: {
                    month: { type: 'string' },
                    income: { type: 'integer' },
                    total: { type: 'integer' },
                    spending: {
                      type: 'object',
                      additionalProperties: false,
                      properties: Object.fromEntries(CATEGORIES.map((c) => [c, { type: 'integer' }])),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const months = (request.body as { months?: number } | undefined)?.months ?? 6;
      return {
        currency: 'IDR',
        categories: CATEGORIES,
        months: await spendingOf(app.db, customerOf(request), months),
      };
    },
  );

  app.post(
    '/api/pfm/v1/forecast',
    {
      ...authed,
      schema: {
        tags: ['pfm'],
        summary: `The next ${FORECAST_DAYS} days: scheduled transfers, bills, income, installments, card bills, deposits; the projected balance`,
        body: empty,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['currency', 'today', 'end', 'start', 'events', 'balances', 'lowest'],
            properties: {
              currency: { const: 'IDR' },
              today: { type: 'string' },
              end: { type: 'string' },
              start: { type: 'integer' },
              events: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['date', 'kind', 'label', 'amount'],
                  properties: {
                    date: { type: 'string' },
                    kind: { type: 'string' },
                    label: bilingual,
                    amount: { type: 'integer' },
                  },
                },
              },
              balances: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['date', 'balance'],
                  properties: { date: { type: 'string' }, balance: { type: 'integer' } },
                },
              },
              lowest: {
                type: 'object',
                additionalProperties: false,
                required: ['date', 'balance'],
                properties: { date: { type: 'string' }, balance: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async (request) => ({ currency: 'IDR', ...(await forecastOf(app.db, customerOf(request))) }),
  );
}
