import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { hashSecret, verifySecret } from '../../../src/server/auth/password';
import { insertCard } from './fixtures';
import {
  customerWithSession,
  insertAccount,
  post,
  sessionHeaders,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const OLD = '802615';
const NEW = '390417';

// Issue 21: change a card's PIN (credit and debit) as a verified flow, with the engine's secret fields:
// the PINs are never kept in clear by the server (stored inquiry, journal, logs) nor shown by the
// companion app, and a PIN equal to the old one, a blacklisted one or a wrong current one changes nothing.
describe.each(testDbs)('card PIN change on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let log = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk);
      done();
    },
  });
  const t = useTestApp({ engine, demo: false, logger: { level: 'trace', stream } });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  async function cardWithPin(pin = OLD) {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    await db.query('UPDATE credit_cards SET pin_hash = $2 WHERE account_id = $1', [
      card.id,
      await hashSecret(pin),
    ]);
    return { c, card };
  }
  const pinHash = async (accountId: number) =>
    (
      await db.query<{ pin_hash: string }>('SELECT pin_hash FROM credit_cards WHERE account_id = $1', [
        accountId,
      ])
    ).rows[0]!.pin_hash;

  it('changes a credit card PIN with OTP; the server keeps no PIN in clear and logs none', async () => {
    const { c, card } = await cardWithPin();
    log = '';
    const form = { card: String(card.id), oldPin: OLD, newPin: NEW, confirmPin: NEW };
    const { inquiry, receipt } = await transact(app, db, c, 'card.change-pin', form);
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({ cardNumber: card.masked });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details).toMatchObject({ pinChanged: { eng: 'Changed', idn: 'Diubah' } });
    expect(await verifySecret(await pinHash(card.id), NEW)).toBe(true);
    expect(await verifySecret(await pinHash(card.id), OLD)).toBe(false);
    // The stored inquiry holds each PIN only as an argon2id hash; nothing else keeps them at all.
    const { rows } = await db.query<{ form: Record<string, string>; all: string }>(
      `SELECT i.form, row_to_json(i)::text || coalesce((SELECT row_to_json(j)::text FROM journal j WHERE j.inquiry_id = i.id), '') AS all
         FROM transaction_inquiries i WHERE i.id = $1`,
      [inquiry.body.inquiryId],
    );
    for (const f of ['oldPin', 'newPin', 'confirmPin']) expect(rows[0]!.form[f]).toMatch(/^\$argon2id\$/);
    for (const pin of [OLD, NEW]) {
      expect(rows[0]!.all).not.toContain(pin);
      expect(JSON.stringify(receipt.body)).not.toContain(pin);
      expect(log).not.toContain(pin);
    }
    expect(log).toContain('/api/transaction/v1/confirm');
  });

  it('shows the companion app the card, never a PIN', async () => {
    const { c, card } = await cardWithPin();
    const app2 = await sessionHeaders(db, c.customerId, 'mobile');
    const form = { card: String(card.id), oldPin: OLD, newPin: NEW, confirmPin: NEW };
    const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.change-pin',
      form,
    });
    const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
      inquiryId: inquiry.body.inquiryId,
      method: 'approval',
    });
    expect(ver.status).toBe(200);
    const list = await post(app, '/api/mobile/v1/approvals/list', app2, {});
    const text = JSON.stringify(list.body);
    expect(text).toContain(card.masked);
    for (const pin of [OLD, NEW]) expect(text).not.toContain(pin);
  });

  it('refuses a new PIN equal to the old one, a mismatch and a blacklisted PIN, in both languages, changing nothing', async () => {
    const { c, card } = await cardWithPin();
    const before = await pinHash(card.id);
    const ask = (p: Record<string, string>) =>
      post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'card.change-pin',
        form: { card: String(card.id), oldPin: OLD, ...p },
      });
    const same = await ask({ newPin: OLD, confirmPin: OLD });
    expect(same.status).toBe(422);
    expect(same.body.apierror).toMatchObject({
      errorCode: 'PIN_SAME_AS_OLD',
      errorMessageEng: 'The new PIN must be different from your current PIN.',
      errorMessageIdn: 'PIN baru harus berbeda dari PIN Anda saat ini.',
    });
    expect(same.body.apierror.fields['/form/newPin']).toBeDefined();
    const mismatch = await ask({ newPin: NEW, confirmPin: '390418' });
    expect(mismatch.body.apierror.errorCode).toBe('PIN_MISMATCH');
    for (const bad of ['111111', '123456', '654321', '112233']) {
      const r = await ask({ newPin: bad, confirmPin: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.apierror.fields['/form/newPin']).toEqual({
        eng: 'PIN is not acceptable',
        idn: 'PIN tidak dapat diterima',
      });
    }
    expect(await pinHash(card.id)).toBe(before);
  });

  it('locks the PIN change after five wrong current PINs, even for the right one', async () => {
    const { c, card } = await cardWithPin();
    const statuses: number[] = [];
    for (const wrong of ['000101', '000102', '000103', '000104', '000105']) {
      const r = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'card.change-pin',
        form: { card: String(card.id), oldPin: wrong, newPin: NEW, confirmPin: NEW },
      });
      statuses.push(r.status);
      if (r.status === 422) expect(r.body.apierror.errorCode).toBe('WRONG_PIN');
    }
    expect(statuses).toEqual([422, 422, 422, 422, 423]);
    const right = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'card.change-pin',
      form: { card: String(card.id), oldPin: OLD, newPin: NEW, confirmPin: NEW },
    });
    expect(right.status).toBe(423);
    expect(right.body.apierror.errorMessageIdn).toContain('30 menit');
  });

  it("refuses a blocked card and another customer's card", async () => {
    const { c } = await cardWithPin();
    const blocked = await insertCard(db, c, 'blocked');
    const other = await cardWithPin();
    for (const id of [blocked.id, other.card.id]) {
      const r = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'card.change-pin',
        form: { card: String(id), oldPin: OLD, newPin: NEW, confirmPin: NEW },
      });
      expect(r.status).toBe(422);
      expect(r.body.apierror.errorCode).toBe('CARD_NOT_AVAILABLE');
    }
  });

  it('changes a linked debit card PIN; an unlinked card is not offered', async () => {
    const c = await customerWithSession(db);
    const a = await insertAccount(db, c.customerId, { product: 'savings', balance: 100_000 });
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO atm_cards (account_id, card_last4, pin_hash) VALUES ($1, '4321', $2) RETURNING id`,
      [a.id, await hashSecret('246810')],
    );
    const cardId = String(rows[0]!.id);
    const form = { card: cardId, oldPin: '246810', newPin: NEW, confirmPin: NEW };
    const unlinked = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'debitcard.change-pin',
      form,
    });
    expect(unlinked.body.apierror.errorCode).toBe('CARD_NOT_AVAILABLE');
    await db.query('UPDATE atm_cards SET linked_at = now() WHERE id = $1', [cardId]);
    const { receipt } = await transact(app, db, c, 'debitcard.change-pin', form);
    expect(receipt.status).toBe(200);
    expect(receipt.body.details).toMatchObject({ cardNumber: '•••• 4321' });
    const after = await db.query<{ pin_hash: string }>('SELECT pin_hash FROM atm_cards WHERE id = $1', [
      cardId,
    ]);
    expect(await verifySecret(after.rows[0]!.pin_hash, NEW)).toBe(true);
  });

  it('keeps a flow with a secret out of the cart', async () => {
    const { c, card } = await cardWithPin();
    const r = await post(app, '/api/cart/v1/add', c.headers, {
      flowId: 'card.change-pin',
      form: { card: String(card.id), oldPin: OLD, newPin: NEW, confirmPin: NEW },
    });
    expect(r.status).toBe(422);
    expect(r.body.apierror.errorCode).toBe('CART_NOT_ALLOWED');
  });
});
