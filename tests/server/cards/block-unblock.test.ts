import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { insertCard } from './fixtures';
import {
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

async function countJournals(db: Db, customerId: number) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE customer_id = $1', [
    customerId,
  ]);
  return Number(rows[0]!.n);
}

async function statuses(db: Db, accountId: number) {
  const { rows } = await db.query<{ a: string; c: string; s: string }>(
    `SELECT a.status AS a, c.status AS c, s.status AS s FROM accounts a
       JOIN card_accounts c ON c.account_id = a.id JOIN credit_cards s ON s.account_id = a.id WHERE a.id = $1`,
    [accountId],
  );
  return rows[0]!;
}

describe.each(testDbs)('card block and unblock on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  it('blocks a card with OTP: the receipt shows the masked card and its new status, nothing is booked', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'card.block' });
    expect(fd.body.choices.card.map((o: { value: string }) => o.value)).toEqual([String(card.id)]);
    // The card is offered by its masked number, never in full.
    expect(JSON.stringify(fd.body.choices.card)).not.toContain(card.accountNo);
    const { inquiry, receipt } = await transact(app, db, c, 'card.block', {
      card: String(card.id),
      reason: 'lost',
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      cardNumber: card.masked,
      previousStatus: { eng: 'Active', idn: 'Aktif' },
    });
    expect(inquiry.body.amount).toBeUndefined();
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ status: 'success', flowId: 'card.block' });
    expect(receipt.body.details).toMatchObject({
      cardNumber: card.masked,
      newStatus: { eng: 'Blocked', idn: 'Diblokir' },
    });
    expect(await statuses(db, card.id)).toEqual({ a: 'blocked', c: 'blocked', s: 'blocked' });
    expect(await unbalancedJournals(db)).toBe(0);
    // Blocked now: no longer offered to block, offered to unblock.
    const fd2 = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'card.block' });
    expect(fd2.body.choices.card).toEqual([]);
    const fd3 = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'card.unblock' });
    expect(fd3.body.choices.card.map((o: { value: string }) => o.value)).toEqual([String(card.id)]);
  });

  it('refuses a card already blocked at inquiry, in both languages, on the card field', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c, 'blocked');
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.block',
      form: { card: String(card.id), reason: 'stolen' },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror).toMatchObject({
      errorCode: 'CARD_ALREADY_BLOCKED',
      errorMessageEng: expect.stringMatching(/already blocked/),
      errorMessageIdn: expect.stringMatching(/sudah diblokir/),
    });
    expect(JSON.stringify(res.body.apierror)).toContain('/form/card');
  });

  it('refuses at confirm a card blocked since the inquiry: nothing written, the OTP stays unused', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const form = { card: String(card.id), reason: 'lost' };
    // Two inquiries quoted before either is confirmed (the customer's two tabs).
    const first = await post(app, '/api/transaction/v1/inquiry', c.headers, { flowId: 'card.block', form });
    const second = await post(app, '/api/transaction/v1/inquiry', c.headers, { flowId: 'card.block', form });
    expect([first.status, second.status]).toEqual([200, 200]);
    const confirmWithOtp = async (inquiryId: string, key: string) => {
      await post(app, '/api/transaction/v1/verification', c.headers, { inquiryId, method: 'otp' });
      return post(app, '/api/transaction/v1/confirm', c.headers, {
        inquiryId,
        idempotencyKey: key,
        otp: await latestCode(db, c.phone),
      });
    };
    const won = await confirmWithOtp(first.body.inquiryId, 'block-first');
    expect(won.body.apierror).toBeUndefined();
    expect(won.status).toBe(200);
    const journals = await countJournals(db, c.customerId);
    const late = await confirmWithOtp(second.body.inquiryId, 'block-second');
    expect(late.status).toBe(422);
    expect(late.body.apierror.errorCode).toBe('CARD_ALREADY_BLOCKED');
    expect(await countJournals(db, c.customerId)).toBe(journals);
    const { rows } = await db.query<{ consumed_at: unknown }>(
      `SELECT o.consumed_at FROM otp_requests o JOIN transaction_inquiries i ON i.otp_request_id = o.request_id
        WHERE i.id = $1`,
      [second.body.inquiryId],
    );
    expect(rows[0]!.consumed_at).toBeNull();
  });

  it('unblocks a blocked card, and refuses one that is not blocked', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c, 'blocked');
    const { receipt } = await transact(app, db, c, 'card.unblock', { card: String(card.id) });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.newStatus).toEqual({ eng: 'Active', idn: 'Aktif' });
    expect(await statuses(db, card.id)).toEqual({ a: 'active', c: 'active', s: 'active' });
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.unblock',
      form: { card: String(card.id) },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({
      errorCode: 'CARD_NOT_BLOCKED',
      errorMessageIdn: expect.stringMatching(/tidak diblokir/),
    });
  });

  it("refuses another customer's card and a savings account", async () => {
    const owner = await customerWithSession(db);
    const card = await insertCard(db, owner);
    const c = await customerWithSession(db);
    const savings = await insertAccount(db, c.customerId, { balance: 100 });
    for (const id of [card.id, savings.id]) {
      const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'card.block',
        form: { card: String(id), reason: 'lost' },
      });
      expect(res.status).toBe(422);
    }
    expect(await statuses(db, card.id)).toEqual({ a: 'active', c: 'active', s: 'active' });
  });
});
