import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { addDays } from '../../../src/server/schedules/recurrence';
import { wibToday } from '../../../src/server/pfm/analysis';
import { toIdr } from '../../../src/server/pfm/wealth';
import { client, testDbs, useTestApp } from '../../kit';

describe('toIdr', () => {
  it('converts exactly at the middle rate, rounding half up, for 0- and 2-digit currencies', () => {
    const mids = new Map([
      ['USD', 163_100_000n], // 16,310.0000
      ['JPY', 1_079_000n], // 107.9000
    ]);
    expect(toIdr({ amount: 100, currency: 'USD' }, mids)).toEqual({ amount: 1_631_000, currency: 'IDR' });
    expect(toIdr({ amount: 1, currency: 'JPY' }, mids)).toEqual({ amount: 10_790, currency: 'IDR' });
    expect(toIdr({ amount: -100, currency: 'USD' }, mids)).toEqual({ amount: -1_631_000, currency: 'IDR' });
    expect(toIdr({ amount: 5, currency: 'IDR' }, mids)).toEqual({ amount: 5, currency: 'IDR' });
  });
});

describe.each(testDbs)('wealth and planner on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let c: ReturnType<typeof client>;
  const t = useTestApp({ engine, seed: seedDemo });
  beforeAll(async () => {
    ({ app, db } = t);
    c = client(app);
    expect((await c.post('/api/v1/login', { userId: 'budisantoso', password: 'Budi@2026' })).statusCode).toBe(
      200,
    );
  });

  it('sums every product into a net worth in IDR: assets less card and loan debts', async () => {
    const r = (await c.post('/api/wealth/v1/summary')).json();
    const cats = new Set(r.items.map((i: { category: string }) => i.category));
    expect([...cats].sort()).toEqual([
      'bonds',
      'casa',
      'creditCards',
      'deposits',
      'gold',
      'loans',
      'mutualFunds',
    ]);
    const sum = r.items.reduce((s: number, i: { idr: { amount: number } }) => s + i.idr.amount, 0);
    expect(r.netWorth.amount).toBe(sum);
    expect(r.assets.amount - r.liabilities.amount).toBe(r.netWorth.amount);
    const usd = r.items.find((i: { reference: string }) => i.reference === '800155512384');
    expect(usd.original.currency).toBe('USD');
    expect(usd.idr.amount / usd.original.amount).toBeGreaterThan(16_000);
    expect(
      r.items.every((i: { category: string; idr: { amount: number } }) =>
        ['creditCards', 'loans'].includes(i.category) ? i.idr.amount < 0 : i.idr.amount >= 0,
      ),
    ).toBe(true);
  });

  it('gives spending by category per month without moves between own products', async () => {
    const r = (await c.post('/api/pfm/v1/spending', { months: 6 })).json();
    expect(r.months).toHaveLength(6);
    const month = r.months[4]; // a whole month
    expect(month.income).toBeGreaterThan(0);
    // The monthly transfer to Siti (Rp2,500,000 + Rp6,500 fee) counts; the Rp5,000,000 to his own savings does not.
    expect(month.spending.transfers % 250_650_000).toBe(0);
    expect(month.spending.bills).toBeGreaterThan(0);
    expect(month.total).toBe(
      Object.values(month.spending as Record<string, number>).reduce((s, v) => s + v, 0),
    );
    expect((await c.post('/api/pfm/v1/spending', { months: 13 })).statusCode).toBe(400);
  });

  it('projects 60 days: salary, bills, installments, card bill and scheduled transfers, with the balance', async () => {
    const today = wibToday(new Date());
    const { rows } = await db.query<{ id: number }>("SELECT id FROM customers WHERE user_id = 'budisantoso'");
    await db.query(
      `INSERT INTO scheduled_transfers (customer_id, flow_id, form, summary, amount, currency, kind, recurrence, start_date, max_runs, next_run_date)
       VALUES ($1, 'transfer.same-bank', '{}', '{"beneficiaryName":"RINA K"}', 100000000, 'IDR', 'recurring',
               '{"every":"day","interval":7}', $2, 4, $2)`,
      [rows[0]!.id, addDays(today, 3)],
    );
    const f = (await c.post('/api/pfm/v1/forecast')).json();
    expect(f.today).toBe(today);
    expect(f.balances).toHaveLength(61);
    const kinds = new Set(f.events.map((e: { kind: string }) => e.kind));
    for (const k of ['income', 'bill', 'loan', 'card', 'scheduled']) expect(kinds).toContain(k);
    const scheduled = f.events.filter((e: { kind: string }) => e.kind === 'scheduled');
    expect(scheduled.map((e: { date: string }) => e.date)).toEqual(
      [3, 10, 17, 24].map((d) => addDays(today, d)),
    );
    expect(scheduled[0].label).toEqual({
      eng: 'Scheduled transfer to RINA K',
      idn: 'Transfer terjadwal ke RINA K',
    });
    const salary = f.events.find(
      (e: { kind: string; label: { eng: string } }) => e.kind === 'income' && e.label.eng === 'Salary',
    );
    expect(salary.amount).toBe(2_850_000_000);
    // The projection is the start plus every event up to each day.
    const total = f.events.reduce((s: number, e: { amount: number }) => s + e.amount, 0);
    expect(f.balances.at(-1).balance).toBe(f.start + total);
    expect(f.lowest.balance).toBe(Math.min(...f.balances.map((b: { balance: number }) => b.balance)));
  });
});
