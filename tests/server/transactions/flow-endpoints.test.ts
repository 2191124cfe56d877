// Long, one concern: a flow's transaction endpoints (choices, inquiry, verification, confirm) on one app.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  quoteAndSendOtp,
  setLimits,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

describe.each(testDbs)('flow engine endpoints on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budi: Customer;
  let savings: { id: number; accountNo: string };
  let current: { id: number; accountNo: string };
  let usd: { id: number; accountNo: string };
  let sari: Customer;
  let sariSavings: { id: number; accountNo: string };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    budi = await customerWithSession(db);
    savings = await insertAccount(db, budi.customerId, { balance: rp(10_000_000) });
    current = await insertAccount(db, budi.customerId, {
      product: 'current',
      balance: rp(2_000_000),
      name: 'Giro',
    });
    usd = await insertAccount(db, budi.customerId, { currency: 'USD', balance: 500_000 });
    sari = await customerWithSession(db);
    sariSavings = await insertAccount(db, sari.customerId, { balance: rp(100_000) });
  });

  it('refuses every flow endpoint without a session', async () => {
    const res = await post(app, '/api/transaction/v1/inquiry', {}, { flowId: 'transfer.own', form: {} });
    expect(res.status).toBe(401);
    expect(res.body.apierror.errorCode).toBe('INVALID_TOKEN');
    // Confirm checks the session inside its own transaction: the same answers.
    const body = { inquiryId: 'x', idempotencyKey: 'no-session-1' };
    expect((await post(app, '/api/transaction/v1/confirm', {}, body)).status).toBe(401);
    // A token used from another browser id is refused, and the session ended (it may be stolen).
    const victim = await customerWithSession(db);
    const otherBrowser = { ...victim.headers, 'x-browser-id': 'someone-else' };
    const stolen = await post(app, '/api/transaction/v1/confirm', otherBrowser, body);
    expect(stolen.status).toBe(401);
    expect(stolen.body.apierror.errorCode).toBe('INVALID_TOKEN');
    expect((await post(app, '/api/transaction/v1/confirm', victim.headers, body)).status).toBe(401);
  });

  it("lists the customer's accounts as the flow's choices", async () => {
    const own = await post(app, '/api/transaction/v1/formdata', budi.headers, { flowId: 'transfer.own' });
    expect(own.status).toBe(200);
    expect(own.body.choices.sourceOfFund.map((c: { value: string }) => c.value)).toEqual(
      [savings.id, current.id, usd.id].map(String),
    );
    const bpjs = await post(app, '/api/transaction/v1/formdata', budi.headers, { flowId: 'payment.bpjs' });
    // BPJS takes IDR only.
    expect(bpjs.body.choices.sourceOfFund.map((c: { value: string }) => c.value)).toEqual(
      [savings.id, current.id].map(String),
    );
    expect(bpjs.body.choices.sourceOfFund[0].detail.balance).toEqual({
      amount: rp(10_000_000),
      currency: 'IDR',
    });
    const unknown = await post(app, '/api/transaction/v1/formdata', budi.headers, { flowId: 'nope' });
    expect(unknown.status).toBe(404);
  });

  it("validates the form with the flow's own JSON Schema, inline", async () => {
    const res = await post(app, '/api/transaction/v1/inquiry', budi.headers, {
      flowId: 'transfer.samebank',
      form: { sourceOfFund: String(savings.id), beneficiaryAccountNo: '12', amount: 1.5, extra: 1 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.apierror.fields)).toEqual(
      expect.arrayContaining(['/form/beneficiaryAccountNo', '/form/amount', '/form/purpose', '/form/extra']),
    );
  });

  it('books an own-account transfer: inquiry, OTP, confirm, receipt; balanced entries', async () => {
    const before = [await balanceOf(db, savings.id), await balanceOf(db, current.id)];
    const { inquiry, receipt, idempotencyKey } = await transact(app, db, budi, 'transfer.own', {
      sourceOfFund: String(savings.id),
      beneficiaryAccount: String(current.id),
      amount: rp(250_000),
      message: 'Tabungan bulanan',
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body).toMatchObject({
      flowId: 'transfer.own',
      amount: { amount: rp(250_000), currency: 'IDR' },
      fees: [],
      total: { amount: rp(250_000), currency: 'IDR' },
      details: { beneficiaryAccountNo: current.accountNo },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      status: 'success',
      flowId: 'transfer.own',
      total: { amount: rp(250_000) },
    });
    expect(receipt.body.referenceNo).toMatch(/^\d{16}$/);
    expect([await balanceOf(db, savings.id), await balanceOf(db, current.id)]).toEqual([
      before[0]! - rp(250_000),
      before[1]! + rp(250_000),
    ]);
    expect(await unbalancedJournals(db)).toBe(0);

    // The same key again: the same receipt, booked once.
    const again = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inquiry.body.inquiryId,
      idempotencyKey,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(receipt.body);
    // Another key for the confirmed inquiry: a double transaction.
    const other = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inquiry.body.inquiryId,
      idempotencyKey: 'another-key-123',
    });
    expect(other.status).toBe(409);
    expect(other.body.apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: '0021' });
    expect(await balanceOf(db, savings.id)).toBe(before[0]! - rp(250_000));

    // Past the inquiry's expiry, its receipt is still its receipt (and another key still 0021).
    await db.query(
      `UPDATE transaction_inquiries SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [inquiry.body.inquiryId],
    );
    const late = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inquiry.body.inquiryId,
      idempotencyKey,
    });
    expect(late.status).toBe(200);
    expect(late.body).toEqual(receipt.body);
    const lateOther = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inquiry.body.inquiryId,
      idempotencyKey: 'another-key-456',
    });
    expect(lateOther.body.apierror).toMatchObject({ errorCode: '0021' });
  });

  it('refuses to book an expired inquiry, in both languages, and keeps its OTP unused', async () => {
    const before = await balanceOf(db, savings.id);
    const inq = await post(app, '/api/transaction/v1/inquiry', budi.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(savings.id), beneficiaryAccount: String(current.id), amount: rp(10_000) },
    });
    expect(inq.status).toBe(200);
    const ver = await post(app, '/api/transaction/v1/verification', budi.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'otp',
    });
    expect(ver.status).toBe(200);
    const otp = await latestCode(db, budi.phone);
    await db.query(
      `UPDATE transaction_inquiries SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [inq.body.inquiryId],
    );
    const late = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inq.body.inquiryId,
      idempotencyKey: `expired-${Date.now()}`,
      otp,
    });
    expect(late.status).toBe(410);
    expect(late.body.apierror).toMatchObject({
      errorCode: 'INQUIRY_EXPIRED',
      errorTitleEng: 'Verification expired',
      errorTitleIdn: 'Verifikasi kedaluwarsa',
      errorMessageIdn: 'Transaksi ini sudah kedaluwarsa. Silakan mulai kembali.',
    });
    expect(await balanceOf(db, savings.id)).toBe(before);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM journal WHERE inquiry_id = $1',
      [inq.body.inquiryId],
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: otps } = await db.query<{ used: boolean }>(
      'SELECT consumed_at IS NOT NULL AS used FROM otp_requests WHERE request_id = $1',
      [ver.body.otp.requestId],
    );
    expect(otps[0]!.used).toBe(false);
  });

  it('books in one database call when the code comes with its OTP request; finds the current request itself otherwise', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(1_000_000) });
    const acc2 = await insertAccount(db, who.customerId, { balance: 0 });
    const quoteAndSend = async () =>
      (
        await quoteAndSendOtp(app, db, who, 'transfer.own', {
          sourceOfFund: String(acc.id),
          beneficiaryAccount: String(acc2.id),
          amount: rp(10_000),
        })
      ).confirm!;
    // Every statement the app sends while a confirm runs, counted.
    const counted = async (body: Record<string, unknown>) => {
      const query = db.query;
      let calls = 0;
      db.query = ((...args: Parameters<typeof query>) => ((calls += 1), query(...args))) as typeof query;
      try {
        const res = await post(app, '/api/transaction/v1/confirm', who.headers, body);
        return { res, calls };
      } finally {
        db.query = query;
      }
    };

    const one = await quoteAndSend();
    const named = await counted({ ...one, idempotencyKey: `one-call-${one.inquiryId}` });
    expect(named.res.body.status).toBe('success');
    expect(named.calls).toBe(1);

    // An older client sends no request: a second call, hashed under the one the first call named.
    const { otpRequestId: _unsent, ...two } = await quoteAndSend();
    const unnamed = await counted({ ...two, idempotencyKey: `two-calls-${two.inquiryId}` });
    expect(unnamed.res.body.status).toBe('success');
    expect(unnamed.calls).toBe(2);

    // A new code was asked for after the page got the first request: the new code under the old
    // request's name books it; the old code is a wrong code of the current request, and counts.
    const three = await quoteAndSend();
    const oldCode = three.otp;
    await post(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: three.inquiryId,
      method: 'otp',
    });
    const newCode = await latestCode(db, who.phone);
    if (oldCode !== newCode) {
      const wrong = await post(app, '/api/transaction/v1/confirm', who.headers, {
        inquiryId: three.inquiryId,
        idempotencyKey: `three-${three.inquiryId}`,
        otp: oldCode,
        otpRequestId: three.otpRequestId,
      });
      expect(wrong.body.apierror.errorCode).toBe('OTP_05');
      expect(wrong.body.apierror.fields['/otp'].eng).toBe('Invalid OTP. 2 attempts left.');
    }
    const booked = await post(app, '/api/transaction/v1/confirm', who.headers, {
      inquiryId: three.inquiryId,
      idempotencyKey: `three-${three.inquiryId}`,
      otp: newCode,
      otpRequestId: three.otpRequestId,
    });
    expect(booked.body.status).toBe('success');
    expect(await balanceOf(db, acc.id)).toBe(rp(1_000_000 - 3 * 10_000));
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('slides the session in the confirm itself and answers its expiry, as every authenticated call does', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(100_000) });
    const acc2 = await insertAccount(db, who.customerId, { balance: 0 });
    const { confirm } = await quoteAndSendOtp(app, db, who, 'transfer.own', {
      sourceOfFund: String(acc.id),
      beneficiaryAccount: String(acc2.id),
      amount: rp(1_000),
    });
    // The session was last slid a minute ago: the confirm slides it again.
    await db.query(
      `UPDATE sessions SET idle_expires_at = now() + interval '4 minutes', last_seen_at = now() - interval '1 minute'
        WHERE customer_id = $1`,
      [who.customerId],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/transaction/v1/confirm',
      headers: who.headers,
      payload: { ...confirm, idempotencyKey: `slide-${confirm!.inquiryId}` },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await db.query<{ idle_ms: number; seen_s: number }>(
      `SELECT floor(extract(epoch FROM idle_expires_at) * 1000)::int8 AS idle_ms,
              extract(epoch FROM now() - last_seen_at)::float8 AS seen_s
         FROM sessions WHERE customer_id = $1`,
      [who.customerId],
    );
    expect(rows[0]!.seen_s).toBeLessThan(5);
    expect(Number(res.headers.expires)).toBe(Number(rows[0]!.idle_ms));
    expect(Number(res.headers.expires) - Date.now()).toBeGreaterThan(4.5 * 60_000);
    expect(res.headers.access_token).toBe(who.headers.authorization!.replace(/^Bearer /, ''));
  });

  it('counts the daily limit at confirm against the defaults when the customer has set none', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(300_000_000) });
    const form = {
      sourceOfFund: String(acc.id),
      beneficiaryAccountNo: sariSavings.accountNo,
      purpose: 'family',
      amount: rp(80_000_000),
    };
    // Sari's account is a beneficiary known for days (a new one's first transfers are capped: issue 21).
    const known = await transact(app, db, who, 'transfer.samebank', { ...form, amount: rp(10_000) });
    await db.query(`UPDATE journal SET created_at = now() - interval '3 days' WHERE inquiry_id = $1`, [
      known.inquiry.body.inquiryId,
    ]);
    // Three quotes of Rp 80,000,000 while the default daily limit (Rp 200,000,000) is unused.
    const quotes = [];
    for (let i = 0; i < 3; i++) {
      const { inquiry, confirm } = await quoteAndSendOtp(app, db, who, 'transfer.samebank', form);
      expect(inquiry.status).toBe(200);
      quotes.push(confirm!);
    }
    const answers = [];
    for (const [i, q] of quotes.entries())
      answers.push(
        await post(app, '/api/transaction/v1/confirm', who.headers, {
          ...q,
          idempotencyKey: `default-${i}-${q.inquiryId}`,
        }),
      );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 422]);
    expect(answers[2]!.body.apierror.errorCode).toBe('DAILY_LIMIT_EXCEEDED');
    expect(answers[2]!.body.apierror.fields['/form/amount'].eng).toContain('IDR 40,000,000');
    expect(await balanceOf(db, acc.id)).toBe(rp(300_000_000 - 160_000_000 - 10_000));
  });

  it('answers an inquiry quoted before bookings were stored (an upgrade) as expired, and books nothing', async () => {
    const before = await balanceOf(db, savings.id);
    const { confirm } = await quoteAndSendOtp(app, db, budi, 'transfer.own', {
      sourceOfFund: String(savings.id),
      beneficiaryAccount: String(current.id),
      amount: rp(10_000),
    });
    await db.query(
      `UPDATE transaction_inquiries SET booking_status = NULL, description = NULL, amount = NULL, currency = NULL,
              limit_category = NULL, limit_amount = NULL, receipt = NULL, leg_accounts = NULL, leg_amounts = NULL,
              leg_currencies = NULL, account_ids = NULL, account_deltas = NULL, account_currencies = NULL
        WHERE id = $1`,
      [confirm!.inquiryId],
    );
    const late = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      ...confirm,
      idempotencyKey: `unbooked-${confirm!.inquiryId}`,
    });
    expect(late.status).toBe(410);
    expect(late.body.apierror.errorCode).toBe('INQUIRY_EXPIRED');
    const again = await post(app, '/api/transaction/v1/verification', budi.headers, {
      inquiryId: confirm!.inquiryId,
      method: 'otp',
    });
    expect(again.body.apierror.errorCode).toBe('INQUIRY_EXPIRED');
    expect(await balanceOf(db, savings.id)).toBe(before);
  });

  it('transfers to another customer of the bank by account number, with the beneficiary name', async () => {
    const before = await balanceOf(db, sariSavings.id);
    const { inquiry, receipt } = await transact(app, db, budi, 'transfer.samebank', {
      sourceOfFund: String(savings.id),
      beneficiaryAccountNo: sariSavings.accountNo,
      purpose: 'family',
      amount: rp(50_000),
    });
    expect(inquiry.body.details.beneficiaryName).toMatch(/^TEST CUSTOMER/);
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, sariSavings.id)).toBe(before + rp(50_000));
    const missing = await post(app, '/api/transaction/v1/inquiry', budi.headers, {
      flowId: 'transfer.samebank',
      form: {
        sourceOfFund: String(savings.id),
        beneficiaryAccountNo: '99999999999',
        purpose: 'family',
        amount: rp(50_000),
      },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.apierror.errorMessageEng).toBe('Beneficiary account number is not found');
    expect(missing.body.apierror.fields['/form/beneficiaryAccountNo']).toBeTruthy();
  });

  it('answers the amount rules inline: minimum, maximum per transaction, unused daily limit, balance', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(3_000_000) });
    await setLimits(db, who.customerId, 'transfer', rp(10_000), rp(2_000_000), rp(2_500_000));
    const inquire = (amount: number) =>
      post(app, '/api/transaction/v1/inquiry', who.headers, {
        flowId: 'transfer.samebank',
        form: {
          sourceOfFund: String(acc.id),
          beneficiaryAccountNo: sariSavings.accountNo,
          purpose: 'family',
          amount,
        },
      });
    const low = await inquire(rp(9_999));
    expect(low.status).toBe(422);
    expect(low.body.apierror.errorCode).toBe('AMOUNT_BELOW_MINIMUM');
    expect(low.body.apierror.fields['/form/amount'].idn).toBe('Jumlah minimum Rp 10.000');
    const high = await inquire(rp(2_000_001));
    expect(high.body.apierror.errorCode).toBe('AMOUNT_ABOVE_MAXIMUM');
    expect(high.body.apierror.fields['/form/amount'].eng).toBe(
      'Maximum amount per transaction is IDR 2,000,000',
    );
    const first = await transact(app, db, who, 'transfer.samebank', {
      sourceOfFund: String(acc.id),
      beneficiaryAccountNo: sariSavings.accountNo,
      purpose: 'family',
      amount: rp(2_000_000),
    });
    expect(first.receipt.body.status).toBe('success');
    const daily = await inquire(rp(600_000));
    expect(daily.status).toBe(422);
    expect(daily.body.apierror.errorCode).toBe('DAILY_LIMIT_EXCEEDED');
    expect(daily.body.apierror.fields['/form/amount'].eng).toContain('IDR 500,000');
    await setLimits(db, who.customerId, 'transfer', rp(10_000), rp(2_000_000), rp(10_000_000));
    const broke = await inquire(rp(1_000_001));
    expect(broke.status).toBe(422);
    expect(broke.body.apierror.errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(broke.body.apierror.fields['/form/amount'].idn).toBe('Saldo tidak mencukupi');
  });

  it('re-checks the balance at confirm and books nothing when it fell short meanwhile', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(100_000) });
    const acc2 = await insertAccount(db, who.customerId, { balance: 0 });
    const inq = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(acc.id), beneficiaryAccount: String(acc2.id), amount: rp(80_000) },
    });
    expect(inq.status).toBe(200);
    await post(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'otp',
    });
    await db.query('UPDATE accounts SET balance = $2 WHERE id = $1', [acc.id, rp(50_000)]);
    const res = await post(app, '/api/transaction/v1/confirm', who.headers, {
      inquiryId: inq.body.inquiryId,
      idempotencyKey: 'short-balance-1',
      otp: await latestCode(db, who.phone),
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(db, acc.id)).toBe(rp(50_000));
    const { rows } = await db.query('SELECT 1 FROM journal WHERE customer_id = $1', [who.customerId]);
    expect(rows).toHaveLength(0);
  });

  it('needs verification before confirm, and a wrong OTP books nothing', async () => {
    const inq = await post(app, '/api/transaction/v1/inquiry', budi.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(savings.id), beneficiaryAccount: String(current.id), amount: rp(1_000) },
    });
    const unverified = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inq.body.inquiryId,
      idempotencyKey: 'unverified-1',
    });
    expect(unverified.status).toBe(409);
    expect(unverified.body.apierror.errorCode).toBe('NOT_VERIFIED');
    const ver = await post(app, '/api/transaction/v1/verification', budi.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'otp',
    });
    expect(ver.body.method).toBe('otp');
    expect(ver.body.otp.maskedPhone).toContain('****');
    const code = await latestCode(db, budi.phone);
    const wrong = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inq.body.inquiryId,
      idempotencyKey: 'wrong-otp-1',
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.apierror).toMatchObject({ sourceSystem: 'OTP', errorCode: 'OTP_05' });
    const ok = await post(app, '/api/transaction/v1/confirm', budi.headers, {
      inquiryId: inq.body.inquiryId,
      idempotencyKey: 'wrong-otp-1',
      otp: code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('success');
  });

  it('re-checks the daily limit at confirm: the refused one books nothing and its OTP still works later', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(5_000_000) });
    await setLimits(db, who.customerId, 'transfer', rp(10_000), rp(2_000_000), rp(2_500_000));
    const form = {
      sourceOfFund: String(acc.id),
      beneficiaryAccountNo: sariSavings.accountNo,
      purpose: 'family',
      amount: rp(1_500_000),
    };
    // Two quotes while the whole daily limit is unused; the first booking leaves too little for the second.
    const second = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.samebank',
      form,
    });
    expect(second.status).toBe(200);
    await post(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: second.body.inquiryId,
      method: 'otp',
    });
    const code = await latestCode(db, who.phone);
    const first = await transact(app, db, who, 'transfer.samebank', form);
    expect(first.receipt.body.status).toBe('success');
    const refused = await post(app, '/api/transaction/v1/confirm', who.headers, {
      inquiryId: second.body.inquiryId,
      idempotencyKey: 'daily-at-confirm-1',
      otp: code,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.apierror.errorCode).toBe('DAILY_LIMIT_EXCEEDED');
    expect(refused.body.apierror.fields['/form/amount'].eng).toContain('IDR 1,000,000');
    expect(await balanceOf(db, acc.id)).toBe(rp(3_500_000));
    // The limit is raised: the same code, never used up by the refusal, now books it.
    await setLimits(db, who.customerId, 'transfer', rp(10_000), rp(2_000_000), rp(10_000_000));
    const ok = await post(app, '/api/transaction/v1/confirm', who.headers, {
      inquiryId: second.body.inquiryId,
      idempotencyKey: 'daily-at-confirm-1',
      otp: code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('success');
    expect(await balanceOf(db, acc.id)).toBe(rp(2_000_000));
  });

  it('asks for the OTP, refuses a code of a superseded OTP, and freezes the phone after three wrong codes', async () => {
    const who = await customerWithSession(db);
    const acc = await insertAccount(db, who.customerId, { balance: rp(1_000_000) });
    const acc2 = await insertAccount(db, who.customerId, { balance: 0 });
    const inq = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(acc.id), beneficiaryAccount: String(acc2.id), amount: rp(10_000) },
    });
    const confirm = (otp?: string) =>
      post(app, '/api/transaction/v1/confirm', who.headers, {
        inquiryId: inq.body.inquiryId,
        idempotencyKey: 'freeze-1',
        ...(otp === undefined ? {} : { otp }),
      });
    await post(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'otp',
    });
    const oldCode = await latestCode(db, who.phone);
    const missing = await confirm();
    expect(missing.status).toBe(400);
    expect(missing.body.apierror.errorCode).toBe('OTP_REQUIRED');
    // A new OTP for the same inquiry: the first one's code no longer books it.
    await post(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'otp',
    });
    const newCode = await latestCode(db, who.phone);
    const wrongs = [
      oldCode === newCode ? String((Number(newCode) + 1) % 1_000_000).padStart(6, '0') : oldCode,
    ];
    for (const c of ['000000', '111111', '222222']) if (wrongs.length < 3 && c !== newCode) wrongs.push(c);
    const answers = [];
    for (const c of wrongs) answers.push(await confirm(c));
    expect(answers.map((a) => a.body.apierror.errorCode)).toEqual(['OTP_05', 'OTP_05', 'OTP_ALL_FROZEN']);
    expect(answers[1]!.body.apierror.fields['/otp'].eng).toBe('Invalid OTP. 1 attempt left.');
    expect(answers[2]!.status).toBe(423);
    // Frozen: even the right code is refused now, and nothing was booked.
    const late = await confirm(newCode);
    expect(late.body.apierror.errorCode).toBe('OTP_ALL_FROZEN');
    expect(await balanceOf(db, acc.id)).toBe(rp(1_000_000));
  });

  it("never shows one customer's inquiry to another", async () => {
    const inq = await post(app, '/api/transaction/v1/inquiry', budi.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(savings.id), beneficiaryAccount: String(current.id), amount: rp(1_000) },
    });
    const res = await post(app, '/api/transaction/v1/verification', sari.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'otp',
    });
    expect(res.status).toBe(404);
    // Nor may a customer debit someone else's account.
    const theft = await post(app, '/api/transaction/v1/inquiry', sari.headers, {
      flowId: 'transfer.samebank',
      form: {
        sourceOfFund: String(savings.id),
        beneficiaryAccountNo: sariSavings.accountNo,
        purpose: 'other',
        amount: rp(10_000),
      },
    });
    expect(theft.status).toBe(422);
    expect(theft.body.apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
  });

  it('converts across currencies through the FX position accounts, balanced per currency', async () => {
    const usdBefore = await balanceOf(db, usd.id);
    const { inquiry, receipt } = await transact(app, db, budi, 'transfer.own', {
      sourceOfFund: String(usd.id),
      beneficiaryAccount: String(savings.id),
      amount: 10_000, // USD 100.00
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.amount).toEqual({ amount: 10_000, currency: 'USD' });
    expect(inquiry.body.exchangeRate).toMatch(/^\d+\.\d+$/);
    expect(inquiry.body.equivalent.currency).toBe('IDR');
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, usd.id)).toBe(usdBefore - 10_000);
    expect(await unbalancedJournals(db)).toBe(0);
  });
});
