import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedInvest } from '../../../src/server/invest/seed';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import { navOn } from '../../../src/server/invest/nav';
import { addBusinessDays, longDate } from '../../../src/server/invest/funds';
import { navDateFor } from '../../../src/shared/invest/fund-orders';
import { fourText, parseFour, unitsFor, unitsValue } from '../../../src/shared/invest/units';
import { holdUnits, investor, movementsOf, unitsOf } from './investor';
import { serverRegistry } from '../../../src/server/domains';
import { balanceOf, bothEngines, insertAccount, transact, unbalancedJournals, useTestApp } from '../../kit';

const rp = (rupiah: number) => rupiah * 100;
const catalog = loadCatalog();

/** What the orders' NAV date is when the test runs, and instants around its publication. */
const navDate = navDateFor(new Date(), '12:00');
const at = (date: string, time: string) => () => new Date(`${date}T${time}:00+07:00`);

// Everything here meets the settlement sweep, which the engines run differently (locks, SKIP LOCKED).
describe.each(bothEngines)('mutual fund orders, settled at the next NAV, on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false, settlementIntervalMs: 0, seed: seedInvest });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  const journal = async (referenceNo: string) =>
    (
      await db.query<{
        id: number;
        status: string;
        amount: number;
        details: { receipt: { details: Record<string, unknown> } };
      }>('SELECT id, status, amount, details FROM journal WHERE reference_no = $1', [referenceNo])
    ).rows[0]!;
  const makeDue = () =>
    db.query(`UPDATE pending_settlements SET next_check_at = now() - interval '1 second'`);

  it('buys: money held, the order pending until the NAV date, then units allotted once however many servers settle', async () => {
    const { c, account } = await investor(db);
    const form = { fund: 'MF-PCF', sourceOfFund: String(account.id), amount: rp(1_000_000) };
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.fund-subscription', form);
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      fundName: 'Principal Cash Fund',
      navDate,
      subscriptionFee: { amount: 0, currency: 'IDR' },
      netInvestment: { amount: rp(1_000_000), currency: 'IDR' },
      firstPurchase: true,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('pending');
    expect(receipt.body.error).toMatchObject({ errorCode: '0097' });
    expect(receipt.body.error.errorMessageEng).toContain(`NAV of ${longDate(navDate, 'en')}`);
    expect(receipt.body.error.errorMessageIdn).toContain(`NAB tanggal ${longDate(navDate, 'id')}`);
    expect(await balanceOf(db, account.id)).toBe(rp(99_000_000));
    expect(await movementsOf(db, c.customerId)).toEqual([
      expect.objectContaining({
        product_code: 'MF-PCF',
        kind: 'subscription',
        status: 'pending',
        units: null,
      }),
    ]);

    // The morning of the NAV date: not published yet, still in progress.
    await makeDue();
    expect(
      await settleDuePayments(db, catalog, serverRegistry(), { now: at(navDate, '10:00') }),
    ).toMatchObject({ pending: 1 });
    expect((await journal(receipt.body.referenceNo)).status).toBe('pending');

    // After 17:00 WIB the NAV is out: two servers sweep at once, the order is settled once.
    await makeDue();
    const runs = await Promise.all([
      settleDuePayments(db, catalog, serverRegistry(), { now: at(navDate, '18:00') }),
      settleDuePayments(db, catalog, serverRegistry(), { now: at(navDate, '18:00') }),
    ]);
    expect(runs.reduce((n, r) => n + r.success, 0)).toBe(1);
    const nav = (await navOn(db, 'MF-PCF', navDate))!;
    const units = fourText(unitsFor(rp(1_000_000), nav, 'IDR'));
    expect(await unitsOf(db, c.customerId, 'MF-PCF')).toBe(units);
    expect(await movementsOf(db, c.customerId)).toEqual([
      expect.objectContaining({ kind: 'subscription', status: 'success', units, nav }),
    ]);
    const j = await journal(receipt.body.referenceNo);
    expect(j.status).toBe('success');
    expect(j.details.receipt.details).toMatchObject({ allottedUnits: units, nav });
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('redeems: units reserved at once, proceeds paid into the account on the payment date', async () => {
    const { c, account } = await investor(db);
    const usd = await insertAccount(db, c.customerId, { balance: 0, currency: 'USD' });
    await holdUnits(db, c.customerId, 'MF-BDUSD', '1500.0000', 1_850_00);
    const form = { fund: 'MF-BDUSD', units: '500', destinationAccount: String(usd.id) };
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.fund-redemption', form);
    expect(inquiry.status).toBe(200);
    const paymentDate = addBusinessDays(navDate, 1);
    expect(inquiry.body.details).toMatchObject({
      units: '500.0000',
      heldUnits: '1500.0000',
      navDate,
      paymentDate,
    });
    expect(receipt.body.status).toBe('pending');
    expect(await unitsOf(db, c.customerId, 'MF-BDUSD')).toBe('1000.0000');

    // Priced on the NAV date, but nothing is paid before the payment date.
    await makeDue();
    await settleDuePayments(db, catalog, serverRegistry(), { now: at(navDate, '18:00') });
    expect(await balanceOf(db, usd.id)).toBe(0);
    await makeDue();
    expect(
      await settleDuePayments(db, catalog, serverRegistry(), { now: at(paymentDate, '08:00') }),
    ).toMatchObject({
      success: 1,
    });
    const nav = (await navOn(db, 'MF-BDUSD', navDate))!;
    const gross = unitsValue(parseFour('500')!, nav, 'USD');
    const proceeds = gross - Math.round((gross * 50) / 10_000); // 0.50% redemption fee
    expect(await balanceOf(db, usd.id)).toBe(proceeds);
    const j = await journal(receipt.body.referenceNo);
    expect(j).toMatchObject({ status: 'success', amount: proceeds });
    expect(await movementsOf(db, c.customerId)).toEqual([
      expect.objectContaining({
        kind: 'redemption',
        status: 'success',
        units: '-500.0000',
        nav,
        amount: proceeds,
      }),
    ]);
    expect(account.id).toBeGreaterThan(0);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('switches: units out of one fund and into the other at the NAVs of the same date', async () => {
    const { c } = await investor(db);
    await holdUnits(db, c.customerId, 'MF-MONI2', '200.0000', rp(500_000));
    const { receipt } = await transact(app, db, c, 'applyandinvest.fund-switching', {
      fund: 'MF-MONI2',
      targetFund: 'MF-PCF',
      units: '200',
    });
    expect(receipt.body.status).toBe('pending');
    expect(await unitsOf(db, c.customerId, 'MF-MONI2')).toBeNull();
    await makeDue();
    expect(
      await settleDuePayments(db, catalog, serverRegistry(), { now: at(navDate, '18:00') }),
    ).toMatchObject({ success: 1 });
    const out = (await navOn(db, 'MF-MONI2', navDate))!;
    const into = (await navOn(db, 'MF-PCF', navDate))!;
    const gross = unitsValue(parseFour('200')!, out, 'IDR');
    const value = gross - Math.round((gross * 50) / 10_000); // 0.50% switching fee
    expect(await unitsOf(db, c.customerId, 'MF-PCF')).toBe(fourText(unitsFor(value, into, 'IDR')));
    expect((await movementsOf(db, c.customerId)).map((m) => [m.product_code, m.kind, m.status])).toEqual([
      ['MF-MONI2', 'switch_out', 'success'],
      ['MF-PCF', 'switch_in', 'success'],
    ]);
  });

  it('sets up a regular plan: today’s order and the monthly ones the scheduler runs', async () => {
    const { c, account } = await investor(db);
    const { inquiry, receipt } = await transact(app, db, c, 'applyandinvest.fund-regular', {
      fund: 'MF-PCF',
      sourceOfFund: String(account.id),
      amount: rp(500_000),
      months: 12,
      dayOfMonth: 10,
    });
    expect(inquiry.status).toBe(200);
    expect(receipt.body.status).toBe('pending');
    const { rows } = await db.query<{
      flow_id: string;
      amount: number;
      max_runs: number;
      recurrence: unknown;
    }>('SELECT flow_id, amount, max_runs, recurrence FROM scheduled_transfers WHERE customer_id = $1', [
      c.customerId,
    ]);
    expect(rows).toEqual([
      {
        flow_id: 'applyandinvest.fund-subscription',
        amount: rp(500_000),
        max_runs: 11,
        recurrence: { every: 'month', dayOfMonth: 10 },
      },
    ]);
    // The scheduler runs the next month's order as a subscription of its own, waiting for its NAV.
    await db.query(`UPDATE scheduled_transfers SET next_run_at = now() WHERE customer_id = $1`, [
      c.customerId,
    ]);
    const run = await runDueInstructions(db, {
      runner: ledgerRunner(db, catalog, serverRegistry()),
      notify: async () => {},
    });
    expect(run).toMatchObject({ pending: 1, failed: 0 });
    expect((await movementsOf(db, c.customerId)).map((m) => [m.kind, m.status, m.amount])).toEqual([
      ['subscription', 'pending', rp(500_000)],
      ['subscription', 'pending', rp(500_000)],
    ]);
    expect(await balanceOf(db, account.id)).toBe(rp(99_000_000));
  });
});
