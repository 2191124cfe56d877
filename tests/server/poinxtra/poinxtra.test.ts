import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { internalAccount } from '../../../src/server/transactions/ledger';
import { awardCardPoints } from '../../../src/server/poinxtra/earning';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const pointsOf = async (db: Db, customerId: number) =>
  Number(
    (await db.query<{ points: string }>('SELECT points FROM poin_xtra WHERE customer_id = $1', [customerId]))
      .rows[0]?.points ?? 0,
  );
const journals = async (db: Db) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM journal')).rows[0]!.n);

async function withPoints(db: Db, points: number): Promise<Customer> {
  const c = await customerWithSession(db);
  await db.query('INSERT INTO poin_xtra (customer_id, points) VALUES ($1, $2)', [c.customerId, points]);
  return c;
}

/** A card purchase of `amount` (IDR minor units) on a new card of the customer: the card's ledger entry id. */
async function cardPurchase(db: Db, c: Customer, amount: number) {
  const card = await insertAccount(db, c.customerId, {
    product: 'credit_card',
    balance: -amount,
    floor: -1e12,
  });
  const shop = await internalAccount(db, 'TEST-MERCHANTS', 'IDR');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description)
     VALUES ($1, $2, 'card.purchase', 'success', $3, 'IDR', 'Toko Buku / Book shop') RETURNING id`,
    [`T${Date.now()}${Math.floor(Math.random() * 1e6)}`, c.customerId, amount],
  );
  const j = rows[0]!.id;
  const e = await db.query<{ id: number }>(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency) VALUES ($1, $2, $3, 'IDR'), ($1, $4, $5, 'IDR') RETURNING id`,
    [j, card.id, -amount, shop, amount],
  );
  return { card, entryId: String(e.rows[0]!.id) };
}

