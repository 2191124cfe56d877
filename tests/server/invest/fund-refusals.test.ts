import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedInvest } from '../../../src/server/invest/seed';
import { holdUnits, investor, movementsOf, unitsOf } from './investor';
import { balanceOf, post, testDbs, transact, useTestApp } from '../../kit';

const rp = (rupiah: number) => rupiah * 100;

describe.each(testDbs)('mutual fund orders refused on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false, settlementIntervalMs: 0, seed: seedInvest });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);
  afterEach(() => {
    vi.useRealTimers();
  });

  const nothingBooked = async (customerId: number, accountId: number, balance: number) => {
    expect(await movementsOf(db, customerId)).toEqual([]);
    expect(await balanceOf(db, accountId)).toBe(balance);
    const { rows } = await db.query('SELECT 1 FROM journal WHERE customer_id = $1', [customerId]);
    expect(rows).toEqual([]);
  };

  it.each([
    [
      'below the fund minimum',
      { amount: rp(50_000) },
      422,
      'AMOUNT_BELOW_MINIMUM',
      '/form/amount',
      /Rp 100\.000/,
    ],
    ['not in its multiple', { amount: rp(100_500) }, 422, 'AMOUNT_MULTIPLE', '/form/amount', /Rp 1\.000/],
    [
      'a dollar fund from a rupiah account',
      { fund: 'MF-BDUSD' },
      422,
      'FUND_CURRENCY',
      '/form/sourceOfFund',
      /USD/,
    ],
    ['a fund that does not exist', { fund: 'MF-NOPE' }, 404, '0912', '/form/fund', /tidak ditawarkan/],
  ])(
    'a subscription %s: a clear message on its field, nothing booked',
    async (_w, over, status, code, field, idn) => {
      const { c, account } = await investor(db);
      const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'applyandinvest.fund-subscription',
        form: { fund: 'MF-PCF', sourceOfFund: String(account.id), amount: rp(1_000_000), ...over },
      });
      expect(res.status).toBe(status);
      expect(res.body.apierror.errorCode).toBe(code);
      expect(res.body.apierror.fields[field].idn).toMatch(idn);
      expect(res.body.apierror.fields[field].eng).toBeTruthy();
      await nothingBooked(c.customerId, account.id, rp(100_000_000));
    },
  );

  it('refuses a fund above the risk profile before the form and at inquiry, in both languages', async () => {
    const { c, account } = await investor(db, { profile: 2 });
    const gate = await post(app, '/api/transaction/v1/eligibility', c.headers, {
      flowId: 'applyandinvest.fund-subscription',
      form: { fund: 'MF-SDP' },
    });
    expect(gate.status).toBe(409);
    expect(gate.body.apierror).toMatchObject({ sourceSystem: 'WMS', errorCode: 'RISK_ABOVE_PROFILE' });
    expect(gate.body.apierror.errorMessageIdn).toMatch(/pernyataan risiko/i);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.fund-subscription',
      form: { fund: 'MF-SDP', sourceOfFund: String(account.id), amount: rp(1_000_000) },
    });
    expect(res.status).toBe(409);
    expect(res.body.apierror.errorCode).toBe('RISK_ABOVE_PROFILE');
    // The fund within the profile is fine.
    const ok = await post(app, '/api/transaction/v1/eligibility', c.headers, {
      flowId: 'applyandinvest.fund-subscription',
      form: { fund: 'MF-PCF' },
    });
    expect(ok.status).toBe(200);
    await nothingBooked(c.customerId, account.id, rp(100_000_000));
  });

  it.each([
    ['no investor id', { investorId: false }, 'WMS', '0904'],
    ['no risk profile', { profile: 0 }, 'WMS', 'RISK_PROFILE_REQUIRED'],
  ])('refuses a customer with %s (spec section 8 dialogs)', async (_w, opts, source, code) => {
    const { c } = await investor(db, opts);
    const res = await post(app, '/api/transaction/v1/eligibility', c.headers, {
      flowId: 'applyandinvest.fund-subscription',
    });
    expect(res.body.apierror).toMatchObject({ sourceSystem: source, errorCode: code });
  });

  it('refuses to redeem or switch without fund units (CLICKS 0092)', async () => {
    const { c } = await investor(db);
    for (const flowId of ['applyandinvest.fund-redemption', 'applyandinvest.fund-switching']) {
      const res = await post(app, '/api/transaction/v1/eligibility', c.headers, { flowId });
      expect(res.status).toBe(422);
      expect(res.body.apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: '0092' });
    }
  });

  it.each([
    ['more units than held', '150', 'UNITS_ABOVE_HOLDING', /100\.0000 unit/],
    ['fewer than the minimum', '5', 'UNITS_BELOW_MINIMUM', /Minimum 10\.0000 unit/],
    ['leaving less than the minimum', '95', 'UNITS_REMAINING', /Minimal 10\.0000 unit/],
  ])('refuses a redemption of %s, reserving nothing', async (_w, units, code, idn) => {
    const { c, account } = await investor(db);
    await holdUnits(db, c.customerId, 'MF-PCF', '100.0000', rp(160_000));
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.fund-redemption',
      form: { fund: 'MF-PCF', units, destinationAccount: String(account.id) },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe(code);
    expect(res.body.apierror.fields['/form/units'].idn).toMatch(idn);
    expect(await unitsOf(db, c.customerId, 'MF-PCF')).toBe('100.0000');
  });

  it('refuses units with more than 4 decimals as the form rule, and redeems all units at once', async () => {
    const { c, account } = await investor(db);
    await holdUnits(db, c.customerId, 'MF-PCF', '100.0000', rp(160_000));
    const bad = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.fund-redemption',
      form: { fund: 'MF-PCF', units: '1.23456', destinationAccount: String(account.id) },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toMatch(/must match pattern/);
    const all = await transact(app, db, c, 'applyandinvest.fund-redemption', {
      fund: 'MF-PCF',
      units: '100',
      destinationAccount: String(account.id),
    });
    expect(all.receipt.body.status).toBe('pending');
    expect(await unitsOf(db, c.customerId, 'MF-PCF')).toBeNull();
  });

  it('says on verify that an order after the cut-off gets the next business day’s NAV', async () => {
    const { c, account } = await investor(db);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Friday 27 November 2026, 13:00 WIB: after the 12:00 cut-off.
    vi.setSystemTime(new Date('2026-11-27T06:00:00Z'));
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.fund-subscription',
      form: { fund: 'MF-PCF', sourceOfFund: String(account.id), amount: rp(1_000_000) },
    });
    vi.useRealTimers();
    expect(res.status).toBe(200);
    expect(res.body.details.navDate).toBe('2026-11-30');
    expect(res.body.details.cutOffNote.en).toContain('12:00 WIB');
    expect(res.body.details.cutOffNote.id).toContain('30 November 2026');
  });

  it('works out a CRISP plan’s monthly amount, and CRISP Plus adds life cover within its age limits', async () => {
    const { c, account } = await investor(db);
    const form = {
      fund: 'MF-PCF',
      sourceOfFund: String(account.id),
      targetAmount: rp(10_000_000),
      months: 24,
      dayOfMonth: 5,
    };
    const crisp = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.fund-crisp',
      form,
    });
    // Rp 10,000,000 over 24 months, rounded up to Rp 10,000: Rp 420,000 a month.
    expect(crisp.body.details).toMatchObject({
      monthlyAmount: { amount: rp(420_000) },
      orderAmount: { amount: rp(420_000) },
      planTotal: { amount: rp(10_080_000) },
    });
    const { receipt } = await transact(app, db, c, 'applyandinvest.fund-crispplus', form);
    expect(receipt.status).toBe(200);
    const policy = await db.query<{ product: string; sum_assured: number; premium: number }>(
      'SELECT product, sum_assured, premium FROM insurance_policies WHERE customer_id = $1',
      [c.customerId],
    );
    expect(policy.rows).toEqual([
      { product: 'CRISP Plus Life Cover', sum_assured: rp(10_000_000), premium: 0 },
    ]);
    expect(receipt.body.details.policyNo).toMatch(/^CRP\d{13}$/);

    const older = await investor(db, { birth: '1960-01-01' });
    const refused = await post(app, '/api/transaction/v1/eligibility', older.c.headers, {
      flowId: 'applyandinvest.fund-crispplus',
    });
    expect(refused.body.apierror.errorCode).toBe('AGE_NOT_ELIGIBLE');
  });
});
