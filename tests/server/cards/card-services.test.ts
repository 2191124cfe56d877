import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { insertCard } from './fixtures';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

async function journals(db: Db, customerId: number) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE customer_id = $1', [
    customerId,
  ]);
  return Number(rows[0]!.n);
}

let purchaseSeq = 0;
/** A card purchase: a journal debiting the card and crediting a merchant settlement account. */
async function insertPurchase(db: Db, c: Customer, cardId: number, amount: number, daysAgo = 2) {
  purchaseSeq += 1;
  const ref = `CCP${Date.now()}${purchaseSeq}`;
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, description_eng, created_at)
     VALUES ($1, $2, 'core.card-purchase', 'success', $3, 'IDR', 'Belanja Toko Elektronik', 'Electronics shop', $4) RETURNING id`,
    [ref, c.customerId, amount, at],
  );
  const merchant = await insertAccount(db, c.customerId, { product: 'internal', balance: 0, floor: -1e15 });
  await db.query(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency, created_at) VALUES ($1, $2, $3, 'IDR', $5), ($1, $4, $6, 'IDR', $5)`,
    [rows[0]!.id, cardId, -amount, merchant.id, at, amount],
  );
  await db.query('UPDATE accounts SET balance = balance - $2 WHERE id = $1', [cardId, amount]);
  return ref;
}

