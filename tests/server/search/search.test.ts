import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { client, makeCustomer, testDbs, useTestApp } from '../../kit';

describe.each(testDbs)('search box on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    const a = await makeCustomer(db, { userId: 'searchuser01', password: 'Find@2026xx' });
    const b = await makeCustomer(db, { userId: 'searchuser02', password: 'Find@2026yy' });
    const form = JSON.stringify({ sourceOfFund: '1', customerNumber: '0001234567890' });
    for (const [customer, name] of [
      [a.id, 'BPJS Ibu'],
      [a.id, 'Listrik 100%_rumah'],
      [b.id, 'BPJS Ayah'],
    ] as const)
      await db.query(
        `INSERT INTO favorites (customer_id, flow_id, name, form) VALUES ($1, 'payment.bpjs', $2, $3)`,
        [customer, name, form],
      );
  });

  const loggedIn = async () => {
    const c = client(app);
    expect(
      (await c.post('/api/v1/login', { userId: 'searchuser01', password: 'Find@2026xx' })).statusCode,
    ).toBe(200);
    return c;
  };

  it("finds billers of the flow files and the customer's own favourites, never another's", async () => {
    const c = await loggedIn();
    const r = await c.post('/api/searchbox/v1/search', { query: 'bpjs' });
    expect(r.statusCode).toBe(200);
    expect(r.json().favourites).toEqual([
      { id: expect.any(String), name: 'BPJS Ibu', flowId: 'payment.bpjs' },
    ]);
    expect(r.json().billers).toContainEqual({ name: 'BPJS Kesehatan', flowId: 'payment.bpjs' });
    const operator = (await c.post('/api/searchbox/v1/search', { query: 'TELKOMSEL' })).json();
    expect(operator.billers).toEqual([
      { name: 'Telkomsel', flowId: 'purchase.mobile' },
      { name: 'Telkomsel', flowId: 'purchase.internet', field: 'company', code: 'DATATSEL' },
      { name: 'Telkomsel Halo', flowId: 'payment.mobile', field: 'company', code: 'TSELHALO' },
    ]);
  });

  it('finds the providers a flow lets the customer pick, in either language, to open the flow with it chosen', async () => {
    const c = await loggedIn();
    // A top-up now, and the automatic top-up set up once.
    expect((await c.post('/api/searchbox/v1/search', { query: 'gopay' })).json().billers).toEqual([
      { name: 'GoPay', flowId: 'purchase.ewallet-autotopup', field: 'company', code: 'GOPAY' },
      { name: 'GoPay', flowId: 'purchase.ewallet', field: 'company', code: 'GOPAY' },
    ]);
    expect((await c.post('/api/searchbox/v1/search', { query: 'steam' })).json().billers).toEqual([
      { name: 'Steam Wallet', flowId: 'voucher.buy', field: 'brand', code: 'STEAM' },
    ]);
    expect((await c.post('/api/searchbox/v1/search', { query: 'kartu hadiah' })).json().billers).toEqual([
      {
        name: 'Tokopedia gift card',
        nameIdn: 'Kartu hadiah Tokopedia',
        flowId: 'voucher.buy',
        field: 'brand',
        code: 'TOKOPEDIA',
      },
    ]);
  });

  it('needs every word, and reads % and _ as themselves', async () => {
    const c = await loggedIn();
    expect(
      (await c.post('/api/searchbox/v1/search', { query: 'bpjs kesehatan' })).json().billers,
    ).toHaveLength(1);
    expect((await c.post('/api/searchbox/v1/search', { query: 'bpjs tagihan' })).json().billers).toHaveLength(
      0,
    );
    expect((await c.post('/api/searchbox/v1/search', { query: '100%_r' })).json().favourites).toEqual([
      expect.objectContaining({ name: 'Listrik 100%_rumah' }),
    ]);
    expect((await c.post('/api/searchbox/v1/search', { query: 'a%b' })).json()).toEqual({
      billers: [],
      favourites: [],
    });
  });

  it('starts at 3 characters', async () => {
    const c = await loggedIn();
    for (const query of ['bp', '  b  ', '']) {
      const r = await c.post('/api/searchbox/v1/search', { query });
      expect(r.statusCode).toBe(400);
      expect(r.json().apierror.errorCode).toBe('INVALID_REQUEST');
    }
    expect((await c.post('/api/searchbox/v1/search', { query: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await client(app).post('/api/searchbox/v1/search', { query: 'bpjs' })).statusCode).toBe(401);
  });
});
