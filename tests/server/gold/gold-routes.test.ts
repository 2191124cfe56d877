import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { seedInvest } from '../../../src/server/invest/seed';
import { createGoldQuote, currentGoldPrice, takeGoldQuote } from '../../../src/server/gold/gold';
import { QUOTE_VALID_MS } from '../../../src/server/gold/provider';
import { client, testDbs, useTestApp } from '../../kit';

const DAY_MS = 86_400_000;

describe.each(testDbs)('gold saving read side on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budiId: number;
  const t = useTestApp({
    engine,
    seed: async (db) => {
      await seedDemo(db);
      await seedInvest(db);
    },
  });
  beforeAll(async () => {
    ({ app, db } = t);
    budiId = (await db.query<{ id: number }>(`SELECT id FROM customers WHERE user_id = 'budisantoso'`))
      .rows[0]!.id;
  });

  const loggedIn = async (userId = 'budisantoso', password = 'Budi@2026') => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId, password })).statusCode).toBe(200);
    return c;
  };

  it("shows Budi's grams after his printed bars, valued at the sell price, and the pickups with their 30 days", async () => {
    const c = await loggedIn();
    const res = await c.post('/api/gold/v1/summary', {});
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.registered).toBe(true);
    // 12.5 g bought, 4 g printed (1 collected, 2 ready, 1 in progress).
    expect(s.account.grams).toBe('8.5000');
    expect(s.account.marketValue.amount).toBe(Math.round(8.5 * s.price.sellPerGram.amount));
    expect(s.pickups.map((p: { status: string }) => p.status)).toEqual([
      'in_progress',
      'ready_for_pickup',
      'collected',
    ]);
    const ready = s.pickups[1];
    expect(Date.parse(ready.validUntil) - Date.parse(ready.arrivedAt)).toBe(30 * DAY_MS);
    expect(ready.days).toBe(26);
    expect(ready).toMatchObject({
      grams: '2.0000',
      branch: 'Pegadaian Cabang Kebayoran Baru',
      zone: 'Jakarta Selatan',
    });
    expect(ready.providerRef).toMatch(/^PGD/);
    expect(s.pickups[0]).toMatchObject({ validUntil: null, days: null, arrivedAt: null });
    // The ledger agrees: the account's balance is the sum of its entries.
    const { rows } = await db.query<{ balance: number; total: number }>(
      `SELECT a.balance, (SELECT sum(amount) FROM ledger_entries WHERE account_id = a.id)::int8 AS total
         FROM accounts a WHERE a.customer_id = $1 AND a.product = 'gold'`,
      [budiId],
    );
    expect(rows[0]!.balance).toBe(rows[0]!.total);
  });

  it('publishes one price a minute and the chart has a point a day', async () => {
    // A second into a minute ten minutes on, so that t + 5 s is still the same minute's price.
    const t = new Date(Math.floor((Date.now() + 10 * 60_000) / 60_000) * 60_000 + 1_000);
    const a = await currentGoldPrice(db, t);
    const b = await currentGoldPrice(db, new Date(t.getTime() + 5_000));
    expect(b).toEqual(a);
    const c = await currentGoldPrice(db, new Date(t.getTime() + 60_000));
    expect(Date.parse(c.pricedAt) - Date.parse(a.pricedAt)).toBe(60_000);
    expect(Math.abs(c.buyPerGram.amount / a.buyPerGram.amount - 1)).toBeLessThanOrEqual(0.0021);
    const client1 = await loggedIn();
    const points = (await client1.post('/api/gold/v1/price-history', { days: 30 })).json().points;
    expect(points.length).toBeGreaterThanOrEqual(29);
    expect(new Set(points.map((p: { date: string }) => p.date)).size).toBe(points.length);
    expect((await client1.post('/api/gold/v1/price-history', { days: 7 })).statusCode).toBe(400);
  });

  it('holds a quote for 2 minutes, once: expired, used or foreign quotes book nothing', async () => {
    const c = await loggedIn();
    const res = await c.post('/api/gold/v1/quote', { side: 'buy' });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(Date.parse(q.expiresAt) - Date.parse(q.quotedAt)).toBe(QUOTE_VALID_MS);
    expect(QUOTE_VALID_MS).toBe(120_000);

    const now = new Date(Date.parse(q.quotedAt) + 1_000);
    await expect(
      db.transaction((tx) => takeGoldQuote(tx, q.quoteId, budiId, 'sell', now)),
    ).rejects.toMatchObject({
      errorCode: 'QUOTE_EXPIRED',
    });
    expect(await db.transaction((tx) => takeGoldQuote(tx, q.quoteId, budiId, 'buy', now))).toEqual(
      q.pricePerGram,
    );
    await expect(
      db.transaction((tx) => takeGoldQuote(tx, q.quoteId, budiId, 'buy', now)),
    ).rejects.toMatchObject({
      errorCode: 'QUOTE_EXPIRED',
    });
    const late = await createGoldQuote(db, budiId, 'sell', new Date());
    await expect(
      db.transaction((tx) =>
        takeGoldQuote(tx, late.quoteId, budiId, 'sell', new Date(Date.now() + QUOTE_VALID_MS + 1_000)),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      text: { messageIdn: expect.stringContaining('tidak berlaku') },
    });
  });

  it('refuses a quote to a customer without gold saving', async () => {
    const c = await loggedIn('saridewi', 'Sari@2026');
    const res = await c.post('/api/gold/v1/quote', { side: 'buy' });
    expect(res.statusCode).toBe(409);
    expect(res.json().apierror).toMatchObject({ sourceSystem: 'GOLD', errorCode: 'NOT_REGISTERED' });
    const summary = (await c.post('/api/gold/v1/summary', {})).json();
    expect(summary).toMatchObject({ registered: false, account: null, pickups: [] });
  });
});
