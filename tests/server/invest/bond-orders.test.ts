import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedInvest } from '../../../src/server/invest/seed';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { accruedInterest, priceValue } from '../../../src/server/invest/bonds';
import { longDate } from '../../../src/server/invest/funds';
import { investor, movementsOf } from './investor';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  post,
  type TestDb,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (rupiah: number) => rupiah * 100;
const catalog = loadCatalog();

const faceOf = async (db: Db, customerId: number, code: string) => {
  const { rows } = await db.query<{ face_value: number | null; cost: number }>(
    'SELECT face_value, cost FROM investment_holdings WHERE customer_id = $1 AND product_code = $2',
    [customerId, code],
  );
  return rows[0] ? { face: Number(rows[0].face_value), cost: Number(rows[0].cost) } : null;
};
const hold = (db: Db, customerId: number, code: string, face: number) =>
  db.query(
    `INSERT INTO investment_holdings (customer_id, product_code, face_value, cost, investment_account_no)
     VALUES ($1, $2, $3, $3, 'IDD')`,
    [customerId, code, face],
  );

/** The app of a describe: the funds and bonds seeded, no settlement timer (the tests sweep). */
function useInvestApp(engine: TestDb) {
  const t = useTestApp({ engine, demo: false, settlementIntervalMs: 0, seed: seedInvest });
  beforeAll(() => t.app.ready());
  return t;
}

// The offering's allotment is settled by the sweep: what the engines run differently.
describe.each(bothEngines)('a primary bond offering on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useInvestApp(engine);
  beforeAll(() => {
    ({ db, app } = t);
  });

  it('takes an order in the offering period at 100%, allotted on the settlement date', async () => {
    const { c, account } = await investor(db);
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.bond-buy', {
      code: 'ORI028',
      sourceOfFund: String(account.id),
      faceValue: rp(5_000_000),
    });
    expect(inquiry.body.details).toMatchObject({
      market: 'primary',
      price: '100.00%',
      accruedInterest: { amount: 0 },
      settlementAmount: { amount: rp(5_000_000) },
    });
    const settlementDate = inquiry.body.details.settlementDate as string;
    expect(receipt.body.status).toBe('pending');
    expect(receipt.body.error.errorMessageIdn).toContain(longDate(settlementDate, 'id'));
    expect(await balanceOf(db, account.id)).toBe(rp(95_000_000));
    expect(await faceOf(db, c.customerId, 'ORI028')).toBeNull();

    await db.query(`UPDATE pending_settlements SET next_check_at = now() - interval '1 second'`);
    const before = new Date(`${settlementDate}T00:00:00+07:00`).getTime() - 60_000;
    expect(
      await settleDuePayments(db, catalog, serverRegistry(), { now: () => new Date(before) }),
    ).toMatchObject({
      pending: 1,
    });
    await db.query(`UPDATE pending_settlements SET next_check_at = now() - interval '1 second'`);
    const [a, b] = await Promise.all([
      settleDuePayments(db, catalog, serverRegistry(), {
        now: () => new Date(`${settlementDate}T09:00:00+07:00`),
      }),
      settleDuePayments(db, catalog, serverRegistry(), {
        now: () => new Date(`${settlementDate}T09:00:00+07:00`),
      }),
    ]);
    expect(a.success + b.success).toBe(1);
    expect(await faceOf(db, c.customerId, 'ORI028')).toEqual({ face: rp(5_000_000), cost: rp(5_000_000) });
    expect(await movementsOf(db, c.customerId)).toEqual([
      expect.objectContaining({ product_code: 'ORI028', kind: 'buy', status: 'success' }),
    ]);
    expect(await unbalancedJournals(db)).toBe(0);
  });
});

