import type { FastifyInstance } from 'fastify';
import { CASHBACK_MINOR_PER_POINT } from '../../shared/poinxtra';
import { ensurePoints } from './store';
import { awardCardPoints, bonusPeriodOf } from './earning';
import { bankDate } from '../../shared/bank-time';
import { referenceData } from '../reference/store';
import { customerOf } from '../http/session-customer';
import { bilingualSchema, moneySchema, localizedTextSchema } from '../http/common-schemas';

const money = moneySchema;
const bilingual = bilingualSchema;
const KINDS = ['earn', 'bonus', 'cashback', 'voucher', 'transfer-out', 'transfer-in', 'mileage'] as const;
const PAGE_SIZE = 20;

/** How often card spending is looked at for points (earning.ts). */
export const EARNING_INTERVAL_MS = 60_000;

/** Poin Xtra's read side and the bonus-points choice; every movement of points is a flow (flows/poinxtra/). */
export default async function poinXtraRoutes(
  app: FastifyInstance,
  opts: { earningIntervalMs?: number },
): Promise<void> {
  const authed = { preHandler: app.requireSession };

  // Card spending earns points in a batch, as a loyalty system does; one run at a time, unref'd.
  const every = opts.earningIntervalMs ?? EARNING_INTERVAL_MS;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      awardCardPoints(app.db)
        .catch((err: unknown) => app.log.warn({ err }, 'Poin Xtra earning run failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.post(
    '/api/poinxtra/v1/summary',
    {
      ...authed,
      schema: {
        tags: ['poinxtra'],
        summary: "The customer's points, their worth as cashback, this year's earned and used by kind",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: [
              'points',
              'bonusEnabled',
              'bonusPeriod',
              'cashbackValue',
              'earnedThisYear',
              'usedThisYear',
              'byKind',
            ],
            properties: {
              points: { type: 'integer' },
              bonusEnabled: { type: 'boolean' },
              // The bonus period running today (rules/poinxtra-earning.json), or null.
              bonusPeriod: {
                type: ['object', 'null'],
                additionalProperties: false,
                required: ['name', 'to', 'multiplier'],
                properties: {
                  name: localizedTextSchema,
                  to: { type: 'string' },
                  multiplier: { type: 'integer' },
                },
              },
              cashbackValue: money,
              earnedThisYear: { type: 'integer' },
              usedThisYear: { type: 'integer' },
              byKind: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['kind', 'points'],
                  properties: { kind: { type: 'string', enum: KINDS }, points: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const [acct, kinds] = await Promise.all([
        app.db.query<{ points: string | number; bonus_enabled: boolean }>(
          'SELECT points, bonus_enabled FROM poin_xtra WHERE customer_id = $1',
          [customerId],
        ),
        app.db.query<{ kind: string; points: string | number }>(
          `SELECT kind, sum(points) AS points FROM poin_xtra_history
            WHERE customer_id = $1 AND created_at >= date_trunc('year', now()) GROUP BY kind ORDER BY kind`,
          [customerId],
        ),
      ]);
      const points = Number(acct.rows[0]?.points ?? 0);
      const period = bonusPeriodOf(bankDate());
      const byKind = kinds.rows.map((r) => ({ kind: r.kind, points: Number(r.points) }));
      return {
        points,
        bonusEnabled: acct.rows[0]?.bonus_enabled ?? false,
        bonusPeriod: period ? { name: period.name, to: period.to, multiplier: period.multiplier } : null,
        cashbackValue: { amount: points * CASHBACK_MINOR_PER_POINT, currency: 'IDR' },
        earnedThisYear: byKind.filter((k) => k.points > 0).reduce((s, k) => s + k.points, 0),
        usedThisYear: -byKind.filter((k) => k.points < 0).reduce((s, k) => s + k.points, 0),
        byKind,
      };
    },
  );

  app.post(
    '/api/poinxtra/v1/history',
    {
      ...authed,
      schema: {
        tags: ['poinxtra'],
        summary: 'Points earned and used, newest first, a page of 20',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { page: { type: 'integer', minimum: 1, maximum: 10000 } },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['total', 'page', 'pageSize', 'items'],
            properties: {
              total: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['id', 'at', 'kind', 'points', 'description'],
                  properties: {
                    id: { type: 'integer' },
                    at: { type: 'string' },
                    kind: { type: 'string', enum: KINDS },
                    points: { type: 'integer' },
                    description: bilingual,
                    referenceNo: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const page = (request.body as { page?: number }).page ?? 1;
      const [count, rows] = await Promise.all([
        app.db.query<{ n: string | number }>(
          'SELECT count(*) AS n FROM poin_xtra_history WHERE customer_id = $1',
          [customerId],
        ),
        app.db.query<{
          id: string | number;
          created_at: string | Date;
          kind: (typeof KINDS)[number];
          points: string | number;
          description: string;
          description_eng: string | null;
          reference_no: string | null;
        }>(
          `SELECT h.id, h.created_at, h.kind, h.points, h.description, h.description_eng, j.reference_no
             FROM poin_xtra_history h LEFT JOIN journal j ON j.id = h.journal_id
            WHERE h.customer_id = $1 ORDER BY h.created_at DESC, h.id DESC LIMIT $2 OFFSET $3`,
          [customerId, PAGE_SIZE, (page - 1) * PAGE_SIZE],
        ),
      ]);
      return {
        total: Number(count.rows[0]?.n ?? 0),
        page,
        pageSize: PAGE_SIZE,
        items: rows.rows.map((r) => ({
          id: Number(r.id),
          at: new Date(r.created_at).toISOString(),
          kind: r.kind,
          points: Number(r.points),
          description: { eng: r.description_eng ?? r.description, idn: r.description },
          ...(r.reference_no ? { referenceNo: r.reference_no } : {}),
        })),
      };
    },
  );

  app.post(
    '/api/poinxtra/v1/bonus',
    {
      ...authed,
      schema: {
        tags: ['poinxtra'],
        summary: 'Turns bonus points (double points on card spending in promotion periods) on or off',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['enabled'],
          properties: { enabled: { type: 'boolean' } },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['bonusEnabled'],
            properties: { bonusEnabled: { type: 'boolean' } },
          },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const { enabled } = request.body as { enabled: boolean };
      await ensurePoints(app.db, customerId);
      await app.db.query(
        'UPDATE poin_xtra SET bonus_enabled = $2, updated_at = now() WHERE customer_id = $1',
        [customerId, enabled],
      );
      return { bonusEnabled: enabled };
    },
  );

  const named = localizedTextSchema;
  app.post(
    '/api/poinxtra/v1/catalogue',
    {
      ...authed,
      schema: {
        tags: ['poinxtra'],
        summary:
          'What points buy: cashback per point, the vouchers and the airline programmes with their rates',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['cashbackPerPoint', 'vouchers', 'programmes'],
            properties: {
              cashbackPerPoint: money,
              vouchers: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['code', 'name', 'points'],
                  properties: { code: { type: 'string' }, name: named, points: { type: 'integer' } },
                },
              },
              programmes: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['code', 'name', 'airline', 'pointsPerMile', 'minimumMiles'],
                  properties: {
                    code: { type: 'string' },
                    name: named,
                    airline: { type: 'string' },
                    pointsPerMile: { type: 'integer' },
                    minimumMiles: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => {
      const { lists } = referenceData();
      const entries = (id: string) => (lists[id]?.entries ?? []) as unknown as Record<string, unknown>[];
      return {
        cashbackPerPoint: { amount: CASHBACK_MINOR_PER_POINT, currency: 'IDR' },
        vouchers: entries('poinxtra-vouchers').map((e) => ({ code: e.code, name: e.name, points: e.points })),
        programmes: entries('airline-programmes').map((e) => ({
          code: e.code,
          name: e.name,
          airline: e.airline,
          pointsPerMile: e.pointsPerMile,
          minimumMiles: e.minimumMiles,
        })),
      };
    },
  );
}
