import type { FastifyInstance } from 'fastify';
import type { Alerts } from '../../shared/settings';
import { arr, bool, empty, id, int, obj } from '../myaccount/schemas';
import { settingsError, settingsPost } from './route-kit';

const ALERT_EVENTS = ['transfer', 'payment', 'purchase', 'card', 'login', 'limitChange'] as const;
const ALERT_CHANNELS = ['sms', 'email', 'push'] as const;
const alertKind = { type: 'string', enum: ['transaction', 'all'] };
const alertSetting = obj({
  enabled: bool,
  events: arr({ type: 'string', enum: [...ALERT_EVENTS] }),
  channels: arr({ type: 'string', enum: [...ALERT_CHANNELS] }),
  minAmount: int,
  accountIds: arr(int),
});

/** Transaction alerts and all-transaction alerts. */
export default async function alertRoutes(app: FastifyInstance): Promise<void> {
  const post = settingsPost(app);

  const alertsOf = async (customerId: number): Promise<Alerts> => {
    const { rows } = await app.db.query<{
      kind: 'transaction' | 'all';
      enabled: boolean;
      events: string[];
      channels: string[];
      min_amount: number;
      account_ids: Array<number | string>;
    }>(
      'SELECT kind, enabled, events, channels, min_amount, account_ids FROM alert_settings WHERE customer_id = $1',
      [customerId],
    );
    const of = (kind: 'transaction' | 'all') => {
      const r = rows.find((x) => x.kind === kind);
      return {
        enabled: r?.enabled ?? false,
        events: r?.events ?? [],
        channels: r?.channels ?? [],
        minAmount: Number(r?.min_amount ?? 0),
        accountIds: (r?.account_ids ?? []).map(Number),
      };
    };
    return { transaction: of('transaction'), all: of('all') };
  };
  const alertsResponse = obj({ transaction: alertSetting, all: alertSetting });

  post(
    '/api/settings/v1/alerts',
    'Transaction alerts and all-transaction alerts',
    empty,
    alertsResponse,
    (c) => alertsOf(c),
  );

  post(
    '/api/settings/v1/alerts/update',
    'Save one kind of alert: which events (or accounts), above what amount, by which channels',
    obj(
      {
        kind: alertKind,
        enabled: bool,
        events: {
          type: 'array',
          uniqueItems: true,
          maxItems: 10,
          items: { type: 'string', enum: [...ALERT_EVENTS] },
        },
        channels: {
          type: 'array',
          uniqueItems: true,
          maxItems: 3,
          items: { type: 'string', enum: [...ALERT_CHANNELS] },
        },
        minAmount: { type: 'integer', minimum: 0, maximum: 100_000_000_000_00 },
        accountIds: { type: 'array', uniqueItems: true, maxItems: 50, items: id },
      },
      ['events', 'minAmount', 'accountIds'],
    ),
    alertsResponse,
    async (customerId, body) => {
      const b = body as {
        kind: 'transaction' | 'all';
        enabled: boolean;
        events?: string[];
        channels: string[];
        minAmount?: number;
        accountIds?: number[];
      };
      if (b.enabled && b.channels.length === 0)
        throw settingsError(
          422,
          'ALERT_CHANNEL_REQUIRED',
          'Choose at least one way to receive the alerts.',
          'Pilih paling sedikit satu cara menerima notifikasi.',
          '/channels',
        );
      if (b.enabled && b.kind === 'transaction' && (b.events ?? []).length === 0)
        throw settingsError(
          422,
          'ALERT_EVENT_REQUIRED',
          'Choose at least one kind of transaction.',
          'Pilih paling sedikit satu jenis transaksi.',
          '/events',
        );
      const accountIds = b.accountIds ?? [];
      if (accountIds.length > 0) {
        const own = await app.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM accounts WHERE customer_id = $1 AND id = ANY($2::bigint[])
              AND product IN ('savings', 'current')`,
          [customerId, accountIds],
        );
        if (Number(own.rows[0]?.n) !== accountIds.length)
          throw settingsError(
            404,
            'ACCOUNT_NOT_FOUND',
            'The account you chose is not available.',
            'Rekening yang Anda pilih tidak tersedia.',
            '/accountIds',
          );
      }
      if (b.enabled && b.kind === 'all' && accountIds.length === 0)
        throw settingsError(
          422,
          'ALERT_ACCOUNT_REQUIRED',
          'Choose at least one account.',
          'Pilih paling sedikit satu rekening.',
          '/accountIds',
        );
      await app.db.query(
        `INSERT INTO alert_settings (customer_id, kind, enabled, events, channels, min_amount, account_ids, updated_at)
         VALUES ($1, $2, $3, $4::text[], $5::text[], $6, $7::bigint[], now())
         ON CONFLICT (customer_id, kind) DO UPDATE
           SET enabled = $3, events = $4::text[], channels = $5::text[], min_amount = $6, account_ids = $7::bigint[], updated_at = now()`,
        [customerId, b.kind, b.enabled, b.events ?? [], b.channels, b.minAmount ?? 0, accountIds],
      );
      return alertsOf(customerId);
    },
  );
}
