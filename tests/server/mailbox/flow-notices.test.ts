import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { insertCard } from '../cards/fixtures';
import { type Customer, customerWithSession, post, testDbs, transact, useTestApp } from '../../kit';

interface Message {
  subject_eng: string;
  subject_idn: string;
  body_eng: string;
  body_idn: string;
  reference: string | null;
  link: string | null;
  read_at: Date | null;
}
const inbox = async (db: Db, c: Customer) =>
  (
    await db.query<Message>(
      `SELECT subject_eng, subject_idn, body_eng, body_idn, reference, link, read_at FROM mailbox_messages
        WHERE customer_id = $1 AND folder = 'inbox' ORDER BY id`,
      [c.customerId],
    )
  ).rows;

/** Flows that declare `notify` tell the customer in the mailbox, in the transaction that makes the change. */
describe.each(testDbs)('notices of card and limit changes on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  it('card blocked and unblocked: the masked card, the reference, both languages, a link to act, unread (the badge counts it)', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const blocked = await transact(app, db, c, 'card.block', { card: String(card.id), reason: 'lost' });
    expect(blocked.receipt.body.status).toBe('success');
    const [m] = await inbox(db, c);
    expect(m).toMatchObject({
      subject_eng: 'Card blocked',
      subject_idn: 'Kartu diblokir',
      reference: blocked.receipt.body.referenceNo,
      link: '/settings/block-and-unblock-card/',
      read_at: null,
    });
    expect(m!.body_eng).toBe(
      `Your card ${card.masked} (Octo Card) was blocked at your request (ref. ${blocked.receipt.body.referenceNo}). Nobody can pay with it until you unblock it. If you did not ask for this, call 14041 at once.`,
    );
    expect(m!.body_idn).toContain(`Kartu Anda ${card.masked} (Octo Card) telah diblokir`);
    expect(m!.body_eng).not.toContain(card.accountNo);
    const badge = await post(app, '/api/mailbox/v1/badge', c.headers, {});
    expect(badge.body).toMatchObject({ unread: 1 });

    await transact(app, db, c, 'card.unblock', { card: String(card.id) });
    expect((await inbox(db, c)).map((x) => x.subject_eng)).toEqual(['Card blocked', 'Card unblocked']);
  });

  it('card limit raised: the new limit and its kind in each language; a refused raise writes no message', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const refused = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.increase-limit',
      form: { card: String(card.id), kind: 'permanent', newLimit: 1_300_000_000 },
    });
    expect(refused.status).toBe(422);
    expect(await inbox(db, c)).toEqual([]);
    await transact(app, db, c, 'card.increase-limit', {
      card: String(card.id),
      kind: 'permanent',
      newLimit: 1_200_000_000,
    });
    const [m] = await inbox(db, c);
    expect(m!.subject_eng).toBe('Card limit raised');
    expect(m!.body_eng).toContain(`The limit of your card ${card.masked} is now IDR 12,000,000 (`);
    expect(m!.body_idn).toContain(`Limit kartu Anda ${card.masked} sekarang Rp 12.000.000 (`);
  });

  it('transaction limit raised: category, channel, both limits and when it takes effect', async () => {
    const c = await customerWithSession(db);
    const change = await post(app, '/api/settings/v1/limits/change', c.headers, {
      category: 'payment',
      channel: 'internet',
      maxPerTransaction: 80_000_000_00,
      dailyLimit: 150_000_000_00,
    });
    expect(change.body.outcome).toBe('verificationNeeded');
    const { receipt } = await transact(app, db, c, 'settings.limit-raise', {
      request: String(change.body.limit.pending.id),
    });
    expect(receipt.body.status).toBe('success');
    const [m] = await inbox(db, c);
    expect(m).toMatchObject({
      subject_eng: 'Transaction limit raised',
      link: '/settings/transaction-limit/',
    });
    expect(m!.body_eng).toMatch(
      /^Your Payment limit on Internet banking goes up to IDR 80,000,000 per transaction and IDR 150,000,000 a day from \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} WIB \(ref\. \d+\)\./,
    );
    expect(m!.body_idn).toMatch(
      /^Limit Pembayaran Anda di Internet banking naik menjadi Rp 80\.000\.000 per transaksi/,
    );
  });
});
