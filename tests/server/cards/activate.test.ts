import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { testDbs } from '../test-db';
import { customerWithSession, post, transact, unbalancedJournals } from '../transactions/bank';
import { insertCard } from './fixtures';

describe.each(testDbs)('card activation on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db, demo: false });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  }, 60_000);

  it('activates a new card with OTP: card account and card system active, with the time; receipt masked', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c, 'active', 'inactive');
    const { inquiry, receipt } = await transact(app, db, c, 'card.activate', { card: String(card.id) });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details.cardNumber).toBe(card.masked);
    expect(receipt.status).toBe(200);
    expect(receipt.body.details).toMatchObject({
      cardNumber: card.masked,
      newStatus: { eng: 'Active', idn: 'Aktif' },
    });
    const { rows } = await db.query<{ c: string; s: string; activated: unknown }>(
      `SELECT c.status AS c, s.status AS s, s.activated_at AS activated FROM card_accounts c
         JOIN credit_cards s ON s.account_id = c.account_id WHERE c.account_id = $1`,
      [card.id],
    );
    expect(rows[0]).toMatchObject({ c: 'active', s: 'active' });
    expect(rows[0]!.activated).not.toBeNull();
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('refuses a card already active, in both languages, and changes nothing', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.activate',
      form: { card: String(card.id) },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror).toMatchObject({
      errorCode: 'CARD_ALREADY_ACTIVE',
      errorMessageEng: expect.stringMatching(/already active/),
      errorMessageIdn: expect.stringMatching(/sudah aktif/),
    });
  });
});
