import type { FastifyInstance } from 'fastify';
import { arr, empty, id, int, nullable, obj, str } from '../myaccount/schemas';
import {
  CATEGORIES,
  CHANNELS,
  cancelRaise,
  changeLimit,
  limitViews,
  type LimitCategory,
  type LimitChannel,
} from './limits';
import { settingsError, settingsPost, type SettingsAreaOptions } from './route-kit';

const money = int;
const limitView = obj({
  category: { type: 'string', enum: [...CATEGORIES] },
  channel: { type: 'string', enum: CHANNELS },
  minAmount: money,
  maxPerTransaction: money,
  dailyLimit: money,
  usedToday: nullable(int),
  bankMax: obj({ maxPerTransaction: money, dailyLimit: money }),
  pending: nullable(
    obj({
      id: int,
      status: { type: 'string', enum: ['awaiting_verification', 'cooling_off'] },
      maxPerTransaction: money,
      dailyLimit: money,
      requestedAt: str,
      effectiveAt: nullable(str),
    }),
  ),
});

/** The limits: lowering applies at once; a raise is recorded for verification and a cooling-off. */
export default async function limitRoutes(app: FastifyInstance, opts: SettingsAreaOptions): Promise<void> {
  const now = opts.now;
  const post = settingsPost(app);

  post(
    '/api/settings/v1/limits',
    'Every limit per category and channel, with today’s use and any raise under way',
    empty,
    obj({ limits: arr(limitView), coolingOffHours: int }),
    async (customerId) => ({ limits: await limitViews(app.db, customerId, now()), coolingOffHours: 24 }),
  );

  post(
    '/api/settings/v1/limits/change',
    'Change a limit: lower applies at once; higher is a raise that needs verification and a cooling-off',
    obj({
      category: { type: 'string', enum: [...CATEGORIES] },
      channel: { type: 'string', enum: CHANNELS },
      maxPerTransaction: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      dailyLimit: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
    }),
    obj(
      {
        outcome: { type: 'string', enum: ['applied', 'verificationNeeded'] },
        limit: limitView,
        coolingOffHours: int,
      },
      ['coolingOffHours'],
    ),
    async (customerId, body) =>
      app.db.transaction(async (tx) => {
        // One change at a time per customer: the check and the write see the same limits.
        await tx.query('SELECT pg_advisory_xact_lock(727277, $1::int)', [customerId]);
        return changeLimit(
          tx,
          customerId,
          body as {
            category: LimitCategory;
            channel: LimitChannel;
            maxPerTransaction: number;
            dailyLimit: number;
          },
          now(),
        );
      }),
  );

  post(
    '/api/settings/v1/limits/cancel',
    'Cancel a raise under way (before it applies)',
    obj({ requestId: id }),
    obj({ limits: arr(limitView), coolingOffHours: int }),
    async (customerId, body) => {
      const done = await cancelRaise(app.db, customerId, Number(body.requestId), now());
      if (!done)
        throw settingsError(
          404,
          'LIMIT_REQUEST_NOT_FOUND',
          'This limit change is no longer under way.',
          'Perubahan limit ini sudah tidak berjalan.',
        );
      return { limits: await limitViews(app.db, customerId, now()), coolingOffHours: 24 };
    },
  );
}
