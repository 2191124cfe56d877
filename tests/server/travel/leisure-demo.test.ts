import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemoData } from '../../../src/server/demo-seed';
import { bothEngines, post, sessionHeaders, unbalancedJournals, useTestApp } from '../../kit';

const count = async (db: Db, sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);

/** budisantoso's promo codes, flights and vouchers: every page of issue 23 has content for him. */
describe.each(bothEngines)('the demo data of promo, travel and vouchers on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const t = useTestApp({ engine, demo: true, seed: seedDemoData });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM customers WHERE user_id = 'budisantoso'`);
    headers = await sessionHeaders(db, Number(rows[0]!.id));
  }, 120_000);

  it('gives him promos to use, one exhausted, and applied ones with their transactions', async () => {
    const available = await post(app, '/api/mailbox/v1/promocode/list', headers, {});
    const codes = available.body.promos.map((p: { code: string }) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining(['VOUCHER10', 'TOPUPGRATIS', 'TERBANG', 'POINVOUCHER', 'FLASHSALE']),
    );
    expect(available.body.promos.find((p: { code: string }) => p.code === 'FLASHSALE').quotaExhausted).toBe(
      true,
    );
    const applied = await post(app, '/api/mailbox/v1/promocode/history', headers, {});
    expect(applied.body.promos.map((p: { code: string }) => p.code)).toEqual(['VOUCHER10', 'MERDEKA17']);
    expect(applied.body.promos[1]).toMatchObject({ ended: true, pendingTasks: 0 });
    const detail = await post(app, '/api/mailbox/v1/promocode/detail', headers, { code: 'VOUCHER10' });
    expect(detail.body).toMatchObject({ pendingTasks: 2, applied: true });
    expect(detail.body.history).toEqual([
      expect.objectContaining({
        destination: { en: 'Google Play', id: 'Google Play' },
        rewardValue: { amount: 10_250_00, currency: 'IDR' },
      }),
    ]);
  });

  it('gives him bookings flown, coming and failed, and vouchers with their codes; the ledger balances', async () => {
    const bookings = (await post(app, '/api/travel/v1/bookings', headers, {})).body.bookings as {
      status: string;
      bookingCode: string | null;
    }[];
    expect(bookings.map((b) => b.status).sort()).toEqual(['completed', 'completed', 'failed', 'issued']);
    expect(
      bookings.filter((b) => b.status !== 'failed').every((b) => /^[A-Z2-9]{6}$/.test(b.bookingCode ?? '')),
    ).toBe(true);
    const vouchers = (await post(app, '/api/voucher/v1/purchases', headers, {})).body.purchases as {
      voucherCode: string;
    }[];
    expect(vouchers).toHaveLength(3);
    expect(vouchers.every((v) => /^\d{16}$/.test(v.voucherCode))).toBe(true);
    expect(await unbalancedJournals(db)).toBe(0);
    const before = await count(db, 'SELECT count(*) AS n FROM journal');
    await seedDemoData(db);
    expect(await count(db, 'SELECT count(*) AS n FROM journal')).toBe(before);
  });
});
