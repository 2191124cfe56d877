import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { autoTopUpRunner } from '../../../src/server/autotopup/runner';
import { openingBalance } from '../../../src/server/autotopup/service-executors';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  setLimits,
  transact,
  unbalancedJournals,
  openTestApp,
  useTestApp,
} from '../../kit';

const FLOW = 'purchase.ewallet-autotopup';
const FEE = 100_000; // the e-wallet top-up's admin fee (flows/purchase/ewallet.json)

describe.each(bothEngines)('e-wallet auto top-up on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let c: Customer;
  let acct: { id: number };
  let runner: ReturnType<typeof autoTopUpRunner>;
  let linkId: number;
  const phone = '081298761234';
  // No timers: the test runs the scheduler's checks itself.
  const t = useTestApp({ engine, demo: false, schedulerIntervalMs: 0, settlementIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
    runner = autoTopUpRunner(db, loadCatalog(), serverRegistry());
    c = await customerWithSession(db);
    acct = await insertAccount(db, c.customerId, { balance: 50_000_000 });
    await setLimits(db, c.customerId, 'purchase', 1_000, 100_000_000_000, 1_000_000_000_000);
  }, 120_000);

  const links = async () =>
    (await post(app, '/api/ewallet/v1/autotopup/list', c.headers, {})).body.links as {
      id: string;
      walletBalance: { amount: number };
      accountName: string;
      topups: { status: string; referenceNo?: string; amount: { amount: number }; error?: { en: string } }[];
    }[];
  const wallet = async () =>
    Number(
      (
        await db.query<{ wallet_balance: number }>('SELECT wallet_balance FROM ewallet_links WHERE id = $1', [
          linkId,
        ])
      ).rows[0]!.wallet_balance,
    );
  const lowerTo = (minor: number) =>
    db.query('UPDATE ewallet_links SET wallet_balance = $2 WHERE id = $1', [linkId, minor]);

  it('links GoPay after the e-wallet names its holder and the customer verifies; other e-wallets are refused', async () => {
    const form = {
      sourceOfFund: String(acct.id),
      company: 'GOPAY',
      phoneNumber: phone,
      threshold: 5_000_000,
      topupAmount: 10_000_000,
    };
    const ovo = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: FLOW,
      form: { ...form, company: 'OVO' },
    });
    expect(ovo.status).toBe(422);
    expect(ovo.body.apierror.errorCode).toBe('INVALID_CHOICE');
    const { inquiry, receipt } = await transact(app, db, c, FLOW, form);
    expect(inquiry.body.details).toMatchObject({
      customerName: expect.any(String),
      linkChange: { eng: 'Link a new account' },
    });
    expect(receipt.body.status).toBe('success');
    const [l] = await links();
    linkId = Number(l!.id);
    expect(l!.accountName).toBe(inquiry.body.details.customerName);
    expect(l!.walletBalance.amount).toBe(openingBalance('GOPAY', phone));
    // Linked: no money moved.
    expect(await balanceOf(db, acct.id)).toBe(50_000_000);
  });

  it('tops it up through the ledger when its balance falls below the threshold, once, and shows it', async () => {
    await lowerTo(6_000_000);
    expect((await runner.runDue()).success).toBe(0); // above the threshold: nothing due
    await lowerTo(4_000_000);
    const counts = await runner.runDue();
    expect(counts.success).toBe(1);
    expect(await wallet()).toBe(14_000_000);
    expect(await balanceOf(db, acct.id)).toBe(50_000_000 - 10_000_000 - FEE);
    // Checked again (another server, the balance report): above the threshold now, nothing more.
    expect(await runner.check(linkId)).toBe('enough');
    expect(await balanceOf(db, acct.id)).toBe(50_000_000 - 10_000_000 - FEE);
    const { rows } = await db.query<{ flow_id: string; description_eng: string; idempotency_key: string }>(
      `SELECT flow_id, description_eng, idempotency_key FROM journal WHERE customer_id = $1 AND flow_id = 'purchase.ewallet'`,
      [c.customerId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotency_key).toBe(`autotopup-${linkId}-1`);
    expect(rows[0]!.description_eng).toBe(`E-wallet top-up ${phone}`);
    const [l] = await links();
    expect(l!.topups).toEqual([
      expect.objectContaining({
        status: 'success',
        amount: { amount: 10_000_000, currency: 'IDR' },
        referenceNo: expect.any(String),
      }),
    ]);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('two servers checking at once top up once', async () => {
    await lowerTo(1_000_000);
    const before = await balanceOf(db, acct.id);
    const outcomes = await Promise.all([runner.check(linkId), runner.check(linkId), runner.runDue()]);
    expect(await balanceOf(db, acct.id)).toBe(before - 10_000_000 - FEE);
    expect(await wallet()).toBe(11_000_000);
    expect(outcomes.length).toBe(3);
  });

  it('books nothing when the account is short, and waits before trying again', async () => {
    await db.query('UPDATE accounts SET balance = 5000000 WHERE id = $1', [acct.id]);
    await lowerTo(0);
    expect((await runner.runDue()).failed).toBe(1);
    expect(await balanceOf(db, acct.id)).toBe(5_000_000);
    expect(await wallet()).toBe(0);
    const [l] = await links();
    expect(l!.topups[0]).toMatchObject({
      status: 'failed',
      error: { en: expect.stringMatching(/balance/i) },
    });
    // Not due again until the wait is over, even with money back.
    await db.query('UPDATE accounts SET balance = 50000000 WHERE id = $1', [acct.id]);
    expect(await runner.runDue()).toMatchObject({ success: 0, failed: 0 });
    await db.query("UPDATE ewallet_links SET retry_after = now() - interval '1 second' WHERE id = $1", [
      linkId,
    ]);
    expect((await runner.runDue()).success).toBe(1);
    expect(await wallet()).toBe(10_000_000);
  });

  it('keeps a top-up the e-wallet answered "in progress" in flight, adds it once paid, and never sends another meanwhile', async () => {
    const pendingPhone = '081298762018'; // the simulated e-wallet answers "in progress" (ESB 2018)
    await db.query('UPDATE ewallet_links SET phone_number = $2, wallet_balance = 0 WHERE id = $1', [
      linkId,
      pendingPhone,
    ]);
    const before = await balanceOf(db, acct.id);
    expect((await runner.runDue()).pending).toBe(1);
    expect((await runner.runDue()).pending).toBe(1); // asked again: still in flight, no second top-up
    expect(await balanceOf(db, acct.id)).toBe(before - 10_000_000 - FEE);
    expect(await wallet()).toBe(0);
    // The bank's settlement asks the e-wallet again once its answer is final (BILLER_PENDING_MS).
    process.env.BILLER_PENDING_MS = '0';
    try {
      await db.query('UPDATE pending_settlements SET next_check_at = now()');
      expect((await settleDuePayments(db, loadCatalog(), serverRegistry())).success).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      delete process.env.BILLER_PENDING_MS;
    }
    expect((await runner.runDue()).success).toBe(1);
    expect(await wallet()).toBe(10_000_000);
    expect(await balanceOf(db, acct.id)).toBe(before - 10_000_000 - FEE);
  });

  it('unlinks: no more top-ups, and another customer cannot touch the link', async () => {
    const other = await customerWithSession(db);
    expect((await post(app, '/api/ewallet/v1/autotopup/unlink', other.headers, { id: linkId })).status).toBe(
      404,
    );
    expect((await post(app, '/api/ewallet/v1/autotopup/unlink', c.headers, { id: linkId })).body).toEqual({
      unlinked: true,
    });
    expect(await links()).toEqual([]);
    await db.query('UPDATE ewallet_links SET wallet_balance = 0 WHERE id = $1', [linkId]);
    const before = await balanceOf(db, acct.id);
    expect((await runner.runDue()).success).toBe(0);
    expect(await balanceOf(db, acct.id)).toBe(before);
  });
});

describe('the demo e-wallet payment', () => {
  it('lowers the balance and the bank checks the link at once', async () => {
    const { app, db, close } = await openTestApp({
      demo: true,
      seed: 'none',
      schedulerIntervalMs: 0,
      settlementIntervalMs: 0,
    });
    try {
      await app.ready();
      const c = await customerWithSession(db);
      const acct = await insertAccount(db, c.customerId, { balance: 50_000_000 });
      await setLimits(db, c.customerId, 'purchase', 1_000, 100_000_000_000, 1_000_000_000_000);
      await transact(app, db, c, FLOW, {
        sourceOfFund: String(acct.id),
        company: 'GOPAY',
        phoneNumber: '081311112222',
        threshold: 100_000_000,
        topupAmount: 2_000_000,
      });
      const list = await post(app, '/api/ewallet/v1/autotopup/list', c.headers, {});
      expect(list.body.demo).toBe(true);
      const link = list.body.links[0] as { id: string; walletBalance: { amount: number } };
      const spent = await post(app, '/api/dev/v1/ewallet/spend', c.headers, {
        id: Number(link.id),
        amount: 1_000_000,
      });
      expect(spent.body).toMatchObject({
        topUp: 'success',
        balanceAfter: link.walletBalance.amount - 1_000_000 + 2_000_000,
      });
      expect(await balanceOf(db, acct.id)).toBe(50_000_000 - 2_000_000 - FEE);
    } finally {
      await close();
    }
  });
});