describe.each(testDbs)('credit card services on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 240_000);

  it('converts a purchase to 6 instalments once: the plan on verify and receipt, no money moved', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const ref = await insertPurchase(db, c, card.id, 120_000_000);
    await insertPurchase(db, c, card.id, 10_000_000); // below Rp 500.000: not offered
    await insertPurchase(db, c, card.id, 90_000_000, 90); // too old: not offered
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, {
      flowId: 'card.convert-installment',
    });
    expect(fd.body.choices.transaction.map((o: { value: string }) => o.value)).toEqual([ref]);
    const { inquiry, receipt } = await transact(app, db, c, 'card.convert-installment', {
      transaction: ref,
      tenor: '6',
    });
    expect(inquiry.status).toBe(200);
    // Rp 1.200.000 at 0.75% a month for 6 months: Rp 54.000 interest, Rp 209.000 a month.
    expect(inquiry.body.details).toMatchObject({
      purchaseAmount: { amount: 120_000_000 },
      monthlyInstalment: { amount: 20_900_000 },
      totalInterest: { amount: 5_400_000 },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details).toMatchObject({ tenorMonths: { eng: '6 months', idn: '6 bulan' } });
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.convert-installment',
      form: { transaction: ref, tenor: '3' },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({ errorCode: 'PURCHASE_NOT_CONVERTIBLE' });
    expect(again.body.apierror.errorMessageIdn).toContain('Rp 500.000');
  });

  it("refuses another customer's purchase, nothing written", async () => {
    const c = await customerWithSession(db);
    const other = await customerWithSession(db);
    const card = await insertCard(db, other);
    const ref = await insertPurchase(db, other, card.id, 80_000_000);
    const before = await journals(db, c.customerId);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.convert-installment',
      form: { transaction: ref, tenor: '3' },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('/form/transaction');
    expect(await journals(db, c.customerId)).toBe(before);
  });

  it('raises the limit permanently up to 25% and temporarily up to 50% for 1-30 days; above: refused in both languages', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c); // limit Rp 10.000.000
    const tooHigh = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.increase-limit',
      form: { card: String(card.id), kind: 'permanent', newLimit: 1_300_000_000 },
    });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body.apierror).toMatchObject({ errorCode: 'LIMIT_ABOVE_MAXIMUM' });
    expect(tooHigh.body.apierror.errorMessageEng).toContain('25%');
    expect(tooHigh.body.apierror.errorMessageIdn).toContain('25%');
    const noDays = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.increase-limit',
      form: { card: String(card.id), kind: 'temporary', newLimit: 1_400_000_000 },
    });
    expect(noDays.status).toBe(400);
    const perm = await transact(app, db, c, 'card.increase-limit', {
      card: String(card.id),
      kind: 'permanent',
      newLimit: 1_200_000_000,
    });
    expect(perm.receipt.status).toBe(200);
    const { rows } = await db.query<{ credit_limit: string; floor: string }>(
      'SELECT c.credit_limit, a.floor FROM card_accounts c JOIN accounts a ON a.id = c.account_id WHERE a.id = $1',
      [card.id],
    );
    expect(rows.map((r) => [Number(r.credit_limit), Number(r.floor)])).toEqual([
      [1_200_000_000, -1_200_000_000],
    ]);
    const temp = await transact(app, db, c, 'card.increase-limit', {
      card: String(card.id),
      kind: 'temporary',
      newLimit: 1_800_000_000,
      days: 7,
    });
    expect(temp.receipt.status).toBe(200);
    expect(temp.receipt.body.details.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const { rows: after } = await db.query<{ credit_limit: string; floor: string }>(
      'SELECT c.credit_limit, a.floor FROM card_accounts c JOIN accounts a ON a.id = c.account_id WHERE a.id = $1',
      [card.id],
    );
    // The card's own limit stays; what may be spent is the temporary one.
    expect(after.map((r) => [Number(r.credit_limit), Number(r.floor)])).toEqual([
      [1_200_000_000, -1_800_000_000],
    ]);
  });

  it("tells a supplementary holder to visit a branch for a limit increase, the main card's limit unchanged", async () => {
    const main = await customerWithSession(db);
    const mainCard = await insertCard(db, main);
    const holder = await customerWithSession(db);
    const card = await insertCard(db, holder);
    await db.query('UPDATE card_accounts SET main_account_id = $2 WHERE account_id = $1', [
      card.id,
      mainCard.id,
    ]);
    const r = await post(app, '/api/transaction/v1/inquiry', holder.headers, {
      flowId: 'card.increase-limit',
      form: { card: String(card.id), kind: 'permanent', newLimit: 1_100_000_000 },
    });
    expect(r.status).toBe(422);
    expect(r.body.apierror).toMatchObject({
      errorCode: 'SUPPLEMENTARY_CARD',
      errorMessageEng: 'Only the main card holder can increase the limit. Please visit the nearest branch.',
      errorMessageIdn:
        'Hanya pemegang kartu utama yang dapat menaikkan limit. Silakan kunjungi cabang terdekat.',
    });
    const { rows } = await db.query<{ credit_limit: string }>(
      'SELECT credit_limit FROM card_accounts WHERE account_id = $1',
      [card.id],
    );
    expect(Number(rows[0]!.credit_limit)).toBe(1_000_000_000);
  });

  it('turns overseas use on, refuses the same setting again, and caps the daily limit at the card limit', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const on = await transact(app, db, c, 'card.manage-overseas', { card: String(card.id), setting: 'on' });
    expect(on.receipt.status).toBe(200);
    expect(on.receipt.body.details.newSetting).toEqual({ eng: 'On', idn: 'Aktif' });
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.manage-overseas',
      form: { card: String(card.id), setting: 'on' },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({
      errorCode: 'SETTING_UNCHANGED',
      errorTitleIdn: 'Tidak ada perubahan',
    });
    const over = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.manage-daily-limit',
      form: { card: String(card.id), dailyLimit: 1_000_000_001 },
    });
    expect(over.status).toBe(422);
    const ok = await transact(app, db, c, 'card.manage-daily-limit', {
      card: String(card.id),
      dailyLimit: 200_000_000,
    });
    expect(ok.receipt.status).toBe(200);
    const { rows } = await db.query(
      'SELECT online, overseas, daily_limit FROM card_controls WHERE account_id = $1',
      [card.id],
    );
    expect(rows.map((r) => [r.online, r.overseas, Number(r.daily_limit)])).toEqual([
      [true, true, 200_000_000],
    ]);
  });

  it('refuses a blocked card for every card service', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c, 'blocked');
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.manage-online',
      form: { card: String(card.id), setting: 'off' },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror).toMatchObject({ errorCode: 'CARD_NOT_AVAILABLE' });
  });
});
