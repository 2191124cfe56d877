import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../../src/server/db/db';
import { luhnValid, newCardNumber } from '../../../src/server/vcn/keys';
import { monthsOn } from '../../../src/server/vcn/service-executors';
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

const FLOW = 'virtualcardnumber.issue';

describe('card numbers and dates', () => {
  it('draws Luhn-valid 16-digit numbers under the bank BIN and 3-digit CVVs', () => {
    for (let i = 0; i < 50; i++) {
      const { number, cvv } = newCardNumber();
      expect(number).toMatch(/^522184\d{10}$/);
      expect(luhnValid(number)).toBe(true);
      expect(cvv).toMatch(/^\d{3}$/);
    }
    const { number } = newCardNumber();
    expect(luhnValid(number.slice(0, -1) + String((Number(number.slice(-1)) + 1) % 10))).toBe(false);
  });
  it('counts validity in months, kept within the month', () => {
    expect(monthsOn('2026-11-25', 3)).toBe('2027-02-25');
    expect(monthsOn('2027-01-31', 1)).toBe('2027-02-28');
    expect(monthsOn('2026-12-31', 12)).toBe('2027-12-31');
  });
});

/** A credit card of the customer: outstanding Rp 500.000, limit Rp 20.000.000. */
async function creditCard(db: Queryable, customerId: number) {
  const card = await insertAccount(db, customerId, {
    product: 'credit_card',
    balance: -50_000_000,
    floor: -2_000_000_000,
    name: 'Kartu kredit',
  });
  await db.query(
    `INSERT INTO card_accounts (account_id, card_no, masked_number, card_name, embossed_name, credit_limit,
            expiry_month, statement_day)
     VALUES ($1, $2, $3, 'Octo Card World', 'TEST', 2000000000, '12/29', 15)`,
    [
      card.id,
      `54811700${String(card.id).padStart(8, '0')}`,
      `5481 17** **** ${String(card.id).padStart(4, '0').slice(-4)}`,
    ],
  );
  return card;
}

