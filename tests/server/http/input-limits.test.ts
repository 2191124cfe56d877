import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { customerWithSession, insertAccount, testDbs, useTestApp } from '../../kit';

// Issue 17 items 7 and 8: a body nested 10,000 levels deep answered 500 (a RangeError in the input
// guard), and 60,000 unknown form keys answered 4 MB of errors. Both are refused by HTTP validation
// before any SQL runs (the session is the only read), so the engines cannot differ: one engine.
describe.each(testDbs)('input limits on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let web: Record<string, string>;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    const c = await customerWithSession(db);
    await insertAccount(db, c.customerId, { balance: 1_000_000_00 });
    web = c.headers;
  });

  it('refuses JSON nested 10,000 levels deep with 400 INVALID_REQUEST, on a public and an authenticated route', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [url, headers, payload] of [
      ['/api/v1/login/secureword', {}, `{"userId":${deep}}`],
      ['/api/transaction/v1/inquiry', web, `{"flowId":"transfer.own","form":{"a":${deep}}}`],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().apierror).toMatchObject({ errorCode: 'INVALID_REQUEST' });
      expect(JSON.stringify(res.json().apierror.fields)).toContain('nested more than 64 levels');
    }
  });

  it('answers 60,000 unknown form keys with at most 20 named fields', async () => {
    const form: Record<string, number> = {};
    for (let i = 0; i < 60_000; i++) form[`k${i}`] = 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/transaction/v1/inquiry',
      headers: web,
      payload: { flowId: 'transfer.own', form },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().apierror.errorCode).toBe('INVALID_REQUEST');
    expect(Object.keys(res.json().apierror.fields)).toHaveLength(20);
    expect(res.body.length).toBeLessThan(8_000);
    // The same at the route's own schema (unknown top-level keys).
    const top: Record<string, unknown> = { flowId: 'transfer.own', form: {} };
    for (let i = 0; i < 60_000; i++) top[`x${i}`] = 1;
    const res2 = await app.inject({
      method: 'POST',
      url: '/api/transaction/v1/inquiry',
      headers: web,
      payload: top,
    });
    expect(res2.statusCode).toBe(400);
    expect(Object.keys(res2.json().apierror.fields).length).toBeLessThanOrEqual(20);
    expect(res2.body.length).toBeLessThan(8_000);
  });
});
