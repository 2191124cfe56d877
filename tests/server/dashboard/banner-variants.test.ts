import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { openSession, testDbs, useTestApp } from '../../kit';

// The SKN/RTGS cut-off is about transfers to other banks: own-account and same-bank transfers do not show it.
describe.each(testDbs)('banners of one transaction of a page on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const keys = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/maintenance/v1/banner', payload, headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { banners: { key: string }[] }).banners.map((b) => b.key);
  };

  const t = useTestApp({
    engine,
    seed: seedDemo,
  });
  beforeAll(async () => {
    ({ app, db } = t);
    ({ headers } = await openSession(db, 'budisantoso'));
  });

  it('leaves the SKN/RTGS cut-off off own-account and same-bank transfers', async () => {
    expect(await keys({ page: 'transfer', variant: 'own-account' })).toEqual([]);
    expect(await keys({ page: 'transfer', variant: 'same-bank' })).toEqual([]);
  });

  it('shows it for SKN and RTGS transfers and on the transfer menu', async () => {
    expect(await keys({ page: 'transfer', variant: 'skn' })).toEqual(['transfer-maintenance']);
    expect(await keys({ page: 'transfer', variant: 'rtgs' })).toEqual(['transfer-maintenance']);
    expect(await keys({ page: 'transfer' })).toEqual(['transfer-maintenance']);
  });

  it('a banner for every transaction of its page shows with any variant', async () => {
    expect(await keys({ page: 'payment', variant: 'bpjs' })).toEqual(['payment-maintenance']);
  });

  it('refuses a variant that is not one (400)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/maintenance/v1/banner',
      payload: { page: 'transfer', variant: "x' OR 1=1" },
      headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
