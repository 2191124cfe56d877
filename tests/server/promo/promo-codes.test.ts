import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { internalAccount } from '../../../src/server/transactions/ledger';
import { insertProgramme, programmeUsed } from './promo-fixtures';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  quoteAndSendOtp,
  sessionHeaders,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const journals = async (db: Db) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM journal')).rows[0]!.n);
const pointsOf = async (db: Db, customerId: number) =>
  Number(
    (await db.query<{ points: string }>('SELECT points FROM poin_xtra WHERE customer_id = $1', [customerId]))
      .rows[0]?.points ?? 0,
  );

/** Google Play Rp50.000: Rp51.500 (the bank's margin Rp1.500 under Rp100.000). */
const voucher = (sourceOfFund: number, promoCode?: string) => ({
  sourceOfFund: String(sourceOfFund),
  brand: 'GPLAY',
  denomination: 'GPLAY-50K',
  phoneNumber: '081234567890',
  ...(promoCode ? { promoCode } : {}),
});
const VOUCHER_PRICE = 51_500_00;

describe.each(testDbs)('promo codes on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  async function saver(balance = 10_000_000_00): Promise<Customer & { account: number }> {
    const c = await customerWithSession(db);
    const a = await insertAccount(db, c.customerId, { balance });
    return { ...c, account: a.id };
  }

  it('a cashback code on a voucher: shown before verify, booked with it against the promotion expense, quota and task taken, listed on the code', async () => {
    const code = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackBp: 1000,
      cashbackCap: 5_000_00,
      tasks: 3,
    });
    const c = await saver();
    const expense = await internalAccount(db, 'PROMO-EXPENSE', 'IDR');
    const expenseBefore = await balanceOf(db, expense);
    // Typed in lower case, as a customer may.
    const { inquiry, receipt } = await transact(
      app,
      db,
      c,
      'voucher.buy',
      voucher(c.account, code.toLowerCase()),
    );
    expect(inquiry.body).toMatchObject({ flowId: 'voucher.buy' });
    // 10% of Rp51.500 is Rp5.150, capped at Rp5.000; the price and total are unchanged.
    expect(inquiry.body.promo).toMatchObject({
      code,
      reward: 'cashback',
      value: { amount: 5_000_00, currency: 'IDR' },
    });
    expect(inquiry.body.total).toEqual({ amount: VOUCHER_PRICE, currency: 'IDR' });
    expect(inquiry.body.inquiryId).toMatch(/^promo-/);
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.promo).toMatchObject({ code, value: { amount: 5_000_00 } });
    expect(receipt.body.details.voucherCode).toMatch(/^\d{16}$/);
    expect(await balanceOf(db, c.account)).toBe(10_000_000_00 - VOUCHER_PRICE + 5_000_00);
    expect(await balanceOf(db, expense)).toBe(expenseBefore - 5_000_00);
    expect(await programmeUsed(db, code)).toBe(1);
    expect(await unbalancedJournals(db)).toBe(0);

    const detail = await post(app, '/api/mailbox/v1/promocode/detail', c.headers, { code });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      code,
      applied: true,
      tasks: 3,
      pendingTasks: 2,
      usePaths: ['/topup-voucher/inquiry/'],
    });
    expect(detail.body.transactions).toEqual([{ en: 'Buy a voucher', id: 'Beli voucher' }]);
    expect(detail.body.history).toEqual([
      expect.objectContaining({
        referenceNo: receipt.body.referenceNo,
        type: { en: 'Buy a voucher', id: 'Beli voucher' },
        destination: { en: 'Google Play', id: 'Google Play' },
        amount: { amount: VOUCHER_PRICE, currency: 'IDR' },
        adminFee: { amount: 0, currency: 'IDR' },
        reward: 'cashback',
        rewardValue: { amount: 5_000_00, currency: 'IDR' },
        status: 'success',
      }),
    ]);
    const { rows } = await db.query<{ account_no: string }>('SELECT account_no FROM accounts WHERE id = $1', [
      c.account,
    ]);
    expect(detail.body.history[0].source).toBe(rows[0]!.account_no);
    const applied = await post(app, '/api/mailbox/v1/promocode/history', c.headers, {});
    expect(applied.body.promos.map((p: { code: string }) => p.code)).toEqual([code]);
  });

  it('a fee-waiver code on an e-wallet top-up: the fee is still income, the promotion pays it, the customer pays the amount only', async () => {
    const code = await insertProgramme(db, {
      reward: 'fee_waiver',
      flows: ['purchase.*'],
      minAmount: 50_000_00,
    });
    const c = await saver();
    const fees = await internalAccount(db, 'FEE-INCOME', 'IDR');
    const feesBefore = await balanceOf(db, fees);
    const form = {
      sourceOfFund: String(c.account),
      company: 'GOPAY',
      phoneNumber: '081298765432',
      amount: 100_000_00,
    };
    const { inquiry, receipt } = await transact(app, db, c, 'purchase.ewallet', { ...form, promoCode: code });
    expect(inquiry.body.fees).toEqual([{ kind: 'admin', amount: { amount: 1_000_00, currency: 'IDR' } }]);
    expect(inquiry.body.promo).toMatchObject({ reward: 'feeWaiver', value: { amount: 1_000_00 } });
    expect(inquiry.body.total).toEqual({ amount: 100_000_00, currency: 'IDR' });
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, c.account)).toBe(10_000_000_00 - 100_000_00);
    expect(await balanceOf(db, fees)).toBe(feesBefore + 1_000_00);
    expect(await unbalancedJournals(db)).toBe(0);
    const detail = await post(app, '/api/mailbox/v1/promocode/detail', c.headers, { code });
    expect(detail.body.history[0]).toMatchObject({ adminFee: { amount: 0 }, destination: { en: 'GoPay' } });

    // Below the programme's minimum: refused on the code's field, in both languages.
    const small = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'purchase.ewallet',
      form: { ...form, amount: 20_000_00, promoCode: code },
    });
    expect(small.status).toBe(422);
    expect(small.body.apierror).toMatchObject({ errorCode: 'PROMO_BELOW_MINIMUM' });
    expect(small.body.apierror.fields['/form/promoCode']).toEqual({
      eng: 'This promo needs a transaction of at least IDR 50,000.',
      idn: 'Promo ini berlaku untuk transaksi minimal Rp 50.000.',
    });
  });

  it('refuses, on the code field in both languages and booking nothing: unknown, credit card as source (spec 6), another transaction, ended, quota exhausted (spec 8)', async () => {
    const c = await saver();
    const card = await insertAccount(db, c.customerId, {
      product: 'credit_card',
      balance: 0,
      floor: -50_000_000_00,
    });
    const voucherCode = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackFixed: 2_000_00,
    });
    const transferCode = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['transfer.*'],
      cashbackFixed: 2_000_00,
    });
    const ended = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackFixed: 2_000_00,
      startsAt: new Date(Date.now() - 10 * 86_400_000),
      endsAt: new Date(Date.now() - 86_400_000),
    });
    const exhausted = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackFixed: 2_000_00,
      quota: 5,
      used: 5,
    });
    const before = await journals(db);
    const ask = (source: number, promoCode: string) =>
      post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'voucher.buy',
        form: voucher(source, promoCode),
      });
    const cases: [number, string, number, string, string, string][] = [
      [c.account, 'NOSUCHCODE', 404, 'PROMO_NOT_FOUND', 'Promo code not found', 'Kode promo tidak ditemukan'],
      [card.id, voucherCode, 422, 'PROMO_NOT_FOR_CREDIT_CARD', 'Promo not available', 'Promo tidak tersedia'],
      [
        c.account,
        transferCode,
        422,
        'PROMO_NOT_FOR_TRANSACTION',
        'Promo not for this transaction',
        'Promo tidak untuk transaksi ini',
      ],
      [c.account, ended, 422, 'PROMO_ENDED', 'Promo has ended', 'Promo sudah berakhir'],
      [c.account, exhausted, 409, 'PROMO_QUOTA_EXHAUSTED', 'Promo quota exhausted', 'Kuota promo habis'],
    ];
    for (const [source, code, status, errorCode, titleEng, titleIdn] of cases) {
      const r = await ask(source, code);
      expect(r.status, code).toBe(status);
      expect(r.body.apierror).toMatchObject({ errorCode, errorTitleEng: titleEng, errorTitleIdn: titleIdn });
      expect(Object.keys(r.body.apierror.fields)).toEqual(['/form/promoCode']);
    }
    expect((await ask(card.id, voucherCode)).body.apierror.errorMessageEng).toBe(
      'Promo is not available when the source of fund is a credit card.',
    );
    // The credit card buys the voucher without a code.
    const plain = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'voucher.buy',
      form: voucher(card.id),
    });
    expect(plain.status).toBe(200);
    expect(plain.body.promo).toBeUndefined();
    expect(await journals(db)).toBe(before);
    // A value of another voucher is refused: the server holds `dependsOn` too.
    const mixed = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'voucher.buy',
      form: { ...voucher(c.account), denomination: 'STEAM-60K' },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.apierror.errorCode).toBe('INVALID_CHOICE');
  });

  it('the companion app shows the code and its reward beside the amounts the customer approves', async () => {
    const code = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackFixed: 2_000_00,
    });
    const c = await saver();
    const mobile = await sessionHeaders(db, c.customerId, 'mobile');
    const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'voucher.buy',
      form: voucher(c.account, code),
    });
    const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
      inquiryId: inquiry.body.inquiryId,
      method: 'approval',
    });
    expect(ver.status).toBe(200);
    const list = await post(app, '/api/mobile/v1/approvals/list', mobile, {});
    const rows = list.body.approvals[0].summary.rows as {
      labelEng: string;
      valueEng: string;
      valueIdn: string;
    }[];
    expect(rows.slice(-2)).toEqual([
      {
        labelEng: 'Promo code',
        labelIdn: 'Kode promo',
        valueEng: `${code} · Test promo ${code}`,
        valueIdn: `${code} · Promo uji ${code}`,
      },
      {
        labelEng: 'Cashback to your account',
        labelIdn: 'Cashback ke rekening Anda',
        valueEng: 'IDR 2,000',
        valueIdn: 'Rp 2.000',
      },
    ]);
  });

  it('the last of a quota goes to one confirm: the other is refused with the quota message, books nothing and keeps its OTP', async () => {
    const code = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackFixed: 1_000_00,
      quota: 1,
    });
    const first = await saver();
    const second = await saver();
    const a = await quoteAndSendOtp(app, db, first, 'voucher.buy', voucher(first.account, code));
    const b = await quoteAndSendOtp(app, db, second, 'voucher.buy', voucher(second.account, code));
    expect(a.confirm && b.confirm).toBeTruthy();
    const ok = await post(app, '/api/transaction/v1/confirm', first.headers, {
      ...a.confirm,
      idempotencyKey: 'promo-first-1',
    });
    expect(ok.body.status).toBe('success');
    const before = await journals(db);
    const refused = await post(app, '/api/transaction/v1/confirm', second.headers, {
      ...b.confirm,
      idempotencyKey: 'promo-second-1',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.apierror).toMatchObject({
      errorCode: 'PROMO_QUOTA_EXHAUSTED',
      errorTitleIdn: 'Kuota promo habis',
    });
    expect(await journals(db)).toBe(before);
    expect(await balanceOf(db, second.account)).toBe(10_000_000_00);
    // The OTP was not used up: the same code is still accepted (and refused again for the quota).
    const again = await post(app, '/api/transaction/v1/confirm', second.headers, {
      ...b.confirm,
      idempotencyKey: 'promo-second-2',
    });
    expect(again.body.apierror.errorCode).toBe('PROMO_QUOTA_EXHAUSTED');
    expect(await programmeUsed(db, code)).toBe(1);
  });

  it('points per transaction and for completing every task, through Poin Xtra; then the code is used in full; apply follows a code', async () => {
    const code = await insertProgramme(db, {
      reward: 'points',
      flows: ['voucher.buy'],
      points: 500,
      tasks: 2,
      completionPoints: 1_000,
    });
    const c = await saver();
    const applied = await post(app, '/api/mailbox/v1/promocode/apply', c.headers, {
      code: code.toLowerCase(),
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      applied: true,
      pendingTasks: 2,
      points: 0,
      completionPoints: 1_000,
    });
    const listed = await post(app, '/api/mailbox/v1/promocode/list', c.headers, {});
    expect(listed.body.promos.find((p: { code: string }) => p.code === code)).toMatchObject({
      rewardText: { en: '500 Poin Xtra', id: '500 Poin Xtra' },
      daysLeft: expect.any(Number),
    });
    const one = await transact(app, db, c, 'voucher.buy', voucher(c.account, code));
    expect(one.receipt.body.promo).toMatchObject({ reward: 'points', points: 500 });
    expect(await pointsOf(db, c.customerId)).toBe(500);
    const two = await transact(app, db, c, 'voucher.buy', voucher(c.account, code));
    expect(two.inquiry.body.promo.points).toBe(1_500);
    expect(await pointsOf(db, c.customerId)).toBe(2_000);
    const detail = await post(app, '/api/mailbox/v1/promocode/detail', c.headers, { code });
    expect(detail.body).toMatchObject({ pendingTasks: 0, points: 2_000 });
    expect(detail.body.history.map((h: { points: number }) => h.points)).toEqual([1_500, 500]);
    const third = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'voucher.buy',
      form: voucher(c.account, code),
    });
    expect(third.body.apierror.errorCode).toBe('PROMO_COMPLETED');
    // Used in full, it is no longer among the available ones, but stays among the applied.
    const after = await post(app, '/api/mailbox/v1/promocode/list', c.headers, {});
    expect(after.body.promos.map((p: { code: string }) => p.code)).not.toContain(code);

    // A purchase the brand refuses (a number ending 0500) gives back the quota, the task and the points.
    const another = await insertProgramme(db, {
      reward: 'points',
      flows: ['voucher.buy'],
      points: 300,
      tasks: 1,
    });
    const refused = await transact(app, db, c, 'voucher.buy', {
      ...voucher(c.account, another),
      phoneNumber: '081234560500',
    });
    expect(refused.receipt.body.status).toBe('failed');
    expect(await programmeUsed(db, another)).toBe(0);
    expect(await pointsOf(db, c.customerId)).toBe(2_000);
    const retry = await post(app, '/api/mailbox/v1/promocode/detail', c.headers, { code: another });
    expect(retry.body).toMatchObject({ pendingTasks: 1, points: 0 });
    expect(retry.body.history[0]).toMatchObject({ status: 'failed' });

    const unknown = await post(app, '/api/mailbox/v1/promocode/apply', c.headers, { code: 'NOPE123' });
    expect(unknown.status).toBe(404);
    const full = await insertProgramme(db, {
      reward: 'cashback',
      flows: ['voucher.buy'],
      cashbackFixed: 1,
      quota: 2,
      used: 2,
    });
    const none = await post(app, '/api/mailbox/v1/promocode/apply', c.headers, { code: full });
    expect(none.status).toBe(409);
    expect(none.body.apierror.errorMessageIdn).toBe(
      'Kuota promo ini sudah habis. Silakan gunakan promo lain.',
    );
    const bad = await post(app, '/api/mailbox/v1/promocode/apply', c.headers, { code: 'a!' });
    expect(bad.status).toBe(400);
  });
});
