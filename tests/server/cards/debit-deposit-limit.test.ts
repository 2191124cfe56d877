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

async function journals(db: Db, customerId: number) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE customer_id = $1', [
    customerId,
  ]);
  return Number(rows[0]!.n);
}

async function debitCard(db: Db, c: Customer, linked = false) {
  const a = await insertAccount(db, c.customerId, { balance: 100_000_000 });
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO atm_cards (account_id, card_last4, pin_hash, linked_at) VALUES ($1, '4321', 'x', $2) RETURNING id`,
    [a.id, linked ? new Date().toISOString() : null],
  );
  return String(rows[0]!.id);
}

async function deposit(db: Db, c: Customer, aro: boolean, maturityInDays = 40) {
  const a = await insertAccount(db, c.customerId, { product: 'time_deposit', balance: 1_000_000_000 });
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  await db.query(
    `INSERT INTO time_deposits (account_id, principal, rate, tenor_months, placement_date, maturity_date, aro)
     VALUES ($1, 1000000000, 4.25, 3, $2, $3, $4)`,
    [a.id, day(-50), day(maturityInDays), aro],
  );
  return String(a.id);
}

describe.each(testDbs)('debit cards, ARO and limit raises as flows on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 240_000);

  it('links a debit card once, then blocks and unblocks it; a second block is refused in both languages', async () => {
    const c = await customerWithSession(db);
    const card = await debitCard(db, c);
    const link = await transact(app, db, c, 'debitcard.link', { card });
    expect(link.receipt.status).toBe(200);
    expect(link.receipt.body.details).toMatchObject({ cardNumber: '•••• 4321' });
    const relink = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'debitcard.link',
      form: { card },
    });
    expect(relink.body.apierror).toMatchObject({ errorCode: 'DEBIT_CARD_ALREADY_LINKED' });
    const block = await transact(app, db, c, 'debitcard.block', { card, reason: 'lost' });
    expect(block.receipt.body.details.newStatus).toEqual({ eng: 'Blocked', idn: 'Diblokir' });
    const before = await journals(db, c.customerId);
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'debitcard.block',
      form: { card, reason: 'lost' },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({
      errorCode: 'CARD_ALREADY_BLOCKED',
      errorTitleEng: 'Card already blocked',
      errorTitleIdn: 'Kartu sudah diblokir',
    });
    expect(await journals(db, c.customerId)).toBe(before);
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'debitcard.unblock' });
    expect(fd.body.choices.card.map((o: { value: string }) => o.value)).toEqual([card]);
    const unblock = await transact(app, db, c, 'debitcard.unblock', { card });
    expect(unblock.receipt.status).toBe(200);
    const { rows } = await db.query('SELECT status FROM atm_cards WHERE id = $1', [card]);
    expect(rows[0]).toEqual({ status: 'active' });
  });

  it("refuses another customer's debit card", async () => {
    const c = await customerWithSession(db);
    const other = await customerWithSession(db);
    const card = await debitCard(db, other, true);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'debitcard.block',
      form: { card, reason: 'lost' },
    });
    expect(res.body.apierror).toMatchObject({ errorCode: 'CARD_NOT_AVAILABLE' });
  });

  it('stops ARO; stopping again is 0100 (ARO inactive); starting near maturity says CFM0068 in progress', async () => {
    const c = await customerWithSession(db);
    const d = await deposit(db, c, true);
    const stop = await transact(app, db, c, 'deposit.stop-aro', { deposit: d });
    expect(stop.receipt.status).toBe(200);
    expect(stop.receipt.body.details).toMatchObject({ aroStatus: { eng: 'Inactive', idn: 'Tidak aktif' } });
    const before = await journals(db, c.customerId);
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'deposit.stop-aro',
      form: { deposit: d },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({ errorCode: '0100', errorTitleIdn: 'ARO tidak aktif' });
    expect(await journals(db, c.customerId)).toBe(before);
    const soon = await deposit(db, c, false, 0);
    const start = await transact(app, db, c, 'deposit.start-aro', { deposit: soon });
    expect(start.receipt.status).toBe(200);
    expect(start.receipt.body.details.processing.eng).toContain('CFM0068');
    const { rows } = await db.query('SELECT aro FROM time_deposits WHERE account_id = $1', [soon]);
    expect(rows[0]).toEqual({ aro: true });
  });

  it('verifies a limit raise: it starts its cooling-off; one not awaiting verification is refused', async () => {
    const c = await customerWithSession(db);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO limit_raise_requests (customer_id, category, channel, max_per_transaction, daily_limit, status)
       VALUES ($1, 'transfer', 'internet', 30000000000, 60000000000, 'awaiting_verification') RETURNING id`,
      [c.customerId],
    );
    const id = String(rows[0]!.id);
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'settings.limit-raise' });
    expect(fd.body.choices.request.map((o: { value: string }) => o.value)).toEqual([id]);
    const ok = await transact(app, db, c, 'settings.limit-raise', { request: id });
    expect(ok.receipt.status).toBe(200);
    expect(ok.receipt.body.details.effectiveAt).toBeTruthy();
    const { rows: after } = await db.query('SELECT status FROM limit_raise_requests WHERE id = $1', [id]);
    expect(after[0]).toEqual({ status: 'cooling_off' });
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.limit-raise',
      form: { request: id },
    });
    expect(again.body.apierror).toMatchObject({ errorCode: 'RAISE_NOT_AWAITING' });
  });
});
