import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { seedInvest } from '../../../src/server/invest/seed';
import { investmentEligibility, riskProfileOf } from '../../../src/server/invest/risk-profile';
import { timeDepositRate } from '../../../src/server/invest/catalogue';
import { client, testDbs, useTestApp, writeCounts } from '../../kit';

const DAY_MS = 86_400_000;

describe.each(testDbs)('apply & invest read side on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budiId: number;
  const t = useTestApp({
    engine,
    seed: async (db) => {
      await seedDemo(db);
      expect(await seedInvest(db)).toBe(true);
      expect(await seedInvest(db)).toBe(false);
    },
  });
  beforeAll(async () => {
    ({ app, db } = t);
    budiId = (await db.query<{ id: number }>(`SELECT id FROM customers WHERE user_id = 'budisantoso'`))
      .rows[0]!.id;
  });

  const loggedIn = async (userId = 'budisantoso', password = 'Budi@2026') => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId, password })).statusCode).toBe(200);
    return c;
  };

  it('lists time deposits with a rate per tenor and amount tier, and every category of the catalogue', async () => {
    const c = await loggedIn();
    const td = (await c.post('/api/invest/v1/products', { category: 'timedeposit' })).json().products;
    const idr = td.find((p: { code: string }) => p.code === 'TD-IDR');
    expect(idr.facts.minPlacement).toEqual({ amount: 1_000_000_000, currency: 'IDR' });
    expect(idr.facts.tenors.map((t: { months: number }) => t.months)).toEqual([1, 3, 6, 12]);
    expect(idr.facts.tenors[2]).toEqual({
      months: 6,
      tiers: [
        { from: { amount: 1_000_000_000, currency: 'IDR' }, rate: '4.2500' },
        { from: { amount: 100_000_000_000, currency: 'IDR' }, rate: '4.5000' },
      ],
    });
    const all = (await c.post('/api/invest/v1/products', {})).json().products;
    expect(new Set(all.map((p: { category: string }) => p.category))).toEqual(
      new Set(['saving', 'timedeposit', 'creditcard', 'loan', 'insurance']),
    );
    const sompo = (await c.post('/api/invest/v1/product-detail', { code: 'INS-SOMPO-PA' })).json();
    expect(sompo.facts).toMatchObject({ provider: 'SOMPO', inquirySteps: 2 });
    expect(sompo.description.id).toContain('Sompo');
  });

  it('gives the time deposit rate of the tier an amount reaches, and refuses what the product does not offer', async () => {
    const idr = (rupiah: number) => ({ amount: rupiah * 100, currency: 'IDR' });
    expect((await timeDepositRate(db, 'TD-IDR', 6, idr(10_000_000))).rate).toBe('4.2500');
    expect((await timeDepositRate(db, 'TD-IDR', 6, idr(999_999_999))).rate).toBe('4.2500');
    expect((await timeDepositRate(db, 'TD-IDR', 6, idr(1_000_000_000))).rate).toBe('4.5000');
    await expect(timeDepositRate(db, 'TD-IDR', 6, idr(9_999_999))).rejects.toMatchObject({
      errorCode: 'TD_MIN_PLACEMENT',
    });
    await expect(timeDepositRate(db, 'TD-IDR', 2, idr(50_000_000))).rejects.toMatchObject({
      errorCode: 'TD_TENOR',
    });
    await expect(timeDepositRate(db, 'TD-USD', 1, idr(50_000_000))).rejects.toMatchObject({
      errorCode: 'TD_CURRENCY',
    });
    await expect(timeDepositRate(db, 'SAV-XTRA', 1, idr(50_000_000))).rejects.toMatchObject({
      errorCode: 'TD_PRODUCT',
    });
  });

  it('answers an unknown product with 404 and a malformed request with 400, both as apierror', async () => {
    const c = await loggedIn();
    const missing = await c.post('/api/invest/v1/fund-detail', { code: 'MF-NOPE' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().apierror).toMatchObject({ sourceSystem: 'WMS', errorCode: 'PRODUCT_NOT_FOUND' });
    expect(missing.json().apierror.errorMessageIdn).toBe('Produk ini tidak ditawarkan.');
    expect((await c.post('/api/invest/v1/products', { category: 'gold' })).statusCode).toBe(400);
    expect((await c.post('/api/invest/v1/fund-detail', { code: "x'; drop" })).statusCode).toBe(400);
    expect((await client(app).post('/api/invest/v1/funds', {})).statusCode).toBe(401);
  });

  it("shows which funds Budi's moderate profile allows, and a year of NAVs ending at the published NAV", async () => {
    const c = await loggedIn();
    const res = (await c.post('/api/invest/v1/funds', {})).json();
    expect(res.profile).toMatchObject({ profile: 3, expired: false });
    expect(res.investor.sid).toBe('IDD2403871234567');
    const byCode = Object.fromEntries(res.funds.map((f: { code: string }) => [f.code, f]));
    expect(byCode['MF-PCF'].eligibility).toEqual({ allowed: true, reason: 'within_profile' });
    expect(byCode['MF-MONI2'].eligibility).toEqual({ allowed: true, reason: 'within_profile' });
    expect(byCode['MF-STB2'].eligibility).toEqual({ allowed: false, reason: 'above_profile' });
    expect(byCode['MF-SDP'].eligibility).toEqual({ allowed: false, reason: 'above_profile' });
    expect(byCode['MF-PCF'].return1y).toMatch(/^-?\d+\.\d{2}$/);

    const fund = (await c.post('/api/invest/v1/fund-detail', { code: 'MF-SDP' })).json();
    expect(fund.history.length).toBeGreaterThan(240);
    expect(fund.history.at(-1)).toEqual({ date: fund.navDate, value: fund.nav });
    expect(fund).toMatchObject({
      cutoffTime: '12:00',
      subscriptionFee: '2.00',
      minSubscription: { amount: 10_000_000 },
    });
    expect(Object.values(fund.returns).every((r) => typeof r === 'string')).toBe(true);
    // The fund's page and the list give the same year's return.
    expect(fund.returns.y1).toBe(byCode['MF-SDP'].return1y);
    // A year of NAVs on the chart, though the returns read a week more.
    expect(Date.parse(fund.navDate) - Date.parse(fund.history[0].date)).toBeLessThan(366 * DAY_MS);
  });

  it('lists bonds with their offering period status and secondary prices', async () => {
    const c = await loggedIn();
    const bonds = (await c.post('/api/invest/v1/bonds', {})).json().bonds;
    const byCode = Object.fromEntries(bonds.map((b: { code: string }) => [b.code, b]));
    expect(byCode.ORI028.offer.status).toBe('open');
    expect(byCode.ST015.offer.status).toBe('upcoming');
    expect(byCode.SBR014.offer.status).toBe('closed');
    expect(byCode.FR0100).toMatchObject({
      offer: null,
      bidPrice: '98.9000',
      offerPrice: '99.5000',
      tradable: true,
    });
    expect(byCode.ST015.tradable).toBe(false);
    const detail = (await c.post('/api/invest/v1/bond-detail', { code: 'FR0100' })).json();
    expect(detail.history.at(-1).value).toBe('99.2000');
  });

  it('values bonds at the bank bid for monitoring, with the next coupon', async () => {
    const c = await loggedIn();
    const { holdings, investor } = (await c.post('/api/invest/v1/bonds-monitoring', {})).json();
    expect(investor.securitiesAccountNo).toBe('CN001-0038-7123456');
    const fr = holdings.find((h: { code: string }) => h.code === 'FR0100');
    // Rp 100,000,000 face at 98.90%, cost Rp 98,750,000; half a year of 6.625%.
    expect(fr.marketValue).toEqual({ amount: 9_890_000_000, currency: 'IDR' });
    expect(fr.unrealized).toEqual({ amount: 15_000_000, currency: 'IDR' });
    expect(fr.nextCoupon).toEqual({ amount: 331_250_000, currency: 'IDR' });
    expect(fr.nextCouponDate).toMatch(/-02-15$|-08-15$/);
  });

  it('scores the questionnaire, refuses an incomplete one without writing, and drops old statements', async () => {
    const c = await loggedIn();
    const before = await writeCounts(db);
    const partial = await c.post('/api/invest/v1/risk-profile/submit', {
      answers: { age: 'a', horizon: 'e' },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().apierror.errorCode).toBe('RISK_PROFILE_INCOMPLETE');
    expect(partial.json().apierror.fields['/answers/objective']).toEqual({
      eng: 'Answer this question.',
      idn: 'Jawab pertanyaan ini.',
    });
    expect((await c.post('/api/invest/v1/risk-profile/submit', { answers: { age: 'z' } })).statusCode).toBe(
      400,
    );
    expect(await writeCounts(db)).toEqual(before);

    // Above the profile: the statement makes the fund allowed, and a new profile drops it.
    const ack = await c.post('/api/invest/v1/risk-acknowledge', { productCode: 'MF-SDP', accepted: true });
    expect(ack.json().eligibility).toEqual({ allowed: true, reason: 'acknowledged' });
    const within = await c.post('/api/invest/v1/risk-acknowledge', { productCode: 'MF-PCF', accepted: true });
    expect(within.statusCode).toBe(409);
    expect(within.json().apierror.errorCode).toBe('RISK_WITHIN_PROFILE');
    expect(await investmentEligibility(db, budiId, 'MF-SDP')).toEqual({
      allowed: true,
      reason: 'acknowledged',
    });

    const answers = {
      age: 'e',
      horizon: 'a',
      objective: 'a',
      experience: 'a',
      share: 'e',
      income: 'a',
      reaction: 'a',
    };
    const saved = (await c.post('/api/invest/v1/risk-profile/submit', { answers })).json().profile;
    expect(saved).toMatchObject({ profile: 1, score: 7, expired: false, answers });
    expect(Date.parse(saved.expiresAt) - Date.parse(saved.assessedAt)).toBeGreaterThan(364 * DAY_MS);
    expect(await investmentEligibility(db, budiId, 'MF-SDP')).toEqual({
      allowed: false,
      reason: 'above_profile',
    });
    expect(await investmentEligibility(db, budiId, 'MF-MONI2')).toEqual({
      allowed: false,
      reason: 'above_profile',
    });
    expect(await investmentEligibility(db, budiId, 'MF-PCF')).toEqual({
      allowed: true,
      reason: 'within_profile',
    });
  });

  it('treats an expired profile as allowing nothing, and a customer without an investor account as not eligible', async () => {
    const later = new Date(Date.now() + 400 * DAY_MS);
    expect((await riskProfileOf(db, budiId, later))?.expired).toBe(true);
    expect(await investmentEligibility(db, budiId, 'MF-PCF', later)).toEqual({
      allowed: false,
      reason: 'profile_expired',
    });
    const dewi = (await db.query<{ id: number }>(`SELECT id FROM customers WHERE user_id = 'dewifds'`))
      .rows[0]!.id;
    expect((await riskProfileOf(db, dewi))?.expired).toBe(true);
    expect(await investmentEligibility(db, dewi, 'MF-PCF')).toEqual({
      allowed: false,
      reason: 'no_investor_account',
    });
    expect(await investmentEligibility(db, dewi, 'NOPE')).toBeNull();
  });
});
