import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedMerchants } from '../../../src/server/mybusiness/seed';
import { wibDay } from '../../../src/server/mybusiness/reports';
import { client, type Client, makeCustomer, testDbs, useTestApp } from '../../kit';

const DAY = 86_400_000;
const daysAgo = (n: number) => wibDay(new Date(Date.now() - n * DAY));
const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

describe.each(testDbs)('my business on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let seeded: number;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    await makeCustomer(db, {
      userId: 'budisantoso',
      password: 'Budi@2026xx',
      casa: [{ accountNo: '800987654306', product: 'current' }],
    });
    await makeCustomer(db, { userId: 'nobusiness1', password: 'Nobiz@2026x' });
    seeded = await seedMerchants(db);
  });

  const loggedIn = async (userId = 'budisantoso', password = 'Budi@2026xx') => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId, password })).statusCode).toBe(200);
    return c;
  };
  const ready = async (c: Client, id: string) => {
    await expect
      .poll(async () => (await c.post('/api/merchant/v1/report/status', { id })).json().status, {
        timeout: 10_000,
      })
      .toBe('ready');
    return (await c.post('/api/merchant/v1/report/status', { id })).json();
  };

  it('seeds the coffee stall once and sums its last 30 days', async () => {
    expect(seeded).toBeGreaterThan(400);
    expect(await seedMerchants(db)).toBe(0);
    const c = await loggedIn();
    const r = await c.post('/api/merchant/v1/summary');
    expect(r.statusCode).toBe(200);
    const [m] = r.json().merchants;
    expect(m).toMatchObject({
      mid: 'OCTO0082731',
      name: 'Kopi Santoso',
      settlementAccountNo: '800987654306',
    });
    const { rows } = await db.query<{ n: number; gross: number }>(
      `SELECT count(*)::int AS n, sum(amount)::bigint AS gross FROM merchant_transactions
        WHERE status = 'settled' AND created_at >= $1`,
      [new Date(Date.parse(`${daysAgo(29)}T00:00:00Z`) - 7 * 3_600_000).toISOString()],
    );
    expect(m.last30Days.count).toBe(rows[0]!.n);
    expect(m.last30Days.gross.amount).toBe(Number(rows[0]!.gross));
    expect(m.last30Days.net.amount).toBe(m.last30Days.gross.amount - m.last30Days.fees.amount);
    expect(m.recent).toHaveLength(8);
  });

  it('generates a CSV report in the background, reports its status, and downloads it', async () => {
    const c = await loggedIn();
    const merchantId = (await c.post('/api/merchant/v1/summary')).json().merchants[0].id;
    const body = {
      merchantId,
      from: daysAgo(6),
      to: daysAgo(0),
      format: 'csv',
      lang: 'en',
      idempotencyKey: key(),
    };
    const gen = await c.post('/api/merchant/v1/report/generate', body);
    expect(gen.statusCode).toBe(200);
    expect(['queued', 'processing', 'ready']).toContain(gen.json().status);
    // The same key asks once.
    expect((await c.post('/api/merchant/v1/report/generate', body)).json().id).toBe(gen.json().id);
    const done = await ready(c, gen.json().id);
    expect(done.fileName).toBe(`merchant-report-OCTO0082731-${body.from}-${body.to}.csv`);
    const file = await c.post('/api/merchant/v1/report/download', { id: done.id });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date (WIB),Reference,Channel,Payer,Status,Amount,Fee (MDR),Net');
    expect(lines).toHaveLength(done.rowCount + 1);
    expect(lines[1]).toMatch(new RegExp(`^${body.from} \\d\\d:\\d\\d,QR\\d+,(QRIS|EDC),`));
  });

  it('writes a PDF in Indonesian', async () => {
    const c = await loggedIn();
    const merchantId = (await c.post('/api/merchant/v1/summary')).json().merchants[0].id;
    const gen = await c.post('/api/merchant/v1/report/generate', {
      merchantId,
      from: daysAgo(40),
      to: daysAgo(10),
      format: 'pdf',
      lang: 'id',
      idempotencyKey: key(),
    });
    const done = await ready(c, gen.json().id);
    const file = await c.post('/api/merchant/v1/report/download', { id: done.id });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('builds a report that waited too long when its status is asked (a server stopped)', async () => {
    const c = await loggedIn();
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO merchant_reports (customer_id, merchant_id, period_from, period_to, format, lang, idempotency_key, requested_at)
       SELECT customer_id, id, $1, $2, 'csv', 'id', $3, now() - interval '1 minute' FROM merchants LIMIT 1 RETURNING id`,
      [daysAgo(3), daysAgo(1), key()],
    );
    const id = String(rows[0]!.id);
    expect((await c.post('/api/merchant/v1/report/download', { id })).json().apierror.errorCode).toBe(
      'REPORT_NOT_READY',
    );
    expect((await c.post('/api/merchant/v1/report/status', { id })).json().status).toBe('ready');
    expect((await c.post('/api/merchant/v1/report/download', { id })).statusCode).toBe(200);
  });

  it('refuses bad periods with the field in error, and writes nothing', async () => {
    const c = await loggedIn();
    const merchantId = (await c.post('/api/merchant/v1/summary')).json().merchants[0].id;
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM merchant_reports')).rows[0]!.n;
    const before = await count();
    const base = { merchantId, format: 'csv', lang: 'en' };
    for (const [from, to, field] of [
      [daysAgo(1), daysAgo(5), '/from'],
      [daysAgo(0), daysAgo(-1), '/to'],
      [daysAgo(120), daysAgo(0), '/to'],
      ['2026-02-30', daysAgo(0), '/from'],
    ] as const) {
      const r = await c.post('/api/merchant/v1/report/generate', {
        ...base,
        from,
        to,
        idempotencyKey: key(),
      });
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json().apierror.fields)).toEqual([field]);
    }
    expect(
      (
        await c.post('/api/merchant/v1/report/generate', {
          ...base,
          from: 'x',
          to: 'y',
          idempotencyKey: key(),
        })
      ).statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
  });

  it("keeps a business's reports to its owner; a customer without one is told so", async () => {
    const owner = await loggedIn();
    const id = (await owner.post('/api/merchant/v1/report/list')).json().reports[0].id;
    const other = await loggedIn('nobusiness1', 'Nobiz@2026x');
    const none = await other.post('/api/merchant/v1/summary');
    expect(none.statusCode).toBe(404);
    expect(none.json().apierror.errorCode).toBe('MERCHANT_NONE');
    expect((await other.post('/api/merchant/v1/report/status', { id })).statusCode).toBe(404);
    expect((await other.post('/api/merchant/v1/report/download', { id })).statusCode).toBe(404);
    expect((await other.post('/api/merchant/v1/report/list')).json().reports).toEqual([]);
    const merchantId = (await owner.post('/api/merchant/v1/summary')).json().merchants[0].id;
    const steal = await other.post('/api/merchant/v1/report/generate', {
      merchantId,
      from: daysAgo(2),
      to: daysAgo(1),
      format: 'csv',
      lang: 'en',
      idempotencyKey: key(),
    });
    expect(steal.statusCode).toBe(404);
  });
});