describe.each(testDbs)('bond orders on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useInvestApp(engine);
  beforeAll(() => {
    ({ db, app } = t);
  });

  it('buys a bond already issued at the bank’s offer with the accrued interest, held at once', async () => {
    const { c, account } = await investor(db);
    const face = rp(10_000_000);
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.bond-buy', {
      code: 'FR0100',
      sourceOfFund: String(account.id),
      faceValue: face,
    });
    const accrued = accruedInterest(
      { couponRate: '6.6250', couponMonths: 6, maturityDate: '2034-02-15' },
      face,
      new Date(),
    ).amount;
    const principal = priceValue(face, '99.5000');
    expect(principal).toBe(rp(9_950_000));
    expect(inquiry.body.details).toMatchObject({
      market: 'secondary',
      price: '99.50%',
      accruedInterest: { amount: accrued },
      settlementAmount: { amount: principal + accrued },
    });
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, account.id)).toBe(rp(100_000_000) - principal - accrued);
    expect(await faceOf(db, c.customerId, 'FR0100')).toEqual({ face, cost: principal });
  });

  it('sells to the bank at its bid: the holding goes down and the proceeds are paid in at once', async () => {
    const { c, account } = await investor(db);
    await hold(db, c.customerId, 'ORI025', rp(50_000_000));
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.bond-sell', {
      code: 'ORI025',
      faceValue: rp(20_000_000),
      destinationAccount: String(account.id),
    });
    expect(inquiry.status).toBe(200);
    const proceeds = inquiry.body.details.proceeds.amount as number;
    expect(proceeds).toBe(
      priceValue(rp(20_000_000), '100.6000') + inquiry.body.details.accruedInterest.amount,
    );
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, account.id)).toBe(rp(100_000_000) + proceeds);
    expect(await faceOf(db, c.customerId, 'ORI025')).toEqual({ face: rp(30_000_000), cost: rp(30_000_000) });
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it.each([
    ['below the minimum order', 'FR0100', rp(1_000_000), 'BOND_BELOW_MINIMUM', /Rp 5\.000\.000/],
    ['not in the order multiple', 'ORI025', rp(1_500_000), 'BOND_MULTIPLE', /kelipatan Rp 1\.000\.000/],
    ['above the maximum order', 'ORI028', rp(6_000_000_000), 'BOND_ABOVE_MAXIMUM', /Rp 5\.000\.000\.000/],
    ['an offering not open yet', 'ST015', rp(1_000_000), 'BOND_OFFER_NOT_OPEN', /dibuka pada/],
    ['an offering that has closed', 'SBR014', rp(1_000_000), 'BOND_OFFER_CLOSED', /ditutup pada/],
  ])('refuses a purchase %s, in both languages, booking nothing', async (_w, code, face, error, idn) => {
    const { c, account } = await investor(db);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.bond-buy',
      form: { code, sourceOfFund: String(account.id), faceValue: face },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe(error);
    expect(res.body.apierror.errorMessageIdn).toMatch(idn);
    expect(res.body.apierror.errorMessageEng).toBeTruthy();
    expect(await balanceOf(db, account.id)).toBe(rp(100_000_000));
    expect(await movementsOf(db, c.customerId)).toEqual([]);
  });

  it('refuses a sale of more than held, or one leaving less than the minimum', async () => {
    const { c, account } = await investor(db);
    await hold(db, c.customerId, 'FR0100', rp(10_000_000));
    for (const [face, code] of [
      [rp(15_000_000), 'BOND_ABOVE_HOLDING'],
      [rp(6_000_000), 'BOND_MULTIPLE'],
    ] as const) {
      const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'applyandinvest.bond-sell',
        form: { code: 'FR0100', faceValue: face, destinationAccount: String(account.id) },
      });
      expect(res.body.apierror.errorCode).toBe(code);
    }
    expect(await faceOf(db, c.customerId, 'FR0100')).toEqual({ face: rp(10_000_000), cost: rp(10_000_000) });
  });

  it.each([
    ['no investor id', { investorId: false }, 'applyandinvest.bond-buy', 'KSEI', '04'],
    ['no bonds to sell', {}, 'applyandinvest.bond-sell', 'CLICKS', '1513'],
    ['a risk profile below the bond', { profile: 1 }, 'applyandinvest.bond-buy', 'WMS', 'RISK_ABOVE_PROFILE'],
  ])('refuses a customer with %s (spec section 8 dialogs)', async (_w, opts, flowId, source, code) => {
    const { c } = await investor(db, opts);
    const res = await post(app, '/api/transaction/v1/eligibility', c.headers, {
      flowId,
      form: { code: 'FR0100' },
    });
    expect(res.body.apierror).toMatchObject({ sourceSystem: source, errorCode: code });
  });
});
