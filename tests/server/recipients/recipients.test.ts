import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

describe.each(testDbs)('transfer defaults on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budi: Customer;
  let first: { id: number };
  let main: { id: number };
  let sariAccount: { id: number; accountNo: string };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    budi = await customerWithSession(db);
    first = await insertAccount(db, budi.customerId, { balance: rp(1_000_000) });
    main = await insertAccount(db, budi.customerId, { balance: rp(5_000_000), name: 'Utama' });
    await db.query('UPDATE customers SET default_source_account_id = $2 WHERE id = $1', [
      budi.customerId,
      main.id,
    ]);
    const sari = await customerWithSession(db);
    sariAccount = await insertAccount(db, sari.customerId, { balance: 0 });
  });

  it("marks the customer's main source account among the source-of-fund choices", async () => {
    const res = await post(app, '/api/transaction/v1/formdata', budi.headers, {
      flowId: 'transfer.samebank',
    });
    const options = res.body.choices.sourceOfFund as {
      value: string;
      detail: { isDefaultSource?: boolean };
    }[];
    expect(options.map((o) => o.value)).toEqual([String(first.id), String(main.id)]);
    expect(options.filter((o) => o.detail.isDefaultSource).map((o) => o.value)).toEqual([String(main.id)]);
  });

  it('offers saved recipients and the accounts last sent to', async () => {
    const empty = await post(app, '/api/transfer/v1/recipients', budi.headers, {});
    expect(empty.body).toEqual({ saved: [], recent: [] });
    const { receipt } = await transact(app, db, budi, 'transfer.samebank', {
      sourceOfFund: String(main.id),
      beneficiaryAccountNo: sariAccount.accountNo,
      purpose: 'family',
      amount: rp(10_000),
    });
    expect(receipt.status).toBe(200);
    const fav = await post(app, '/api/favorite/v1/add', budi.headers, {
      flowId: 'transfer.samebank',
      name: 'Sari kos',
      form: {
        sourceOfFund: String(main.id),
        beneficiaryAccountNo: sariAccount.accountNo,
        purpose: 'family',
        amount: rp(10_000),
      },
    });
    expect(fav.status).toBe(200);
    const res = await post(app, '/api/transfer/v1/recipients', budi.headers, {});
    expect(res.status).toBe(200);
    expect(res.body.saved).toEqual([
      { favoriteId: fav.body.id, name: 'Sari kos', accountNo: sariAccount.accountNo },
    ]);
    expect(res.body.recent).toEqual([
      { accountNo: sariAccount.accountNo, name: expect.any(String), lastAt: expect.any(String) },
    ]);
    expect((await post(app, '/api/transfer/v1/recipients', {}, {})).status).toBe(401);
  });
});