describe.each(testDbs)('Poin Xtra on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  it('redeems points as cashback on a card transaction: the card is paid back, points and history move, verified by OTP', async () => {
    const c = await withPoints(db, 20_000);
    const { card, entryId } = await cardPurchase(db, c, 15_000_00);
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'poinxtra.redeem' });
    expect(fd.body.choices.transaction.map((o: { value: string }) => o.value)).toContain(entryId);
    const { inquiry, receipt } = await transact(app, db, c, 'poinxtra.redeem', {
      kind: 'cashback',
      transaction: entryId,
      points: 10_000,
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details.cashback).toEqual({ amount: 10_000_00, currency: 'IDR' });
    expect(inquiry.body.details.pointsLeft).toEqual({ amount: 10_000, currency: 'PTS' });
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
    expect(await pointsOf(db, c.customerId)).toBe(10_000);
    expect(await balanceOf(db, card.id)).toBe(-5_000_00);
    expect(await unbalancedJournals(db)).toBe(0);
    const history = await post(app, '/api/poinxtra/v1/history', c.headers, {});
    expect(history.body.items[0]).toMatchObject({ kind: 'cashback', points: -10_000 });
    expect(history.body.items[0].referenceNo).toBe(receipt.body.referenceNo);

    // What is left of the transaction is Rp5,000: 6,000 points exceed it, in both languages, nothing booked.
    const before = await journals(db);
    const over = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'poinxtra.redeem',
      form: { kind: 'cashback', transaction: entryId, points: 6_000 },
    });
    expect(over.status).toBe(422);
    expect(over.body.apierror).toMatchObject({
      errorCode: 'POINTS_EXCEED_TRANSACTION',
      errorTitleEng: 'Amount exceeds the transaction',
      errorTitleIdn: 'Jumlah melebihi transaksi',
    });
    expect(over.body.apierror.fields['/form/points']).toBeDefined();
    expect(await journals(db)).toBe(before);
  });

  it('refuses more points than the customer has, and an empty amount, in both languages', async () => {
    const c = await withPoints(db, 500);
    const { entryId } = await cardPurchase(db, c, 100_000_00);
    const before = await journals(db);
    const poor = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'poinxtra.redeem',
      form: { kind: 'cashback', transaction: entryId, points: 501 },
    });
    expect(poor.status).toBe(422);
    expect(poor.body.apierror).toMatchObject({
      errorCode: 'POINTS_INSUFFICIENT',
      errorTitleEng: 'Insufficient points',
      errorTitleIdn: 'Poin tidak mencukupi',
    });
    const empty = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'poinxtra.transfer',
      form: { recipientAccount: '1234567' },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.apierror.fields)).toMatch(/Please enter the points/);
    expect(JSON.stringify(empty.body.apierror.fields)).toMatch(/Silakan isi jumlah poin/);
    expect(await journals(db)).toBe(before);
    expect(await pointsOf(db, c.customerId)).toBe(500);
  });

  it('redeems a voucher at its price from the list, with a voucher code on the receipt', async () => {
    const c = await withPoints(db, 30_000);
    const { inquiry, receipt } = await transact(app, db, c, 'poinxtra.redeem', {
      kind: 'voucher',
      voucher: 'PX-GRAB-25',
    });
    expect(inquiry.body.details.pointsUsed).toEqual({ amount: 25_000, currency: 'PTS' });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.voucherCode).toMatch(/^\d{16}$/);
    expect(await pointsOf(db, c.customerId)).toBe(5_000);
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'poinxtra.redeem',
      form: { kind: 'voucher', voucher: 'PX-GRAB-25' },
    });
    expect(again.body.apierror.errorCode).toBe('POINTS_INSUFFICIENT');
  });

  it("transfers points to another customer named by an account number; not to one's own", async () => {
    const from = await withPoints(db, 8_000);
    const to = await customerWithSession(db);
    const toAccount = await insertAccount(db, to.customerId, { balance: 0 });
    const { inquiry, receipt } = await transact(app, db, from, 'poinxtra.transfer', {
      recipientAccount: toAccount.accountNo,
      points: 3_000,
    });
    expect(inquiry.body.details.recipientName).toBeTruthy();
    expect(receipt.status).toBe(200);
    expect(await pointsOf(db, from.customerId)).toBe(5_000);
    expect(await pointsOf(db, to.customerId)).toBe(3_000);
    const own = await insertAccount(db, from.customerId, { balance: 0 });
    const self = await post(app, '/api/transaction/v1/inquiry', from.headers, {
      flowId: 'poinxtra.transfer',
      form: { recipientAccount: own.accountNo, points: 1 },
    });
    expect(self.body.apierror).toMatchObject({
      errorCode: 'POINTS_SAME_CUSTOMER',
      errorTitleIdn: 'Pilih nasabah lain',
    });
    const nobody = await post(app, '/api/transaction/v1/inquiry', from.headers, {
      flowId: 'poinxtra.transfer',
      form: { recipientAccount: '99999999999', points: 1 },
    });
    expect(nobody.body.apierror.errorCode).toBe('POINTS_RECIPIENT_NOT_FOUND');
  });

  it('converts points to miles at the programme rate, above its minimum', async () => {
    const c = await withPoints(db, 5_000);
    const low = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'poinxtra.mileage',
      form: { programme: 'GA', memberNumber: 'GA123456', miles: 100 },
    });
    expect(low.body.apierror).toMatchObject({ errorCode: 'MILES_BELOW_MINIMUM' });
    expect(low.body.apierror.errorMessageIdn).toMatch(/minimal 500 mil/);
    const { inquiry, receipt } = await transact(app, db, c, 'poinxtra.mileage', {
      programme: 'GA',
      memberNumber: 'GA123456',
      miles: 1_000,
    });
    expect(inquiry.body.details.pointsUsed).toEqual({ amount: 4_000, currency: 'PTS' });
    expect(receipt.body.details.conversionReference).toMatch(/^GA\d{10}$/);
    expect(await pointsOf(db, c.customerId)).toBe(1_000);
  });

  it('answers the summary and keeps the bonus-points choice', async () => {
    const c = await withPoints(db, 1_234);
    const s = await post(app, '/api/poinxtra/v1/summary', c.headers, {});
    expect(s.body).toMatchObject({ points: 1_234, bonusEnabled: false, cashbackValue: { amount: 1_234_00 } });
    const on = await post(app, '/api/poinxtra/v1/bonus', c.headers, { enabled: true });
    expect(on.body.bonusEnabled).toBe(true);
    expect((await post(app, '/api/poinxtra/v1/summary', c.headers, {})).body.bonusEnabled).toBe(true);
    const anon = await app.inject({ method: 'POST', url: '/api/poinxtra/v1/summary', payload: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('earns points on card spending once, doubled in a bonus period only when bonus points are on', async () => {
    const c = await withPoints(db, 0);
    const card = await insertAccount(db, c.customerId, { product: 'credit_card', balance: 0, floor: -1e12 });
    /** A Rp 51.500 voucher paid by the card through the engine, booked on `day` (Jakarta noon). */
    const spend = async (day: string) => {
      const { receipt } = await transact(app, db, c, 'voucher.buy', {
        sourceOfFund: String(card.id),
        brand: 'GPLAY',
        denomination: 'GPLAY-50K',
        phoneNumber: '081234567890',
      });
      expect(receipt.body.status).toBe('success');
      await db.query(`UPDATE journal SET created_at = $2 WHERE reference_no = $1`, [
        receipt.body.referenceNo,
        `${day}T05:00:00Z`,
      ]);
    };
    // Outside a bonus period, bonus on: 1 point per Rp 2.500 (20 points); again: nothing more.
    await post(app, '/api/poinxtra/v1/bonus', c.headers, { enabled: true });
    await spend('2026-10-15');
    await awardCardPoints(db);
    expect(await pointsOf(db, c.customerId)).toBe(20);
    await awardCardPoints(db);
    expect(await pointsOf(db, c.customerId)).toBe(20);
    // In the year-end period (rules/poinxtra-earning.json): doubled, the bonus on its own line.
    await spend('2026-12-15');
    await awardCardPoints(db);
    expect(await pointsOf(db, c.customerId)).toBe(60);
    const history = await post(app, '/api/poinxtra/v1/history', c.headers, {});
    expect(
      history.body.items.slice(0, 2).map((i: { kind: string; points: number }) => [i.kind, i.points]),
    ).toEqual([
      ['bonus', 20],
      ['earn', 20],
    ]);
    expect(history.body.items[0].description.eng).toBe(
      'Year-end double points: Buy a voucher 0812-3456-7890',
    );
    // Bonus off: the base points only, even in the period.
    await post(app, '/api/poinxtra/v1/bonus', c.headers, { enabled: false });
    await spend('2026-12-20');
    await awardCardPoints(db);
    expect(await pointsOf(db, c.customerId)).toBe(80);
  });
});
