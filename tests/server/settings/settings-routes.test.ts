import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { seedMyAccount } from '../../../src/server/myaccount/seed';
import { applyAllDueRaises, verifyRaise } from '../../../src/server/settings/limits';
import { limitsAndUse } from '../../../src/server/transactions/limits';
import { openSession, testDbs, useTestApp } from '../../kit';

const rp = (n: number) => n * 100;

interface LimitJson {
  category: string;
  channel: string;
  maxPerTransaction: number;
  dailyLimit: number;
  usedToday: number | null;
  pending: { id: number; status: string; effectiveAt: string | null } | null;
}

describe.each(testDbs)('settings API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let clock = Date.now();
  let budi: Record<string, string>;
  let budiId: number;
  const post = (url: string, payload: unknown, headers = budi) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });
  const limitOf = async (category: string, channel = 'internet') => {
    const res = await post('/api/settings/v1/limits', {});
    expect(res.statusCode).toBe(200);
    return res
      .json<{ limits: LimitJson[] }>()
      .limits.find((l) => l.category === category && l.channel === channel)!;
  };

  const t = useTestApp({
    engine,
    seed: async (db) => {
      await seedDemo(db);
      await seedMyAccount(db);
    },
  });
  beforeAll(async () => {
    ({ app, db } = t);
    // The settings plugin registered by buildApp reads the real clock; the app also gets one with a
    // movable clock, under /clock.
    const { default: settingsRoutes } = await import('../../../src/server/settings/routes');
    await app.register(async (child) => {
      await child.register(settingsRoutes, { now: () => clock, prefix: '/clock' });
    });
    const s = await openSession(db, 'budisantoso');
    budi = s.headers;
    budiId = s.customerId;
  });

  it('shows personal information with the phone and e-mail masked', async () => {
    const res = await post('/api/settings/v1/profile', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Budi Santoso',
      userId: 'budisantoso',
      email: 'bu**********@example.co.id',
      phones: ['+62812****7890', '+62857****5678'],
    });
  });

  it('hides an account from the dashboard and from the source-of-fund list, and never a default one', async () => {
    const list = (await post('/api/settings/v1/account-visibility', {})).json<{
      accounts: Array<{ id: number; accountNo: string; isDefault: boolean }>;
    }>().accounts;
    const giro = list.find((a) => a.accountNo === '800987654306')!;
    const main = list.find((a) => a.isDefault)!;
    const refused = await post('/api/settings/v1/account-visibility/update', {
      accountId: main.id,
      hideDashboard: true,
      hideSource: false,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().apierror.errorCode).toBe('DEFAULT_ACCOUNT_HIDDEN');
    const ok = await post('/api/settings/v1/account-visibility/update', {
      accountId: giro.id,
      hideDashboard: true,
      hideSource: true,
    });
    expect(ok.statusCode).toBe(200);
    const dashboard = (await post('/api/dashboard/v1/summary', {})).json<{
      accounts: Array<{ accountNo: string }>;
    }>();
    expect(dashboard.accounts.map((a) => a.accountNo)).not.toContain('800987654306');
    // The source-of-fund list of a flow leaves it out; the own-account transfer can still pay into it.
    const form = (await post('/api/transaction/v1/formdata', { flowId: 'transfer.own' })).json<{
      choices: Record<string, Array<{ value: string }>>;
    }>().choices;
    expect(form.sourceOfFund!.map((c) => c.value)).not.toContain(String(giro.id));
    expect(form.beneficiaryAccount!.map((c) => c.value)).toContain(String(giro.id));
    // My account still lists it, saying so.
    const o = (await post('/api/myaccount/v1/overview', {})).json<{
      accounts: Array<{ accountNo: string; hiddenOnDashboard: boolean }>;
    }>();
    expect(o.accounts.find((a) => a.accountNo === '800987654306')?.hiddenOnDashboard).toBe(true);
    await post('/api/settings/v1/account-visibility/update', {
      accountId: giro.id,
      hideDashboard: false,
      hideSource: false,
    });
    const back = (await post('/api/dashboard/v1/summary', {})).json<{
      accounts: Array<{ accountNo: string }>;
    }>();
    expect(back.accounts.map((a) => a.accountNo)).toContain('800987654306');
  });

  it('lowers a limit at once, in the engine’s own limit row that every confirm checks', async () => {
    const before = await limitOf('transfer');
    expect(before).toMatchObject({
      maxPerTransaction: rp(100_000_000),
      dailyLimit: rp(200_000_000),
      usedToday: 0,
    });
    const res = await post('/api/settings/v1/limits/change', {
      category: 'transfer',
      channel: 'internet',
      maxPerTransaction: rp(5_000_000),
      dailyLimit: rp(10_000_000),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'applied', limit: { maxPerTransaction: rp(5_000_000) } });
    const { rows } = await db.query<{ max_per_transaction: number }>(
      `SELECT max_per_transaction FROM transaction_limits WHERE customer_id = $1 AND category = 'transfer'`,
      [budiId],
    );
    expect(Number(rows[0]!.max_per_transaction)).toBe(rp(5_000_000));
  });

  it('refuses a limit above the bank maximum or a per-transaction limit above the daily, changing nothing', async () => {
    const above = await post('/api/settings/v1/limits/change', {
      category: 'purchase',
      channel: 'internet',
      maxPerTransaction: rp(60_000_000),
      dailyLimit: rp(60_000_000),
    });
    expect(above.statusCode).toBe(422);
    expect(above.json().apierror).toMatchObject({ errorCode: 'LIMIT_ABOVE_MAXIMUM' });
    expect(above.json().apierror.fields['/maxPerTransaction'].idn).toContain('Rp 50.000.000');
    const crossed = await post('/api/settings/v1/limits/change', {
      category: 'purchase',
      channel: 'internet',
      maxPerTransaction: rp(9_000_000),
      dailyLimit: rp(8_000_000),
    });
    expect(crossed.json().apierror.errorCode).toBe('LIMIT_PER_TRANSACTION_ABOVE_DAILY');
    expect(await limitOf('purchase')).toMatchObject({
      maxPerTransaction: rp(10_000_000),
      dailyLimit: rp(20_000_000),
    });
  });

  it('holds a raise for verification, then a cooling-off, applying it only once that has passed; cancellable meanwhile', async () => {
    const res = await post('/clock/api/settings/v1/limits/change', {
      category: 'payment',
      channel: 'internet',
      maxPerTransaction: rp(80_000_000),
      dailyLimit: rp(150_000_000),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'verificationNeeded', coolingOffHours: 24 });
    const pending = res.json<{ limit: LimitJson }>().limit.pending!;
    expect(pending.status).toBe('awaiting_verification');
    expect((await limitOf('payment')).maxPerTransaction).toBe(rp(50_000_000));
    // Verified (the engine's flow will call this): 24 hours to wait.
    expect(await verifyRaise(db, budiId, pending.id, new Date(clock).toISOString())).toBe(true);
    expect(await verifyRaise(db, budiId, pending.id, new Date(clock).toISOString())).toBe(false);
    clock += 23 * 3_600_000;
    let view = (await post('/clock/api/settings/v1/limits', {})).json<{ limits: LimitJson[] }>().limits;
    let payment = view.find((l) => l.category === 'payment' && l.channel === 'internet')!;
    expect(payment).toMatchObject({ maxPerTransaction: rp(50_000_000), pending: { status: 'cooling_off' } });
    clock += 2 * 3_600_000;
    view = (await post('/clock/api/settings/v1/limits', {})).json<{ limits: LimitJson[] }>().limits;
    payment = view.find((l) => l.category === 'payment' && l.channel === 'internet')!;
    expect(payment).toMatchObject({
      maxPerTransaction: rp(80_000_000),
      dailyLimit: rp(150_000_000),
      pending: null,
    });

    // Another raise, cancelled by the customer before it applies.
    const again = await post('/clock/api/settings/v1/limits/change', {
      category: 'payment',
      channel: 'mobile',
      maxPerTransaction: rp(90_000_000),
      dailyLimit: rp(150_000_000),
    });
    const id = again.json<{ limit: LimitJson }>().limit.pending!.id;
    expect((await post('/clock/api/settings/v1/limits/cancel', { requestId: id })).statusCode).toBe(200);
    expect((await post('/clock/api/settings/v1/limits/cancel', { requestId: id })).statusCode).toBe(404);
    expect(await verifyRaise(db, budiId, id, new Date(clock).toISOString())).toBe(false);
  });

  it('applies a raise when its cooling-off ends, without the limits page being opened again', async () => {
    const res = await post('/clock/api/settings/v1/limits/change', {
      category: 'purchase',
      channel: 'internet',
      maxPerTransaction: rp(40_000_000),
      dailyLimit: rp(90_000_000),
    });
    const id = res.json<{ limit: LimitJson }>().limit.pending!.id;
    expect(await verifyRaise(db, budiId, id, new Date(clock).toISOString())).toBe(true);
    expect(await applyAllDueRaises(db, new Date(clock + 23 * 3_600_000).toISOString())).toBe(0);
    expect((await limitsAndUse(db, budiId, 'purchase')).limits.maxPerTransaction).not.toBe(rp(40_000_000));
    // What every confirm checks (the engine's limit row), moved by the sweep alone.
    expect(await applyAllDueRaises(db, new Date(clock + 25 * 3_600_000).toISOString())).toBe(1);
    expect((await limitsAndUse(db, budiId, 'purchase')).limits).toMatchObject({
      maxPerTransaction: rp(40_000_000),
      dailyLimit: rp(90_000_000),
    });
  });

  it('saves transaction alerts, refusing an alert with no channel', async () => {
    const start = (await post('/api/settings/v1/alerts', {})).json();
    expect(start.transaction).toMatchObject({
      enabled: true,
      channels: ['sms', 'email'],
      minAmount: rp(1_000_000),
    });
    const refused = await post('/api/settings/v1/alerts/update', {
      kind: 'transaction',
      enabled: true,
      events: ['transfer'],
      channels: [],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().apierror.errorCode).toBe('ALERT_CHANNEL_REQUIRED');
    const accounts = (await post('/api/settings/v1/account-visibility', {})).json<{
      accounts: Array<{ id: number }>;
    }>().accounts;
    const saved = await post('/api/settings/v1/alerts/update', {
      kind: 'all',
      enabled: true,
      channels: ['push'],
      accountIds: [accounts[0]!.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().all).toMatchObject({
      enabled: true,
      channels: ['push'],
      accountIds: [accounts[0]!.id],
    });
    const foreign = await post('/api/settings/v1/alerts/update', {
      kind: 'all',
      enabled: true,
      channels: ['push'],
      accountIds: [1],
    });
    expect(foreign.statusCode).toBe(404);
  });
});
