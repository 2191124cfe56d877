import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  sessionHeaders,
  setLimits,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

describe.each(bothEngines)('the cart on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let operator: string;
  let denomination: string;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    const who = await customerWithSession(db);
    const mobile = await post(app, '/api/transaction/v1/formdata', who.headers, {
      flowId: 'purchase.mobile',
    });
    operator = mobile.body.choices.operator[0].value as string;
    denomination = (
      mobile.body.choices.denomination as { value: string; detail: { operator: string } }[]
    ).find((d) => d.detail.operator === operator)!.value;
  }, 60_000);

  /** A customer with savings and current accounts, and a cart of a transfer, a bill and a top-up. */
  async function threeItems() {
    const c = await customerWithSession(db);
    const savings = await insertAccount(db, c.customerId, { balance: rp(5_000_000) });
    const current = await insertAccount(db, c.customerId, { product: 'current', balance: rp(1_000_000) });
    const forms = {
      'transfer.own': {
        sourceOfFund: String(savings.id),
        beneficiaryAccount: String(current.id),
        amount: rp(100_000),
        message: 'cart',
      },
      'payment.bpjs': { sourceOfFund: String(savings.id), customerNumber: '8888801234567' },
      'purchase.mobile': {
        sourceOfFund: String(current.id),
        phoneNumber: '081234567890',
        operator,
        denomination,
      },
    };
    for (const [flowId, form] of Object.entries(forms)) {
      const r = await post(app, '/api/cart/v1/add', c.headers, { flowId, form });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    return { c, savings, current, forms };
  }
  const cart = (c: Customer, path: string, body: unknown = {}) =>
    post(app, `/api/cart/v1/${path}`, c.headers, body);

  it('keeps a transfer, a bill and a top-up, verifies them with one OTP and posts each with its receipt', async () => {
    const { c, savings, current, forms } = await threeItems();
    const list = await cart(c, 'list');
    expect(list.body.count).toBe(3);
    expect(list.body.items.map((i: { flowId: string }) => i.flowId)).toEqual(Object.keys(forms));
    // What the cart takes per source account, against its balance.
    expect(list.body.totals).toHaveLength(2);
    const bySavings = list.body.totals.find((t: { accountId: number }) => t.accountId === savings.id);
    const quoted = list.body.items
      .filter((i: { form: { sourceOfFund: string } }) => i.form.sourceOfFund === String(savings.id))
      .reduce((s: number, i: { quote: { total: { amount: number } } }) => s + i.quote.total.amount, 0);
    expect(bySavings).toMatchObject({ amount: quoted, enough: true });
    expect((await cart(c, 'count')).body).toEqual({ count: 3 });

    // The same transaction twice is one item.
    const twice = await cart(c, 'add', { flowId: 'transfer.own', form: forms['transfer.own'] });
    expect(twice.status).toBe(409);
    expect(twice.body.apierror.errorCode).toBe('CART_DUPLICATE_ITEM');
    expect(twice.body.apierror.errorMessageIdn).toContain('keranjang');

    const before = [await balanceOf(db, savings.id), await balanceOf(db, current.id)];
    const ver = await cart(c, 'verification', { method: 'otp' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const wrong = await cart(c, 'confirm', { checkoutId: ver.body.checkoutId, otp: '000000' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const done = await cart(c, 'confirm', {
      checkoutId: ver.body.checkoutId,
      otp: await latestCode(db, c.phone),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const results = done.body.results as {
      status: string;
      receipt: { referenceNo: string; total: { amount: number } };
    }[];
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    for (const r of results) expect(r.receipt.referenceNo).toMatch(/^\d{16}$/);
    const [transfer, bill, topup] = results.map((r) => r.receipt.total.amount);
    expect(await balanceOf(db, savings.id)).toBe(before[0]! - transfer! - bill!);
    expect(await balanceOf(db, current.id)).toBe(before[1]! + transfer! - topup!);
    expect((await cart(c, 'count')).body).toEqual({ count: 0 });
    // Asked again: the same results, booked once.
    const again = await cart(c, 'confirm', { checkoutId: ver.body.checkoutId, otp: '123456' });
    expect(again.body.results).toEqual(done.body.results);
    expect(await balanceOf(db, savings.id)).toBe(before[0]! - transfer! - bill!);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it("takes a transfer scheduled for later: not counted against today's balance, its confirm stores the schedule and books nothing", async () => {
    const c = await customerWithSession(db);
    const savings = await insertAccount(db, c.customerId, { balance: rp(3_000_000) });
    const other = await customerWithSession(db);
    const to = await insertAccount(db, other.customerId, { balance: 0 });
    const date = bankDate(new Date(), 3);
    // More than today's balance: it is paid on its date, from that day's balance.
    const later = {
      sourceOfFund: String(savings.id),
      beneficiaryAccountNo: to.accountNo,
      purpose: 'family',
      amount: rp(5_000_000),
      when: { kind: 'date', date },
    };
    const bill = { sourceOfFund: String(savings.id), customerNumber: '8888801234567' };
    for (const [flowId, form] of [
      ['transfer.samebank', later],
      ['payment.bpjs', bill],
    ] as const) {
      const r = await cart(c, 'add', { flowId, form });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const list = await cart(c, 'list');
    const billTotal = list.body.items[1].quote.total.amount as number;
    // What the cart takes from the account today is the bill alone.
    expect(list.body.totals).toEqual([expect.objectContaining({ accountId: savings.id, amount: billTotal })]);
    const ver = await cart(c, 'verification', { method: 'otp' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const done = await cart(c, 'confirm', {
      checkoutId: ver.body.checkoutId,
      otp: await latestCode(db, c.phone),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [scheduled, paid] = done.body.results as {
      status: string;
      receipt: { scheduled?: { instructionId: number; nextRunDate: string } };
    }[];
    expect(paid!.status).toBe('success');
    expect(scheduled!.receipt.scheduled).toEqual({ instructionId: expect.any(Number), nextRunDate: date });
    const { rows } = await db.query<{ status: string; amount: number; next: string }>(
      'SELECT status, amount, next_run_date::text AS next FROM scheduled_transfers WHERE id = $1',
      [scheduled!.receipt.scheduled!.instructionId],
    );
    expect(rows).toEqual([{ status: 'active', amount: rp(5_000_000), next: date }]);
    expect(await balanceOf(db, savings.id)).toBe(rp(3_000_000) - billTotal);
    expect(await balanceOf(db, to.id)).toBe(0);
    expect((await cart(c, 'count')).body).toEqual({ count: 0 });
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('verifies the whole cart by one approval in the companion app, which shows every item', async () => {
    const { c, savings } = await threeItems();
    const mobile = await sessionHeaders(db, c.customerId, 'mobile');
    const ver = await cart(c, 'verification', { method: 'approval' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const early = await cart(c, 'confirm', { checkoutId: ver.body.checkoutId });
    expect(early.body.apierror.errorCode).toBe('NOT_VERIFIED');
    const list = await post(app, '/api/mobile/v1/approvals/list', mobile, {});
    const item = list.body.approvals[0];
    const labels = item.summary.rows.map((r: { labelEng: string }) => r.labelEng).join(' | ');
    expect(labels).toMatch(/1\. .*2\. .*3\. /);
    expect(item.summary.title.eng).toBe('3 transactions in the cart');
    const decided = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
      approvalId: item.approvalId,
      decision: 'approve',
      matchNumber: ver.body.matchNumber,
    });
    expect(decided.body).toEqual({ status: 'approved' });
    expect((await cart(c, 'verification/status', { checkoutId: ver.body.checkoutId })).body).toEqual({
      status: 'approved',
    });
    const before = await balanceOf(db, savings.id);
    const done = await cart(c, 'confirm', { checkoutId: ver.body.checkoutId });
    expect(done.body.results.map((r: { status: string }) => r.status)).toEqual([
      'success',
      'success',
      'success',
    ]);
    expect(await balanceOf(db, savings.id)).toBeLessThan(before);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('survives a new login until each item expires, and quotes an expired quote again before verifying', async () => {
    const { c } = await threeItems();
    const later = await sessionHeaders(db, c.customerId);
    await db.query(
      `UPDATE transaction_inquiries SET expires_at = now() - interval '1 minute'
        WHERE id IN (SELECT inquiry_id FROM cart_items WHERE customer_id = $1)`,
      [c.customerId],
    );
    const list = await post(app, '/api/cart/v1/list', later, {});
    expect(list.body.count).toBe(3);
    const hours = (Date.parse(list.body.items[0].expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const ver = await post(app, '/api/cart/v1/verification', later, { method: 'otp' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const done = await post(app, '/api/cart/v1/confirm', later, {
      checkoutId: ver.body.checkoutId,
      otp: await latestCode(db, c.phone),
    });
    expect(done.body.results.map((r: { status: string }) => r.status)).toEqual([
      'success',
      'success',
      'success',
    ]);
  });

  it('refuses, booking nothing: an account no longer allowed, an expired item, a cart over the balance or the limit, a full cart', async () => {
    const journals = async (customerId: number) =>
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal WHERE customer_id = $1', [
          customerId,
        ])
      ).rows[0]!.n;

    // An account blocked since the item was added.
    const a = await threeItems();
    await db.query(`UPDATE accounts SET status = 'blocked' WHERE id = $1`, [a.current.id]);
    const blocked = await cart(a.c, 'verification', { method: 'otp' });
    expect(blocked.status).toBe(422);
    expect(blocked.body.apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
    expect(blocked.body.apierror.errorMessageEng).toMatch(/Edit or remove it; nothing was booked/);
    expect(blocked.body.apierror.errorMessageIdn).toMatch(/tidak ada transaksi yang diproses/);
    expect(await journals(a.c.customerId)).toBe(0);

    // An item kept past its 24 hours.
    const b = await threeItems();
    await db.query(`UPDATE cart_items SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [
      b.c.customerId,
    ]);
    const expired = await cart(b.c, 'verification', { method: 'otp' });
    expect(expired.body.apierror.errorCode).toBe('CART_ITEM_EXPIRED');
    expect((await cart(b.c, 'list')).body.items[0].expired).toBe(true);

    // Each transfer fits the balance; together they do not.
    const c = await customerWithSession(db);
    const small = await insertAccount(db, c.customerId, { balance: rp(150_000) });
    const other = await insertAccount(db, c.customerId, { product: 'current', balance: 0 });
    for (const amount of [rp(100_000), rp(60_000)]) {
      const r = await cart(c, 'add', {
        flowId: 'transfer.own',
        form: { sourceOfFund: String(small.id), beneficiaryAccount: String(other.id), amount, message: 'x' },
      });
      expect(r.status).toBe(200);
    }
    const listed = await cart(c, 'list');
    expect(listed.body.totals[0]).toMatchObject({
      amount: rp(160_000),
      available: rp(150_000),
      enough: false,
    });
    const over = await cart(c, 'verification', { method: 'otp' });
    expect(over.body.apierror.errorCode).toBe('CART_INSUFFICIENT_BALANCE');
    expect(over.body.apierror.errorMessageEng).toContain(small.accountNo);

    // Two bills within the limit each, over the daily limit together.
    const d = await threeItems();
    await setLimits(db, d.c.customerId, 'payment', 1, rp(10_000_000), rp(100));
    const limit = await cart(d.c, 'verification', { method: 'otp' });
    expect(limit.status).toBe(422);
    expect(['CART_OVER_LIMIT', 'DAILY_LIMIT_EXCEEDED']).toContain(limit.body.apierror.errorCode);
    expect(await journals(d.c.customerId)).toBe(0);

    // At most 10 transactions.
    const e = await customerWithSession(db);
    const rich = await insertAccount(db, e.customerId, { balance: rp(10_000_000) });
    const to = await insertAccount(db, e.customerId, { product: 'current', balance: 0 });
    for (let i = 1; i <= 11; i++) {
      const r = await cart(e, 'add', {
        flowId: 'transfer.own',
        form: {
          sourceOfFund: String(rich.id),
          beneficiaryAccount: String(to.id),
          amount: rp(1000 + i),
          message: 'x',
        },
      });
      expect(r.status).toBe(i <= 10 ? 200 : 422);
      if (i > 10) expect(r.body.apierror.errorCode).toBe('CART_FULL');
    }
    // Removing one makes room.
    const first = (await cart(e, 'list')).body.items[0].itemId;
    expect((await cart(e, 'remove', { itemId: first })).body).toEqual({ count: 9 });
    expect((await cart(e, 'remove', { itemId: first })).status).toBe(404);
    expect(await journals(e.customerId)).toBe(0);
  });

  it('posts each item on its own: one that fails on the day does not undo the others, and says why', async () => {
    const { c, savings, current } = await threeItems();
    const ver = await cart(c, 'verification', { method: 'otp' });
    // The top-up's account is blocked between the verification and the confirm.
    await db.query(`UPDATE accounts SET status = 'blocked' WHERE id = $1`, [current.id]);
    const before = await balanceOf(db, savings.id);
    const done = await cart(c, 'confirm', {
      checkoutId: ver.body.checkoutId,
      otp: await latestCode(db, c.phone),
    });
    const results = done.body.results as {
      flowId: string;
      status: string;
      error?: { errorCode: string; errorMessageIdn: string };
    }[];
    expect(results.map((r) => [r.flowId, r.status])).toEqual([
      ['transfer.own', 'success'],
      ['payment.bpjs', 'success'],
      ['purchase.mobile', 'failed'],
    ]);
    expect(results[2]!.error!.errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(results[2]!.error!.errorMessageIdn).toBeTruthy();
    expect(await balanceOf(db, savings.id)).toBeLessThan(before);
    // The failed one stays in the cart, to be edited or removed.
    const left = await cart(c, 'list');
    expect(left.body.items.map((i: { flowId: string }) => i.flowId)).toEqual(['purchase.mobile']);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('keeps out what the FDS risk rule flags (a first Rp 10 million to someone new), booking nothing', async () => {
    const c = await customerWithSession(db);
    const from = await insertAccount(db, c.customerId, { balance: rp(50_000_000) });
    const payee = await customerWithSession(db);
    const to = await insertAccount(db, payee.customerId, { balance: 0 });
    await setLimits(db, c.customerId, 'transfer', 1, rp(1_000_000_000), rp(1_000_000_000));
    const form = (amount: number) => ({
      sourceOfFund: String(from.id),
      beneficiaryAccountNo: to.accountNo,
      purpose: 'family',
      amount,
    });
    const big = await cart(c, 'add', { flowId: 'transfer.samebank', form: form(rp(10_000_000)) });
    expect(big.status).toBe(422);
    expect(big.body.apierror).toMatchObject({ errorCode: 'CART_FDS_CHALLENGE' });
    expect(big.body.apierror.errorMessageIdn).toContain('pemeriksaan keamanan');
    // Below the rule it goes in; edited up to it, it is refused and the item keeps its old form.
    const small = await cart(c, 'add', { flowId: 'transfer.samebank', form: form(rp(9_000_000)) });
    expect(small.status).toBe(200);
    const edited = await cart(c, 'update', { itemId: small.body.itemId, form: form(rp(10_000_000)) });
    expect(edited.status).toBe(422);
    expect(edited.body.apierror.errorCode).toBe('CART_FDS_CHALLENGE');
    expect(Object.keys(edited.body.apierror.fields)).toEqual([`/items/${small.body.itemId}`]);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM journal j JOIN transaction_inquiries i ON i.id = j.inquiry_id WHERE i.customer_id = $1',
      [c.customerId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('edits an item back from its form, and checks every call against its schema', async () => {
    const { c, savings, current } = await threeItems();
    const item = (await cart(c, 'list')).body.items[0];
    const edited = await cart(c, 'update', {
      itemId: item.itemId,
      form: { ...item.form, amount: rp(200_000) },
    });
    expect(edited.status).toBe(200);
    const after = (await cart(c, 'list')).body.items.find(
      (i: { itemId: number }) => i.itemId === item.itemId,
    );
    expect(after.quote.amount.amount).toBe(rp(200_000));
    const bad = await cart(c, 'update', {
      itemId: item.itemId,
      form: {
        sourceOfFund: String(savings.id),
        beneficiaryAccount: String(current.id),
        amount: -1,
        message: 'x',
      },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.body.apierror.errorMessageIdn).toBeTruthy();
    expect((await cart(c, 'add', { flowId: 'transfer.own' })).status).toBe(400);
    expect((await cart(c, 'verification', { method: 'sms' })).status).toBe(400);
    expect((await cart(c, 'remove', { itemId: 'x' })).status).toBe(400);
    expect((await post(app, '/api/cart/v1/list', {}, {})).status).toBe(401);
  });
});
