import type { Db, Queryable } from '../db/db';
import { BANK_PRODUCTS, BONDS, FUNDS } from './catalogue-data';
import {
  RISK_PROFILE_VALID_MONTHS,
  QUESTIONNAIRE_VERSION,
  scoreAnswers,
} from '../../shared/invest/risk-questionnaire';
import { seedGold } from '../gold/seed';
import { prng } from './prng';

const DAY_MS = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);
/** Saturday or Sunday (UTC date parts): no prices are published on them. */
export const isWeekend = (d: Date) => [0, 6].includes(d.getUTCDay());
const addMonths = (d: Date, months: number) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
};

/**
 * The day of the newest price the demo catalogue starts with: yesterday's, or Friday's over a weekend
 * (prices are published on business days; the seeded histories skip weekends and end on this day).
 */
export function latestPriceDate(now: Date): string {
  let day = daysFrom(now, -1);
  while (isWeekend(day)) day = daysFrom(day, -1);
  return isoDate(day);
}

export { prng };

/** Normal-ish noise (sum of uniforms), mean 0, deviation ~1. */
const noise = (rand: () => number) => rand() + rand() + rand() + rand() - 2;

/**
 * Business-day prices ending at `last` on `end` (the newest first in the walk, written oldest
 * first): a random walk backwards with the given yearly drift and volatility.
 */
export function priceWalk(
  seed: string,
  last: number,
  end: Date,
  days: number,
  drift: number,
  volatility: number,
): Array<{ date: string; value: number }> {
  const rand = prng(seed);
  const out: Array<{ date: string; value: number }> = [];
  let value = last;
  for (let i = 0; i <= days; i++) {
    const d = daysFrom(end, -i);
    if (isWeekend(d)) continue;
    out.push({ date: isoDate(d), value });
    value = value / Math.exp(drift / 252 + (volatility / Math.sqrt(252)) * noise(rand) * 1.7);
  }
  return out.reverse();
}

async function insertHistory(tx: Queryable, code: string, points: Array<{ date: string; value: number }>) {
  await tx.query(
    `INSERT INTO investment_price_history (code, price_date, value)
     SELECT $1, d, v FROM unnest($2::date[], $3::numeric[]) AS t(d, v)
     ON CONFLICT (code, price_date) DO NOTHING`,
    [code, points.map((p) => p.date), points.map((p) => p.value.toFixed(4))],
  );
}