describe.each(testDbs)('virtual card numbers on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let c: Customer;
  let card: { id: number };
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
    c = await customerWithSession(db);
    card = await creditCard(db, c.customerId);
  }, 120_000);

  const charge = (body: Record<string, unknown>) => post(app, '/api/dev/v1/vcn/charge', {}, body);
  const issue = async (form: Record<string, unknown> = {}) => {
    const r = await transact(app, db, c, FLOW, {
      card: String(card.id),
      limit: 100_000_000,
      validity: 3,
      nickname: 'Tokopedia',
      ...form,
    });
    expect(r.receipt.status, JSON.stringify(r.receipt.body)).toBe(200);
    const secret = r.receipt.body.secret as { cardNumber: string; cvv: string };
    return { ...r, secret, expiry: r.receipt.body.details.vcnExpiry as string };
  };

  let first: Awaited<ReturnType<typeof issue>>;

  it('issues a number after verification, shows it and its CVV once, and keeps neither', async () => {
    first = await issue();
    const { inquiry, receipt, secret } = first;
    expect(inquiry.body.details).toMatchObject({
      vcnLimit: { amount: 100_000_000, currency: 'IDR' },
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      nickname: 'Tokopedia',
    });
    expect(receipt.body.status).toBe('success');
    expect(secret.cardNumber).toMatch(/^522184\d{10}$/);
    expect(luhnValid(secret.cardNumber)).toBe(true);
    expect(secret.cvv).toMatch(/^\d{3}$/);
    expect(receipt.body.details.vcnNumber).toBe(`•••• •••• •••• ${secret.cardNumber.slice(-4)}`);
    expect(receipt.body.details.vcnExpiry).toMatch(/^(0[1-9]|1[0-2])\/\d{2}$/);
    expect(receipt.body.details.secret).toBeUndefined();
    // Nowhere in the database: every row of every table, as text.
    const { rows: tables } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table_name}" t WHERE row_to_json(t)::text LIKE $1`,
        [`%${secret.cardNumber}%`],
      );
      expect(rows[0]!.n, table_name).toBe(0);
    }
    // The receipt asked again (the same key: a retry after a lost answer) has no secret.
    const again = await post(app, '/api/transaction/v1/confirm', c.headers, {
      inquiryId: inquiry.body.inquiryId,
      idempotencyKey: first.idempotencyKey,
    });
    expect(again.status).toBe(200);
    expect(again.body.referenceNo).toBe(receipt.body.referenceNo);
    expect(again.body.secret).toBeUndefined();
    expect(again.body.details.vcnNumber).toBe(receipt.body.details.vcnNumber);
  });

  it('lets a merchant charge it within its limit, on the card, once per order', async () => {
    const { secret, expiry } = first;
    const before = await balanceOf(db, card.id);
    const ok = await charge({
      ...secret,
      expiry,
      amount: 30_000_000,
      merchant: 'Tokopedia',
      merchantReference: 'ORD-1',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ approved: true, remaining: 70_000_000 });
    expect(await balanceOf(db, card.id)).toBe(before - 30_000_000);
    const retry = await charge({
      ...secret,
      expiry,
      amount: 30_000_000,
      merchant: 'Tokopedia',
      merchantReference: 'ORD-1',
    });
    expect(retry.body.referenceNo).toBe(ok.body.referenceNo);
    expect(await balanceOf(db, card.id)).toBe(before - 30_000_000);
    // Above what it may still spend: declined, nothing booked.
    const over = await charge({
      ...secret,
      expiry,
      amount: 70_000_100,
      merchant: 'Tokopedia',
      merchantReference: 'ORD-2',
    });
    expect(over.status).toBe(422);
    expect(over.body.apierror).toMatchObject({ sourceSystem: 'CARDSWITCH', errorCode: 'VCN_LIMIT_EXCEEDED' });
    expect(over.body.apierror.errorMessageIdn).toBeTruthy();
    expect(await balanceOf(db, card.id)).toBe(before - 30_000_000);
    const rest = await charge({
      ...secret,
      expiry,
      amount: 70_000_000,
      merchant: 'Tokopedia',
      merchantReference: 'ORD-3',
    });
    expect(rest.body.remaining).toBe(0);
    const { rows } = await db.query<{ description_eng: string; amount: number }>(
      `SELECT j.description_eng, j.amount FROM ledger_entries le JOIN journal j ON j.id = le.journal_id
        WHERE le.account_id = $1 AND j.flow_id = 'vcn.charge' ORDER BY j.id`,
      [card.id],
    );
    expect(rows.map((r) => Number(r.amount))).toEqual([30_000_000, 70_000_000]);
    expect(rows[0]!.description_eng).toBe(`Online purchase Tokopedia (VCN ${secret.cardNumber.slice(-4)})`);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('declines a wrong CVV or expiry like an unknown number, and blocks it at the third wrong CVV', async () => {
    const { secret, expiry } = await issue({ nickname: 'Shopee' });
    const base = { ...secret, expiry, amount: 1_000_000, merchant: 'Shopee' };
    const wrongCvv = String((Number(secret.cvv) + 1) % 1000).padStart(3, '0');
    const unknown = await charge({ ...base, cardNumber: '5221840000000000', merchantReference: 'X0' });
    expect(unknown.body.apierror.errorCode, JSON.stringify(unknown.body)).toBe('INVALID_CARD');
    const wrongExpiry = await charge({ ...base, expiry: '01/20', merchantReference: 'X1' });
    expect(wrongExpiry.body.apierror.errorCode).toBe('INVALID_CARD');
    for (const ref of ['X2', 'X3']) {
      const r = await charge({ ...base, cvv: wrongCvv, merchantReference: ref });
      expect(r.body.apierror.errorCode).toBe('INVALID_CARD');
    }
    const blocked = await charge({ ...base, merchantReference: 'X4' });
    expect(blocked.body.apierror.errorCode).toBe('CARD_BLOCKED');
  });

  it('declines an expired number, a card with online use off, and a card without credit left', async () => {
    const expired = await issue({ nickname: 'Old' });
    await db.query(
      `UPDATE virtual_card_numbers SET valid_until = current_date - 2 WHERE number_hash IS NOT NULL AND nickname = 'Old'`,
    );
    const e = await charge({
      ...expired.secret,
      expiry: expired.expiry,
      amount: 100,
      merchant: 'M',
      merchantReference: 'E1',
    });
    expect(e.body.apierror.errorCode).toBe('CARD_EXPIRED');

    const live = await issue({ nickname: 'Live', limit: 1_900_000_000 });
    const body = { ...live.secret, expiry: live.expiry, merchant: 'M' };
    await db.query(`INSERT INTO card_controls (account_id, online) VALUES ($1, false)`, [card.id]);
    const off = await charge({ ...body, amount: 100, merchantReference: 'O1' });
    expect(off.body.apierror.errorCode).toBe('ONLINE_DISABLED');
    await db.query(`UPDATE card_controls SET online = true WHERE account_id = $1`, [card.id]);
    const before = await balanceOf(db, card.id);
    const available = before - -2_000_000_000;
    const tooMuch = await charge({ ...body, amount: available + 100, merchantReference: 'C1' });
    expect(tooMuch.body.apierror.errorCode).toBe('INSUFFICIENT_CREDIT');
    expect(await balanceOf(db, card.id)).toBe(before);
  });

  it("refuses a limit above the card, a sixth active number, another customer's card, and the cart", async () => {
    const above = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: FLOW,
      form: { card: String(card.id), limit: 2_000_000_100, validity: 1 },
    });
    expect(above.status).toBe(422);
    expect(above.body.apierror.errorCode).toBe('VCN_LIMIT_ABOVE_CARD');
    expect(Object.keys(above.body.apierror.fields)).toEqual(['/form/limit']);
    // Active so far: the first (spent), Live; Shopee is blocked, Old expired. Three more fill the card.
    for (const n of ['A', 'B', 'C']) await issue({ nickname: n });
    const sixth = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: FLOW,
      form: { card: String(card.id), limit: 1_000_000, validity: 1 },
    });
    expect(sixth.body.apierror?.errorCode).toBe('VCN_TOO_MANY');
    const other = await customerWithSession(db);
    const theirs = await post(app, '/api/transaction/v1/inquiry', other.headers, {
      flowId: FLOW,
      form: { card: String(card.id), limit: 1_000_000, validity: 1 },
    });
    expect(theirs.body.apierror.errorCode).toBe('CARD_NOT_AVAILABLE');
    const cart = await post(app, '/api/cart/v1/add', c.headers, {
      flowId: FLOW,
      form: { card: String(card.id), limit: 1_000_000, validity: 1 },
    });
    expect(cart.status).toBe(422);
    expect(cart.body.apierror.errorCode).toBe('CART_NOT_ALLOWED');
  });

  it("lists the customer's numbers by their last four digits, and blocks one", async () => {
    const list = await post(app, '/api/vcn/v1/list', c.headers, {});
    expect(list.status).toBe(200);
    const vcns = list.body.vcns as {
      id: string;
      number: string;
      status: string;
      remaining: { amount: number };
      nickname?: string;
    }[];
    expect(vcns).toHaveLength(7);
    const tokopedia = vcns.find((v) => v.nickname === 'Tokopedia')!;
    expect(tokopedia.number).toBe(`•••• •••• •••• ${first.secret.cardNumber.slice(-4)}`);
    expect(tokopedia.remaining.amount).toBe(0);
    expect(vcns.find((v) => v.nickname === 'Old')!.status).toBe('expired');
    expect(vcns.find((v) => v.nickname === 'Shopee')!.status).toBe('blocked');
    expect(JSON.stringify(list.body)).not.toContain(first.secret.cardNumber);
    const live = vcns.find((v) => v.nickname === 'A')!;
    const other = await customerWithSession(db);
    expect((await post(app, '/api/vcn/v1/block', other.headers, { id: Number(live.id) })).status).toBe(404);
    expect((await post(app, '/api/vcn/v1/block', c.headers, { id: Number(live.id) })).body).toEqual({
      blocked: true,
    });
    const after = await post(app, '/api/vcn/v1/list', c.headers, {});
    expect((after.body.vcns as { id: string; status: string }[]).find((v) => v.id === live.id)!.status).toBe(
      'blocked',
    );
  });
});
