import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { type Customer, customerWithSession, insertAccount, post, testDbs, useTestApp } from '../../kit';

describe.each(testDbs)('main accounts (settings) on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let rina: Customer;
  let savings: { id: number };
  let current: { id: number };
  let othersAccount: { id: number };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    rina = await customerWithSession(db);
    savings = await insertAccount(db, rina.customerId, { balance: 100 });
    current = await insertAccount(db, rina.customerId, { product: 'current', balance: 100 });
    const other = await customerWithSession(db);
    othersAccount = await insertAccount(db, other.customerId, { balance: 100 });
  });

  it('sets the main source and receiving accounts, after which the dashboard no longer answers 95', async () => {
    expect(
      (await post(app, '/api/dashboard/v1/defaultaccount', rina.headers, {})).body.apierror.errorCode,
    ).toBe('95');
    const list = await post(app, '/api/settings/v1/main-accounts', rina.headers, {});
    expect(list.body).toMatchObject({ sourceAccountId: null, receivingAccountId: null });
    expect(list.body.accounts.map((a: { id: number }) => a.id)).toEqual([savings.id, current.id]);
    const set = await post(app, '/api/settings/v1/main-accounts/update', rina.headers, {
      sourceAccountId: current.id,
      receivingAccountId: savings.id,
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ sourceAccountId: current.id, receivingAccountId: savings.id });
    expect((await post(app, '/api/dashboard/v1/defaultaccount', rina.headers, {})).body).toEqual({
      sourceAccountId: current.id,
      receivingAccountId: savings.id,
    });
    const same = await post(app, '/api/settings/v1/main-accounts/update', rina.headers, {
      sourceAccountId: savings.id,
      receivingAccountId: savings.id,
    });
    expect(same.status).toBe(200);
  });

  it("refuses someone else's account, changing nothing", async () => {
    const res = await post(app, '/api/settings/v1/main-accounts/update', rina.headers, {
      sourceAccountId: othersAccount.id,
      receivingAccountId: savings.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
    expect((await post(app, '/api/settings/v1/main-accounts', rina.headers, {})).body.sourceAccountId).toBe(
      savings.id,
    );
  });
});