async function seedCatalogue(tx: Queryable, now: Date) {
  for (const [i, p] of BANK_PRODUCTS.entries()) {
    await tx.query(
      `INSERT INTO bank_products (code, category, name, currency, sharia, facts, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) ON CONFLICT (code) DO NOTHING`,
      [
        p.code,
        p.category,
        p.name,
        p.currency ?? 'IDR',
        p.sharia ?? false,
        JSON.stringify({ description: p.description, highlights: p.highlights, facts: p.facts }),
        (i + 1) * 10,
      ],
    );
    for (const [months, tiers] of p.rates ?? []) {
      for (const [from, rate] of tiers) {
        await tx.query(
          `INSERT INTO time_deposit_rates (product_code, tenor_months, min_amount, rate) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [p.code, months, from * 100, rate],
        );
      }
    }
  }

  const priceDate = latestPriceDate(now);
  for (const f of FUNDS) {
    await tx.query(
      `INSERT INTO investment_products (code, kind, name, currency, fund_type, risk_level, nav, price_date)
       VALUES ($1, 'mutual_fund', $2, $3, $4, $5, $6, $7) ON CONFLICT (code) DO NOTHING`,
      [f.code, f.name, f.currency, f.fundType, f.risk, f.nav, priceDate],
    );
    const [sub, red, sw, mgmt] = f.fees;
    await tx.query(
      `INSERT INTO fund_facts (code, manager, custodian, launch_date, sharia, min_subscription, min_topup,
         min_redemption_units, subscription_fee, redemption_fee, switching_fee, management_fee, aum,
         subscription_multiple)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (code) DO NOTHING`,
      [
        f.code,
        f.manager,
        f.custodian,
        f.launchDate,
        f.sharia,
        f.minSubscription * 100,
        f.minTopup * 100,
        f.minRedemptionUnits,
        sub,
        red,
        sw,
        mgmt,
        f.aum * 100,
        f.multiple * 100,
      ],
    );
    // A year of NAVs ending at the published one (on the product's price date).
    const { rows } = await tx.query<{ nav: string; price_date: Date | string }>(
      'SELECT nav::text AS nav, price_date FROM investment_products WHERE code = $1',
      [f.code],
    );
    const row = rows[0]!;
    const end = new Date(`${isoDate(new Date(row.price_date))}T00:00:00Z`);
    await insertHistory(tx, f.code, priceWalk(f.code, Number(row.nav), end, 370, f.drift, f.volatility));
  }

  for (const b of BONDS) {
    await tx.query(
      `INSERT INTO investment_products (code, kind, name, currency, risk_level, price, coupon_rate, maturity_date, price_date)
       VALUES ($1, 'bond', $2, 'IDR', $3, $4, $5, $6, $7) ON CONFLICT (code) DO NOTHING`,
      [b.code, b.name, b.risk, b.price, b.couponRate, b.maturityDate, priceDate],
    );
    const offer = b.offering;
    await tx.query(
      `INSERT INTO bond_facts (code, issuer, series, sharia, coupon_type, coupon_frequency_months, min_order,
         order_multiple, max_order, offer_start, offer_end, settlement_date, tradable, bid_price, offer_price)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (code) DO NOTHING`,
      [
        b.code,
        b.issuer,
        b.series,
        b.sharia,
        b.couponType,
        b.couponFrequencyMonths,
        b.minOrder * 100,
        b.orderMultiple * 100,
        b.maxOrder === null ? null : b.maxOrder * 100,
        // Offering periods open at 09:00 and close at 10:00 WIB, as the Ministry of Finance's do.
        offer ? new Date(`${isoDate(daysFrom(now, offer[0]))}T02:00:00Z`).toISOString() : null,
        offer ? new Date(`${isoDate(daysFrom(now, offer[1]))}T03:00:00Z`).toISOString() : null,
        offer ? isoDate(daysFrom(now, offer[2])) : null,
        b.tradable,
        b.bid,
        b.offer,
      ],
    );
    if (b.bid) {
      const end = new Date(`${priceDate}T00:00:00Z`);
      await insertHistory(tx, b.code, priceWalk(b.code, Number(b.price), end, 190, 0, 0.03));
    }
  }
}

/** The personas' investor profiles: Budi moderate (valid), Dewi's expired, the others none. */
async function seedPersonas(tx: Queryable, now: Date) {
  const { rows } = await tx.query<{ id: number; user_id: string }>(
    `SELECT id, user_id FROM customers WHERE user_id IN ('budisantoso', 'dewifds')`,
  );
  const id = (u: string) => rows.find((r) => r.user_id === u)?.id;
  const profiles: Array<[number | undefined, Record<string, string>, number]> = [
    [
      id('budisantoso'),
      { age: 'b', horizon: 'c', objective: 'c', experience: 'c', share: 'c', income: 'c', reaction: 'c' },
      300,
    ],
    [
      id('dewifds'),
      { age: 'c', horizon: 'b', objective: 'b', experience: 'b', share: 'c', income: 'b', reaction: 'a' },
      420,
    ],
  ];
  for (const [customerId, answers, daysAgo] of profiles) {
    if (!customerId) continue;
    const { score, profile } = scoreAnswers(answers);
    const assessed = daysFrom(now, -daysAgo);
    await tx.query(
      `INSERT INTO risk_profiles (customer_id, profile, score, answers, questionnaire_version, assessed_at, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) ON CONFLICT (customer_id) DO NOTHING`,
      [
        customerId,
        profile,
        score,
        JSON.stringify(answers),
        QUESTIONNAIRE_VERSION,
        assessed.toISOString(),
        addMonths(assessed, RISK_PROFILE_VALID_MONTHS).toISOString(),
      ],
    );
  }
  const budi = id('budisantoso');
  if (budi) {
    await tx.query(
      `INSERT INTO investor_accounts (customer_id, sid, securities_account_no, registered_at)
       VALUES ($1, 'IDD2403871234567', 'CN001-0038-7123456', $2) ON CONFLICT (customer_id) DO NOTHING`,
      [budi, daysFrom(now, -200).toISOString()],
    );
  }
}

/**
 * Apply & invest's data: the product catalogue (reference data a bank would load in production
 * too), fund and bond price histories, gold prices, and the demo personas' profiles and gold
 * pickups. Idempotent; returns true when it seeded.
 */
export async function seedInvest(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727280)');
    const done = await tx.query(`SELECT 1 FROM bank_products WHERE code = 'SAV-XTRA'`);
    if (done.rows.length > 0) return false;
    await seedCatalogue(tx, now);
    await seedPersonas(tx, now);
    await seedGold(tx, now);
    return true;
  });
}
