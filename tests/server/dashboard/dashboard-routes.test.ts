// Long, one concern: the dashboard's routes (summary, defaults, Poin Xtra, history, banners, rates) on one app.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { openSession, testDbs, useTestApp } from '../../kit';

interface MoneyJson {
  amount: number;
  currency: string;
}

describe.each(testDbs)('dashboard API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });

  const t = useTestApp({
    engine,
    seed: seedDemo,
  });
  beforeAll(async () => {
    ({ app, db } = t);
  });

  describe('summary', () => {
    it('refuses a call without a session with 401 INVALID_TOKEN', async () => {
      const res = await post('/api/dashboard/v1/summary', {});
      expect(res.statusCode).toBe(401);
      expect(res.json().apierror.errorCode).toBe('INVALID_TOKEN');
    });

    it('shows the full customer every product, valued exactly', async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const res = await post('/api/dashboard/v1/summary', {}, headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.customer).toMatchObject({
        userId: 'budisantoso',
        title: 'Mr.',
        displayName: 'Budi',
        hasCasa: true,
        ccOnly: false,
        supplementary: false,
      });
      expect(
        body.accounts.map((a: { accountNo: string; currency: string }) => `${a.accountNo}:${a.currency}`),
      ).toEqual(['800123456701:IDR', '800123456729:IDR', '800987654306:IDR', '800155512384:USD']);
      const main = body.accounts[0];
      expect(main).toMatchObject({ isDefaultSource: true, isDefaultReceiving: true, product: 'savings' });
      const { rows } = await db.query<{ balance: number }>(
        `SELECT sum(amount)::int8 AS balance FROM ledger_entries WHERE account_id = $1`,
        [main.id],
      );
      expect(main.balance).toEqual({ amount: rows[0]!.balance, currency: 'IDR' });
      expect(body.accounts[3].balance.currency).toBe('USD');

      expect(body.creditCards).toHaveLength(1);
      expect(body.creditCards[0]).toMatchObject({
        maskedNumber: '5481 17** **** 5678',
        supplementary: false,
        creditLimit: { amount: 5_000_000_000, currency: 'IDR' },
      });
      const card = body.creditCards[0] as { availableLimit: MoneyJson; outstanding: MoneyJson };
      expect(card.availableLimit.amount + card.outstanding.amount).toBe(5_000_000_000);
      expect(card.outstanding.amount).toBeGreaterThan(0);

      expect(body.deposits).toEqual([
        expect.objectContaining({
          accountNo: '820012345617',
          principal: { amount: 10_000_000_000, currency: 'IDR' },
          rate: '4.2500',
          tenorMonths: 6,
          aro: true,
        }),
      ]);
      expect(body.deposits[0].maturityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(body.loans).toHaveLength(1);
      expect(body.loans[0].installment).toEqual({ amount: 287_500_000, currency: 'IDR' });
      expect(body.loans[0].outstanding.amount).toBeGreaterThan(0);

      // Principal Cash Fund: 25418.3921 units x NAV 1684.2291, in sen, rounded half up.
      const pcf = body.investments.mutualFunds.find((m: { code: string }) => m.code === 'MF-PCF');
      const exact = 254183921n * 16842291n; // scaled by 10^8
      const sen = (exact * 100n + 50_000_000n) / 100_000_000n;
      expect(pcf).toMatchObject({ units: '25418.3921', nav: '1684.2291', currency: 'IDR' });
      expect(pcf.marketValue).toEqual({ amount: Number(sen), currency: 'IDR' });
      expect(body.investments.bonds.map((b: { code: string }) => b.code)).toEqual(['FR0100', 'ORI025']);
      const fr = body.investments.bonds.find((b: { code: string }) => b.code === 'FR0100');
      expect(fr.marketValue).toEqual({ amount: 9_920_000_000, currency: 'IDR' }); // 100,000,000 x 99.20%
      // The USD fund: 1500 units x USD 1.2874 = USD 1,931.10, valued in IDR at the board buy rate 16185.
      const usdFund = body.investments.mutualFunds.find((m: { code: string }) => m.code === 'MF-BDUSD');
      expect(usdFund.marketValue).toEqual({ amount: 193_110, currency: 'USD' });
      const all = [...body.investments.mutualFunds, ...body.investments.bonds] as Array<{
        marketValue: MoneyJson;
      }>;
      const idrTotal = all
        .filter((h) => h.marketValue.currency === 'IDR')
        .reduce((s, h) => s + h.marketValue.amount, 0);
      expect(body.investments.totalMarketValue).toEqual({
        amount: idrTotal + 193_110 * 16_185,
        currency: 'IDR',
      });
      expect(body.insurance).toEqual([
        {
          policyNo: 'SLF2023004587121',
          product: 'Sun Life Brilliant Protection',
          sumAssured: { amount: 100_000_000_000, currency: 'IDR' },
          status: 'active',
        },
      ]);
      // 12.5 g valued at the sell price Rp 1,542,000 per gram.
      expect(body.gold).toEqual({
        accountNo: '830045671203',
        grams: '12.5000',
        marketValue: { amount: 1_927_500_000, currency: 'IDR' },
      });
      expect(body.poinXtra).toEqual({ points: 12450 });
    });

    it('shows a credit-card-only customer no savings or current account', async () => {
      const { headers } = await openSession(db, 'saridewi');
      const body = (await post('/api/dashboard/v1/summary', {}, headers)).json();
      expect(body.customer).toMatchObject({
        hasCasa: false,
        ccOnly: true,
        supplementary: false,
        title: 'Ms.',
      });
      expect(body.accounts).toEqual([]);
      expect(body.creditCards).toHaveLength(1);
      expect(body.deposits).toEqual([]);
      expect(body.gold).toBeNull();
      expect(body.investments.totalMarketValue).toEqual({ amount: 0, currency: 'IDR' });
    });

    it('flags the supplementary card and caps its limit by the main card', async () => {
      const { headers } = await openSession(db, 'andiwijaya');
      const body = (await post('/api/dashboard/v1/summary', {}, headers)).json();
      expect(body.customer).toMatchObject({ supplementary: true, hasCasa: false });
      expect(body.creditCards).toHaveLength(1);
      const card = body.creditCards[0];
      expect(card.supplementary).toBe(true);
      expect(card.creditLimit.amount).toBe(1_000_000_000);
      // Spend the main card down to Rp 2,000,000 available: the supplementary card can use no more.
      const { rows } = await db.query<{ id: number; balance: number; floor: number }>(
        `SELECT id, balance, floor FROM accounts WHERE account_no = '5481170012345678'`,
      );
      const mainCard = rows[0]!;
      await db.query('UPDATE accounts SET balance = floor + 200000000 WHERE id = $1', [mainCard.id]);
      try {
        const capped = (await post('/api/dashboard/v1/summary', {}, headers)).json();
        expect(capped.creditCards[0].availableLimit).toEqual({ amount: 200_000_000, currency: 'IDR' });
      } finally {
        await db.query('UPDATE accounts SET balance = $2 WHERE id = $1', [mainCard.id, mainCard.balance]);
      }
    });

    it('shows a card opened without card details (registration demo holders) from its account', async () => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO customers (cif, user_id, title, full_name) VALUES ('TESTCARD01', 'cardonlytest', 'Ms.', 'Card Only')
         RETURNING id`,
      );
      const customerId = rows[0]!.id;
      await db.query(
        `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
         VALUES ('CC4111888899991234', $1, 'credit_card', 'Kartu Kredit', 'IDR', -150000, -2000000000, $2::jsonb)`,
        [customerId, JSON.stringify({ cardNumber: '4111888899991234' })],
      );
      const { headers } = await openSession(db, 'cardonlytest');
      const body = (await post('/api/dashboard/v1/summary', {}, headers)).json();
      expect(body.customer).toMatchObject({ ccOnly: true, displayName: 'Card Only' });
      expect(body.creditCards).toEqual([
        expect.objectContaining({
          maskedNumber: '4111 88** **** 1234',
          creditLimit: { amount: 2_000_000_000, currency: 'IDR' },
          availableLimit: { amount: 1_999_850_000, currency: 'IDR' },
          outstanding: { amount: 150_000, currency: 'IDR' },
          supplementary: false,
        }),
      ]);
      expect(body.poinXtra).toEqual({ points: 0 });
    });

    it('rejects a missing body or another content type with a 4xx apierror', async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const none = await app.inject({ method: 'POST', url: '/api/dashboard/v1/summary', headers });
      expect(none.statusCode).toBe(400);
      expect(none.json().apierror.errorCode).toBe('INVALID_REQUEST');
      const text = await app.inject({
        method: 'POST',
        url: '/api/account/v1/history',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'accountId=1',
      });
      expect(text.statusCode).toBeGreaterThanOrEqual(400);
      expect(text.statusCode).toBeLessThan(500);
      expect(text.json().apierror).toBeDefined();
    });

    it('rejects a body with unknown fields with 400 INVALID_REQUEST', async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const res = await post('/api/dashboard/v1/summary', { accountId: 1 }, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'INVALID_REQUEST' });
    });
  });

  describe('default account', () => {
    it("answers the customer's default accounts", async () => {
      const { headers, customerId } = await openSession(db, 'budisantoso');
      const res = await post('/api/dashboard/v1/defaultaccount', {}, headers);
      expect(res.statusCode).toBe(200);
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM accounts WHERE account_no = '800123456701'`,
      );
      expect(res.json()).toEqual({ sourceAccountId: rows[0]!.id, receivingAccountId: rows[0]!.id });
      expect(customerId).toBeGreaterThan(0);
    });

    it('answers 422 CLICKS 95 in both languages when both defaults are unset', async () => {
      const { headers } = await openSession(db, 'rinanodefault');
      const res = await post('/api/dashboard/v1/defaultaccount', {}, headers);
      expect(res.statusCode).toBe(422);
      const e = res.json().apierror;
      expect(e).toMatchObject({ sourceSystem: 'CLICKS', errorCode: '95' });
      expect(e.errorMessageEng).toMatch(/default/i);
      expect(e.errorMessageIdn).toMatch(/rekening/i);
      // Her summary still loads: the dashboard shows the accounts and the 95 message.
      const summary = await post('/api/dashboard/v1/summary', {}, headers);
      expect(summary.statusCode).toBe(200);
      expect(summary.json().accounts).toHaveLength(1);
    });
  });

  describe('Poin Xtra', () => {
    it('answers the balance and the movements, newest first', async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const res = await post('/api/poinxtra/v1/inquiry', {}, headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.points).toBe(12450);
      expect(body.history.map((h: { points: number }) => h.points)).toEqual([-1000, 3450, 10000]);
      const rina = await post(
        '/api/poinxtra/v1/inquiry',
        {},
        (await openSession(db, 'rinanodefault')).headers,
      );
      expect(rina.json()).toEqual({ points: 0, history: [] });
      expect((await post('/api/poinxtra/v1/inquiry', {})).statusCode).toBe(401);
      expect((await post('/api/poinxtra/v1/inquiry', { points: 1 }, headers)).statusCode).toBe(400);
    });
  });

  describe('account history', () => {
    const budiSavings = async () =>
      (await db.query<{ id: number }>(`SELECT id FROM accounts WHERE account_no = '800123456701'`)).rows[0]!
        .id;

    it("lists the customer's own entries newest first, paged", async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const accountId = await budiSavings();
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const from = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
      const res = await post('/api/account/v1/history', { accountId, from, to: today }, headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        accountId,
        accountNo: '800123456701',
        page: 1,
        pageSize: 20,
        hasMore: true,
      });
      expect(body.entries).toHaveLength(20);
      const times = body.entries.map((e: { postedAt: string }) => Date.parse(e.postedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(body.entries.some((e: { type: string }) => e.type === 'credit')).toBe(true);
      expect(body.entries.every((e: { amount: MoneyJson }) => e.amount.amount > 0)).toBe(true);

      // Every page together is the whole ledger of the account.
      let total = 0;
      let count = 0;
      for (let page = 1; ; page++) {
        const p = (
          await post('/api/account/v1/history', { accountId, from, to: today, page }, headers)
        ).json();
        for (const e of p.entries as Array<{ type: string; amount: MoneyJson }>) {
          total += e.type === 'debit' ? -e.amount.amount : e.amount.amount;
          count++;
        }
        if (!p.hasMore) break;
      }
      const { rows } = await db.query<{ s: number; n: number }>(
        'SELECT sum(amount)::int8 AS s, count(*)::int8 AS n FROM ledger_entries WHERE account_id = $1',
        [accountId],
      );
      expect({ total, count }).toEqual({ total: rows[0]!.s, count: rows[0]!.n });
    });

    it("answers someone else's account exactly like an unknown one: 404, nothing leaked", async () => {
      const { headers } = await openSession(db, 'saridewi');
      const other = await post('/api/account/v1/history', { accountId: await budiSavings() }, headers);
      const unknown = await post('/api/account/v1/history', { accountId: 987654321 }, headers);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(unknown.json());
      expect(other.json().apierror.errorCode).toBe('ACCOUNT_NOT_FOUND');
      expect(other.body).not.toContain('800123456701');
    });

    it('answers 5071 when the period has no transactions', async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const res = await post(
        '/api/account/v1/history',
        { accountId: await budiSavings(), from: '2020-01-01', to: '2020-01-31' },
        headers,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: '5071' });
    });

    it.each([
      [{}, '/accountId'],
      [{ accountId: '1' }, '/accountId'],
      [{ accountId: 1, from: '2026-02-31' }, '/from'],
      [{ accountId: 1, from: '01-01-2026' }, '/from'],
      [{ accountId: 1, from: '2026-03-01', to: '2026-02-01' }, '/from'],
      [{ accountId: 1, from: '2024-01-01', to: '2026-01-01' }, '/from'],
      [{ accountId: 1, page: 0 }, '/page'],
      [{ accountId: 1e20 }, '/accountId'],
      [{ accountId: 1.5 }, '/accountId'],
      [{ accountId: 1, extra: true }, '/'],
    ])('rejects %j with 400 naming %s', async (payload, field) => {
      const { headers } = await openSession(db, 'budisantoso');
      const res = await post('/api/account/v1/history', payload, headers);
      expect(res.statusCode).toBe(400);
      const e = res.json().apierror;
      expect(e.errorCode).toBe('INVALID_REQUEST');
      expect(Object.keys(e.fields ?? {})).toContain(field);
    });
  });

  describe('maintenance banners', () => {
    const dismissals = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM banner_dismissals')).rows[0]!.n;

    it('shows the login banner without a session', async () => {
      const res = await post('/api/maintenance/v1/banner', { page: 'login' });
      expect(res.statusCode).toBe(200);
      expect(res.json().banners).toEqual([
        expect.objectContaining({
          key: 'login-maintenance',
          titleIdn: expect.any(String),
          messageEng: expect.any(String),
        }),
      ]);
    });

    it('needs a session for the other pages', async () => {
      const res = await post('/api/maintenance/v1/banner', { page: 'dashboard' });
      expect(res.statusCode).toBe(401);
    });

    it.each(['dashboard', 'payment', 'purchase', 'transfer'])('has a banner for %s', async (page) => {
      const { headers } = await openSession(db, 'saridewi');
      const res = await post('/api/maintenance/v1/banner', { page }, headers);
      expect(res.json().banners.map((b: { key: string }) => b.key)).toEqual([`${page}-maintenance`]);
    });

    it('hides a dismissed banner until a login on a later day', async () => {
      const show = async (headers: Record<string, string>) =>
        (await post('/api/maintenance/v1/banner', { page: 'transfer' }, headers))
          .json()
          .banners.map((b: { key: string }) => b.key);
      // This session started yesterday and is still alive across midnight.
      const yesterdaySession = await openSession(db, 'dewifds', new Date(Date.now() - 86_400_000));
      expect(await show(yesterdaySession.headers)).toEqual(['transfer-maintenance']);

      const res = await post(
        '/api/maintenance/v1/banner/dismiss',
        { key: 'transfer-maintenance' },
        yesterdaySession.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().dismissedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await show(yesterdaySession.headers)).toEqual([]);

      // Another login today: still hidden. Other pages and other customers: untouched.
      const todaySession = await openSession(db, 'dewifds');
      expect(await show(todaySession.headers)).toEqual([]);
      expect(
        (await post('/api/maintenance/v1/banner', { page: 'payment' }, todaySession.headers)).json().banners,
      ).toHaveLength(1);
      expect(await show((await openSession(db, 'bayubds')).headers)).toEqual(['transfer-maintenance']);

      // Move the dismissal back one day: a login today is a login on a later day, and shows it again.
      await db.query(
        `UPDATE banner_dismissals SET dismissed_on = dismissed_on - 1
          WHERE banner_key = 'transfer-maintenance' AND customer_id = $1`,
        [todaySession.customerId],
      );
      expect(await show((await openSession(db, 'dewifds')).headers)).toEqual(['transfer-maintenance']);
    });

    it('rejects bad bodies and unknown keys without writing anything', async () => {
      const { headers } = await openSession(db, 'budisantoso');
      const before = await dismissals();
      for (const payload of [{}, { key: '' }, { key: 42 }, { key: 'x', page: 'login' }]) {
        const res = await post('/api/maintenance/v1/banner/dismiss', payload, headers);
        expect(res.statusCode).toBe(400);
        expect(res.json().apierror.errorCode).toBe('INVALID_REQUEST');
      }
      const unknown = await post('/api/maintenance/v1/banner/dismiss', { key: 'no-such-banner' }, headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().apierror.errorCode).toBe('BANNER_NOT_FOUND');
      for (const payload of [{}, { page: 'home' }, { page: 'login', extra: 1 }]) {
        const res = await post('/api/maintenance/v1/banner', payload, headers);
        expect(res.statusCode).toBe(400);
      }
      expect(await dismissals()).toBe(before);
    });

    it('shows only banners that are active and within their time window', async () => {
      await db.query(
        `INSERT INTO maintenance_banners (key, page, title_eng, title_idn, message_eng, message_idn, starts_at, ends_at, active)
         VALUES ('login-past', 'login', 't', 't', 'm', 'm', now() - interval '2 days', now() - interval '1 day', true),
                ('login-future', 'login', 't', 't', 'm', 'm', now() + interval '1 day', NULL, true),
                ('login-off', 'login', 't', 't', 'm', 'm', NULL, NULL, false),
                ('login-now', 'login', 't', 't', 'm', 'm', now() - interval '1 hour', now() + interval '1 hour', true)`,
      );
      try {
        const res = await post('/api/maintenance/v1/banner', { page: 'login' });
        expect(res.json().banners.map((b: { key: string }) => b.key)).toEqual([
          'login-maintenance',
          'login-now',
        ]);
      } finally {
        await db.query(
          `DELETE FROM maintenance_banners WHERE key IN ('login-past', 'login-future', 'login-off', 'login-now')`,
        );
      }
    });

    it('refuses a dismissal without a session', async () => {
      const res = await post('/api/maintenance/v1/banner/dismiss', { key: 'login-maintenance' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('exchange rates', () => {
    it('lists board and special rates as decimal strings for one 10-second window', async () => {
      const res = await post('/api/exchangerate/v1/list', {});
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const codes = body.rates.map((r: { currency: string }) => r.currency);
      for (const c of ['USD', 'SGD', 'EUR', 'JPY', 'AUD', 'GBP', 'CNY', 'SAR']) expect(codes).toContain(c);
      expect(body.rates[0]).toMatchObject({ currency: 'USD', buy: '16185.0000', sell: '16435.0000' });
      expect(body.specialRates.map((r: { currency: string }) => r.currency)).toEqual(codes);
      expect(Date.parse(body.validUntil) - Date.parse(body.updatedAt)).toBe(10_000);
      const bad = await post('/api/exchangerate/v1/list', { currency: 'USD' });
      expect(bad.statusCode).toBe(400);
    });
  });
});

describe.each(testDbs)('demo personas through the real login on $name', (engine) => {
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: true, seed: seedDemo });
  beforeAll(async () => {
    app = t.app;
  });

  it.each([
    ['budisantoso', 'Budi@2026', 'sunflower', { hasCasa: true, ccOnly: false, supplementary: false }],
    ['saridewi', 'Sari@2026', 'mangosteen', { hasCasa: false, ccOnly: true, supplementary: false }],
    ['andiwijaya', 'Andi@2026', 'volcano', { hasCasa: false, ccOnly: true, supplementary: true }],
    ['rinanodefault', 'Rina@2026', 'lighthouse', { hasCasa: true, ccOnly: false, supplementary: false }],
  ])('%s logs in with the demo password and sees the dashboard', async (userId, password, word, flags) => {
    const headers = { 'x-browser-id': `browser-${userId}` };
    const secure = await app.inject({
      method: 'POST',
      url: '/api/v1/login/secureword',
      payload: { userId },
      headers,
    });
    expect(secure.json().secureWord).toBe(word);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { userId, password },
      headers,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().status).toBe('ok');
    const token = String(login.headers['access_token']);
    const summary = await app.inject({
      method: 'POST',
      url: '/api/dashboard/v1/summary',
      payload: {},
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().customer).toMatchObject({ userId, ...flags });
    expect(summary.headers['access_token']).toBe(token);
  });

  it('budisantoso can start forgot-password with his seeded ATM card', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/forgot/password/validate',
      payload: {
        userId: 'budisantoso',
        accountNumber: '800123456701',
        atmCardLast4: '5270',
        atmPin: '246810',
      },
      headers: { 'x-browser-id': 'forgot-browser' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().phones).toHaveLength(2);
  });
});
