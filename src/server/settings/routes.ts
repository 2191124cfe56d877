import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { arr, bool, empty, id, int, nullable, obj, str } from '../myaccount/schemas';
import {
  applyAllDueRaises,
  CATEGORIES,
  CHANNELS,
  cancelRaise,
  changeLimit,
  limitViews,
  type LimitCategory,
  type LimitChannel,
} from './limits';
import type { Alerts, Profile, VisibleAccount } from '../../shared/settings';

export interface SettingsRoutesOptions {
  /** The clock (epoch ms); tests move it past a cooling-off period. */
  now?: () => number;
  /** How often due limit raises are applied for every customer; 0: never (tests call applyAllDueRaises). */
  raiseSweepMs?: number;
}

/** Raises whose cooling-off ended are applied within this long, page opened or not. */
export const RAISE_SWEEP_MS = 60_000;

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

const settingsError = (status: number, code: string, eng: string, idn: string, field?: string) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: 'Not saved', titleIdn: 'Tidak disimpan', messageEng: eng, messageIdn: idn },
    field ? { [field]: { eng, idn } } : undefined,
  );

/** '+6281234567890' -> '+62812****7890': enough to recognise, not to use. */
export const maskPhone = (p: string) => (p.length > 8 ? `${p.slice(0, 6)}****${p.slice(-4)}` : p);
/** 'budi.santoso@example.co.id' -> 'bu********@example.co.id'. */
export const maskEmail = (e: string) => {
  const [user = '', domain = ''] = e.split('@');
  return `${user.slice(0, 2)}${'*'.repeat(Math.max(1, user.length - 2))}@${domain}`;
};

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

/**
 * Settings that need no verification: personal information (read), account visibility, the limits
 * (lowering at once; raising recorded for verification and a cooling-off), and transaction alerts.
 */
export default async function settingsRoutes(app: FastifyInstance, opts: SettingsRoutesOptions = {}) {
  const now = () => new Date((opts.now ?? Date.now)()).toISOString();
  const sweepEvery = opts.raiseSweepMs ?? RAISE_SWEEP_MS;
  if (sweepEvery > 0) {
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      applyAllDueRaises(app.db, now())
        .catch((err: unknown) => app.log.warn({ err }, 'limit raise sweep failed'))
        .finally(() => (sweeping = false));
    }, sweepEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const authed = { preHandler: app.requireSession };
  const post = (
    url: string,
    summary: string,
    body: Record<string, unknown>,
    response: Record<string, unknown>,
    handler: (customerId: number, body: Record<string, unknown>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { ...authed, schema: { tags: ['settings'], summary, body, response: { 200: response } } },
      async (request, reply) =>
        handler(sessionOf(request).customerId, request.body as Record<string, unknown>, reply),
    );

  post(
    '/api/settings/v1/profile',
    'Personal information as the bank holds it (phone and e-mail masked)',
    empty,
    obj({
      title: str,
      fullName: str,
      displayName: str,
      userId: str,
      cif: str,
      email: nullable(str),
      dateOfBirth: nullable(str),
      phones: arr(str),
      memberSince: str,
    }),
    async (customerId): Promise<Profile> => {
      const { rows } = await app.db.query<{
        title: string;
        full_name: string;
        display_name: string | null;
        user_id: string;
        cif: string;
        email: string | null;
        date_of_birth: string | null;
        created_at: Date | string;
      }>(
        `SELECT title, full_name, display_name, user_id, cif, email, date_of_birth::text AS date_of_birth, created_at
           FROM customers WHERE id = $1`,
        [customerId],
      );
      const c = rows[0]!;
      const phones = await app.db.query<{ phone: string }>(
        'SELECT phone FROM customer_phones WHERE customer_id = $1 ORDER BY id',
        [customerId],
      );
      return {
        title: c.title,
        fullName: c.full_name,
        displayName: c.display_name || c.full_name,
        userId: c.user_id,
        cif: c.cif,
        email: c.email ? maskEmail(c.email) : null,
        dateOfBirth: c.date_of_birth,
        phones: phones.rows.map((p) => maskPhone(p.phone)),
        memberSince: new Date(c.created_at).toISOString().slice(0, 10),
      };
    },
  );

  const visibilityList = async (customerId: number) => {
    const { rows } = await app.db.query<{
      id: number;
      account_no: string;
      product: string;
      name: string;
      currency: string;
      rekpon: boolean;
      hide_dashboard: boolean;
      hide_source: boolean;
      is_default: boolean;
    }>(
      `SELECT a.id, a.account_no, a.product, a.name, a.currency, coalesce(a.details->>'rekpon', 'false') = 'true' AS rekpon,
              coalesce(v.hide_dashboard, false) AS hide_dashboard, coalesce(v.hide_source, false) AS hide_source,
              (a.id IN (c.default_source_account_id, c.default_receiving_account_id)) IS TRUE AS is_default
         FROM accounts a JOIN customers c ON c.id = a.customer_id
         LEFT JOIN account_visibility v ON v.account_id = a.id AND v.customer_id = a.customer_id
        WHERE a.customer_id = $1 AND a.status = 'active' AND a.product IN ('savings', 'current')
        ORDER BY a.currency <> 'IDR', a.product DESC, a.id`,
      [customerId],
    );
    return {
      accounts: rows.map((r): VisibleAccount => ({
        id: Number(r.id),
        accountNo: r.account_no,
        product: r.product,
        name: r.name,
        currency: r.currency.trim(),
        rekpon: r.rekpon,
        hideDashboard: r.hide_dashboard,
        hideSource: r.hide_source,
        isDefault: r.is_default,
      })),
    };
  };
  const visibilityResponse = obj({
    accounts: arr(
      obj({
        id: int,
        accountNo: str,
        product: str,
        name: str,
        currency: str,
        rekpon: bool,
        hideDashboard: bool,
        hideSource: bool,
        isDefault: bool,
      }),
    ),
  });

  post(
    '/api/settings/v1/account-visibility',
    'Savings and current accounts with whether each is hidden from the dashboard and the source-of-fund lists',
    empty,
    visibilityResponse,
    (customerId) => visibilityList(customerId),
  );

  post(
    '/api/settings/v1/account-visibility/update',
    'Hide or show one account on the dashboard and in the source-of-fund lists (a default account stays shown)',
    obj({ accountId: id, hideDashboard: bool, hideSource: bool }),
    visibilityResponse,
    async (customerId, body) => {
      const { accountId, hideDashboard, hideSource } = body as {
        accountId: number;
        hideDashboard: boolean;
        hideSource: boolean;
      };
      const list = await visibilityList(customerId);
      const account = list.accounts.find((a) => a.id === accountId);
      if (!account)
        throw settingsError(
          404,
          'ACCOUNT_NOT_FOUND',
          'The account you chose is not available.',
          'Rekening yang Anda pilih tidak tersedia.',
        );
      if (account.isDefault && (hideDashboard || hideSource))
        throw settingsError(
          422,
          'DEFAULT_ACCOUNT_HIDDEN',
          'A default account cannot be hidden. Choose another default account first.',
          'Rekening utama tidak dapat disembunyikan. Pilih rekening utama lain terlebih dahulu.',
          '/accountId',
        );
      await app.db.query(
        `INSERT INTO account_visibility (customer_id, account_id, hide_dashboard, hide_source, updated_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (customer_id, account_id) DO UPDATE SET hide_dashboard = $3, hide_source = $4, updated_at = now()`,
        [customerId, accountId, hideDashboard, hideSource],
      );
      return visibilityList(customerId);
    },
  );

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
