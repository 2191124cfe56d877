import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { insertCard } from './fixtures';
import { customerWithSession, post, testDbs, transact, unbalancedJournals, useTestApp } from '../../kit';

describe.each(testDbs)('card activation on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
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
