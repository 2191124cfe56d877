import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedInvest } from '../../../src/server/invest/seed';
import { gramsFor, rupiahFor } from '../../../src/server/gold/gold-flows';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  quoteAndSendOtp,
  transact,
  unbalancedJournals,
  upload,
  useTestApp,
} from '../../kit';

const rp = (rupiah: number) => rupiah * 100;
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const PDF = Buffer.from('%PDF-1.4\n%fake\n');

// Taking a quote once, in the booking's transaction, against another confirm: what locks decide.
describe.each(bothEngines)('gold saving through the flow engine on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({
    engine,
    demo: false,
    settlementIntervalMs: 0,
    seed: seedInvest,
  });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  async function goldCustomer() {
    const c = await customerWithSession(db);
    const idr = await insertAccount(db, c.customerId, { balance: rp(20_000_000) });
    const gold = await insertAccount(db, c.customerId, {
      product: 'gold',
      currency: 'XAU',
      balance: 20_000,
      name: 'Tabungan Emas',
    });
    return { c, idr, gold };
  }
  const quote = async (c: Customer, side: 'buy' | 'sell') =>
    (await post(app, '/api/gold/v1/quote', c.headers, { side })).body as {
      quoteId: string;
      pricePerGram: { amount: number };
    };
  const journals = async (customerId: number) =>
    (await db.query('SELECT 1 FROM journal WHERE customer_id = $1', [customerId])).rows.length;

  it('buys gold at the quoted price: rupiah out, grams into the gold account, the quote used', async () => {
    const { c, idr, gold } = await goldCustomer();
    const q = await quote(c, 'buy');
    const grams = gramsFor(rp(1_000_000), q.pricePerGram.amount);
    const { inquiry, receipt } = await transact(app, db, c, 'goldsaving.buy', {
      sourceOfFund: String(idr.id),
      amount: rp(1_000_000),
      quote: q.quoteId,
    });
    expect(inquiry.body.details).toMatchObject({ pricePerGram: q.pricePerGram, grams: { amount: grams } });
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details).toMatchObject({ grams: { amount: grams, currency: 'XAU' } });
    expect(await balanceOf(db, idr.id)).toBe(rp(19_000_000));
    expect(await balanceOf(db, gold.id)).toBe(20_000 + grams);
    const used = await db.query('SELECT used_at FROM gold_quotes WHERE id = $1', [q.quoteId]);
    expect(used.rows[0]).toMatchObject({ used_at: expect.anything() });
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('sells gold: grams out, the rupiah of the quoted price into the chosen account', async () => {
    const { c, idr, gold } = await goldCustomer();
    const q = await quote(c, 'sell');
    const { receipt } = await transact(app, db, c, 'goldsaving.sell', {
      goldAccount: String(gold.id),
      grams: 5_000,
      destinationAccount: String(idr.id),
      quote: q.quoteId,
    });
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, gold.id)).toBe(15_000);
    expect(await balanceOf(db, idr.id)).toBe(rp(20_000_000) + rupiahFor(5_000, q.pricePerGram.amount));
  });

  it('refuses an expired quote at inquiry, and one that expires before confirm, booking nothing', async () => {
    const { c, idr, gold } = await goldCustomer();
    const old = await quote(c, 'buy');
    await db.query(`UPDATE gold_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      old.quoteId,
    ]);
    const form = { sourceOfFund: String(idr.id), amount: rp(500_000), quote: old.quoteId };
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, { flowId: 'goldsaving.buy', form });
    expect(res.status).toBe(409);
    expect(res.body.apierror).toMatchObject({ sourceSystem: 'GOLD', errorCode: 'QUOTE_EXPIRED' });
    expect(res.body.apierror.errorMessageIdn).toMatch(/tidak berlaku/);

    const q = await quote(c, 'buy');
    const { confirm } = await quoteAndSendOtp(app, db, c, 'goldsaving.buy', { ...form, quote: q.quoteId });
    await db.query(`UPDATE gold_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      q.quoteId,
    ]);
    const late = await post(app, '/api/transaction/v1/confirm', c.headers, {
      ...confirm,
      idempotencyKey: 'gold-key-1',
    });
    expect(late.status).toBe(409);
    expect(late.body.apierror.errorCode).toBe('QUOTE_EXPIRED');
    expect(await journals(c.customerId)).toBe(0);
    expect(await balanceOf(db, idr.id)).toBe(rp(20_000_000));
    expect(await balanceOf(db, gold.id)).toBe(20_000);
    // The code was not used up: nothing was booked.
    const otp = await db.query('SELECT consumed_at FROM otp_requests WHERE request_id = $1', [
      confirm!.otpRequestId,
    ]);
    expect(otp.rows[0]).toEqual({ consumed_at: null });
  });

  it('books one of two orders made on one quote, however they race', async () => {
    const { c, idr, gold } = await goldCustomer();
    const q = await quote(c, 'buy');
    const form = { sourceOfFund: String(idr.id), amount: rp(100_000), quote: q.quoteId };
    const a = await quoteAndSendOtp(app, db, c, 'goldsaving.buy', form);
    const b = await quoteAndSendOtp(app, db, c, 'goldsaving.buy', form);
    const [ra, rb] = await Promise.all([
      post(app, '/api/transaction/v1/confirm', c.headers, { ...a.confirm, idempotencyKey: 'gold-key-a' }),
      post(app, '/api/transaction/v1/confirm', c.headers, { ...b.confirm, idempotencyKey: 'gold-key-b' }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    expect(await journals(c.customerId)).toBe(1);
    expect(await balanceOf(db, gold.id)).toBe(20_000 + gramsFor(rp(100_000), q.pricePerGram.amount));
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it.each([
    ['a purchase under Rp 10.000', 'goldsaving.buy', 'AMOUNT_BELOW_MINIMUM'],
    ['a sale under 0.1 g', 'goldsaving.sell', 'AMOUNT_BELOW_MINIMUM'],
    ['a sale of more grams than held', 'goldsaving.sell', 'INSUFFICIENT_BALANCE'],
  ])('refuses %s', async (what, flowId, code) => {
    const { c, idr, gold } = await goldCustomer();
    const q = await quote(c, flowId === 'goldsaving.buy' ? 'buy' : 'sell');
    const form =
      flowId === 'goldsaving.buy'
        ? { sourceOfFund: String(idr.id), amount: rp(5_000), quote: q.quoteId }
        : {
            goldAccount: String(gold.id),
            grams: what.includes('more') ? 30_000 : 500,
            destinationAccount: String(idr.id),
            quote: q.quoteId,
          };
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, { flowId, form });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe(code);
    expect(await journals(c.customerId)).toBe(0);
  });

  it('registers for gold saving with the e-KTP checked and its photo taken once; not twice', async () => {
    const c = await customerWithSession(db);
    await insertAccount(db, c.customerId, { balance: rp(1_000_000) });
    await db.query(`UPDATE customers SET date_of_birth = '1990-05-17' WHERE id = $1`, [c.customerId]);
    const flowId = 'goldsaving.register';
    // Upload rules: the type by the file's first bytes, whatever its name says.
    const pdf = await upload(
      app,
      '/api/transaction/v1/photo',
      c.headers,
      { flowId },
      {
        name: 'ektp.png',
        type: 'image/png',
        bytes: PDF,
      },
    );
    expect(pdf.status).toBe(415);
    expect(pdf.body.apierror).toMatchObject({
      errorTitleEng: 'Upload failed, please try again',
      errorTitleIdn: 'Unggah gagal, silakan coba lagi',
    });
    const big = await upload(
      app,
      '/api/transaction/v1/photo',
      c.headers,
      { flowId },
      {
        name: 'ektp.png',
        type: 'image/png',
        bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      },
    );
    expect(big.status).toBe(413);
    const photo = await upload(
      app,
      '/api/transaction/v1/photo',
      c.headers,
      { flowId },
      {
        name: 'ektp.png',
        type: 'image/png',
        bytes: PNG,
      },
    );
    expect(photo.status).toBe(200);
    const form = {
      purpose: 'saving',
      motherName: 'Siti Aminah',
      agree: true,
      nik: '3174015705900001',
      ektpPhoto: photo.body.photoId,
    };
    for (const [nik, code] of [
      ['3174011705910001', 'EKTP_MISMATCH'],
      ['3174011705900404', 'EKTP_NOT_FOUND'],
      ['9974011705900001', 'EKTP_INVALID'],
    ])
      expect(
        (await post(app, '/api/transaction/v1/inquiry', c.headers, { flowId, form: { ...form, nik } })).body
          .apierror.errorCode,
      ).toBe(code);
    const noPhoto = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId,
      form: { ...form, nik: '3174011705900001', ektpPhoto: 'a'.repeat(32) },
    });
    expect(noPhoto.body.apierror.errorCode).toBe('PHOTO_REQUIRED');

    // A woman's NIK carries her day of birth plus 40: 57 for the 17th.
    const { receipt } = await transact(app, db, c, flowId, form);
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.goldAccountNo).toMatch(/^830\d{9}$/);
    const gold = await db.query<{ currency: string; balance: number }>(
      `SELECT currency, balance FROM accounts WHERE customer_id = $1 AND product = 'gold'`,
      [c.customerId],
    );
    expect(gold.rows).toEqual([{ currency: 'XAU', balance: 0 }]);
    const again = await post(app, '/api/transaction/v1/eligibility', c.headers, { flowId });
    expect(again.status).toBe(409);
    expect(again.body.apierror.errorCode).toBe('PRODUCT_ALREADY_HELD');
    expect(again.body.apierror.errorMessageIdn).toMatch(/Tabungan Emas|emas/i);
  });
});
