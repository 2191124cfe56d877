import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  type Customer,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

/** USD's special sell rate now, as /exchange-rate/ shows it. */
async function specialUsdSell(app: FastifyInstance): Promise<{ special: string; board: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/exchangerate/v1/list', payload: {} });
  const body = res.json() as { rates: { currency: string; sell: string }[]; specialRates: typeof body.rates };
  return {
    special: body.specialRates.find((r) => r.currency === 'USD')!.sell,
    board: body.rates.find((r) => r.currency === 'USD')!.sell,
  };
}

// /exchange-rate/ says the special rates apply to internet banking: a transfer books the one shown.
describe.each(testDbs)('an IDR to USD transfer books the special rate on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let idr: { id: number };
  let usd: { id: number };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    idr = await insertAccount(db, who.customerId, { balance: rp(50_000_000) });
    usd = await insertAccount(db, who.customerId, { currency: 'USD', balance: 0 });
  });

  it('quotes, books and receipts the special sell rate, not the board rate', async () => {
    const before = await specialUsdSell(app);
    const amount = rp(1_635_167);
    const { inquiry, receipt } = await transact(app, db, who, 'transfer.own', {
      sourceOfFund: String(idr.id),
      beneficiaryAccount: String(usd.id),
      amount,
    });
    const after = await specialUsdSell(app);
    expect(inquiry.status).toBe(200);
    expect(receipt.status).toBe(200);
    // The quote falls in the window of one of the two reads (10-second windows).
    expect([before.special, after.special]).toContain(inquiry.body.exchangeRate);
    expect(inquiry.body.exchangeRate).not.toBe(before.board);
    expect(receipt.body.exchangeRate).toBe(inquiry.body.exchangeRate);
    // What reaches the USD account is the amount at that rate (rounded down to the cent).
    const cents = Math.floor((amount * 100) / Math.round(Number(inquiry.body.exchangeRate) * 100));
    expect(Math.abs(receipt.body.equivalent.amount - cents)).toBeLessThanOrEqual(1);
    expect(await balanceOf(db, usd.id)).toBe(receipt.body.equivalent.amount);
  });

  it('a USD account paying IDR is converted at the special buy rate', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/exchangerate/v1/list', payload: {} });
    const board = (res.json() as { rates: { currency: string; buy: string }[] }).rates.find(
      (r) => r.currency === 'USD',
    )!.buy;
    const usdRich = await insertAccount(db, who.customerId, { currency: 'USD', balance: 100_000 });
    const inquiry = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(usdRich.id), beneficiaryAccount: String(idr.id), amount: 10_000 },
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.exchangeRate).not.toBe(board);
  });
});
