import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { customerWithSession, insertAccount, post, testDbs, upload, useTestApp } from '../../kit';

const rp = (n: number) => n * 100;
const HEADER = 'account_no,bank_code,method,beneficiary_name,amount,purpose,message';

describe.each(testDbs)("a batch's stored quotes are read once a request on $name", (engine) => {
  let db: Db;
  let app: FastifyInstance;
  /** Stored quotes the database handed back (each one JSON the driver parsed), while counting. */
  let quotesRead = 0;
  let counting = false;

  const t = useTestApp({
    engine,
    settlementIntervalMs: 0,
    schedulerIntervalMs: 0,
    appDb: (db) =>
      new Proxy(db, {
        get(target, key, receiver) {
          if (key !== 'query') return Reflect.get(target, key, receiver);
          return async (sql: string, params?: unknown[]) => {
            const result = await target.query(sql, params);
            if (counting)
              quotesRead += result.rows.filter(
                (r) => !!r && typeof r === 'object' && !!(r as { quote?: unknown }).quote,
              ).length;
            return result;
          };
        },
      }),
  });
  beforeAll(() => {
    ({ app, db } = t);
  });

  it('a row changed, the view answered: each row quote once', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(10_000_000) });
    const other = await customerWithSession(db);
    const payees = [];
    for (let i = 0; i < 4; i++) payees.push(await insertAccount(db, other.customerId, { balance: 0 }));
    const up = await upload(
      app,
      '/api/masstransfer/v1/upload',
      c.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'batch.csv',
        type: 'text/csv',
        bytes: Buffer.from([HEADER, ...payees.map((p) => `${p.accountNo},,,,150000,family,`)].join('\n')),
      },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const batchId = up.body.batchId as string;

    counting = true;
    quotesRead = 0;
    const fixed = await post(app, '/api/batch/v1/row/update', c.headers, {
      batchId,
      line: 3,
      cells: { amount: '75000' },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(quotesRead).toBe(4);

    quotesRead = 0;
    const view = await post(app, '/api/batch/v1/get', c.headers, { batchId });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(quotesRead).toBe(4);
    counting = false;
  });
});
