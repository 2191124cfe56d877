import type { Db, Queryable } from '../db/db';
import { SEED_CLEARING } from '../core-bank/seed';
import { hashSecret } from '../auth/password';

/** The PIN of every demo credit card (README), for /myaccount/changePIN/. */
export const DEMO_CARD_PIN = '802615';

const rp = (rupiah: number) => Math.round(rupiah * 100);
const DAY = 86_400_000;

/** A moment `daysAgo` days before now at a fixed UTC hour, so the data is stable within a day. */
function at(now: Date, daysAgo: number, hourUtc: number): Date {
  const d = new Date(now.getTime() - daysAgo * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}

/** Units and prices as exact decimal text from integers (1/10000 units). */
const dec4 = (tenThousandths: number) => {
  const abs = Math.abs(tenThousandths);
  return `${tenThousandths < 0 ? '-' : ''}${Math.trunc(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
};

async function customerId(tx: Queryable, userId: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM customers WHERE user_id = $1', [userId]);
  return rows[0] ? Number(rows[0].id) : undefined;
}

let seq = 0;
const reference = (prefix: string, when: Date) =>
  `${prefix}${when.toISOString().slice(0, 10).replaceAll('-', '')}${String(++seq).padStart(6, '0')}`;

/**
 * Budi's mobile-number account (REKPON): a savings account reached by his phone number, with the
 * money that came in and went out through it, posted as balanced journals against the seed clearing.
 */
async function seedRekpon(tx: Queryable, budi: number, now: Date) {
  const opened = at(now, 75, 2);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, details, created_at)
     VALUES ('800100812345', $1, 'savings', 'Rekening Ponsel', 'IDR', $2::jsonb, $3) RETURNING id`,
    [budi, JSON.stringify({ rekpon: true, phone: '+6281234567890' }), opened.toISOString()],
  );
  const account = Number(rows[0]!.id);
  const clearing = await tx.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [
    SEED_CLEARING('IDR'),
  ]);
  const clearingId = Number(clearing.rows[0]!.id);
  const moves: Array<[string, number, number]> = [
    ['Setoran awal Rekening Ponsel / Initial deposit', 500_000, 74],
    [
      'Terima dari 081298765431 a.n. Ayu Lestari / Received by mobile number from 081298765431, Ayu Lestari',
      250_000,
      60,
    ],
    [
      'Kirim ke 085712345678 a.n. Rudi Hartono / Sent by mobile number to 085712345678, Rudi Hartono',
      -150_000,
      52,
    ],
    ['Tarik tunai tanpa kartu ATM / Cardless cash withdrawal', -200_000, 40],
    [
      'Terima dari 081311223344 a.n. Sari Dewi / Received by mobile number from 081311223344, Sari Dewi',
      325_000,
      21,
    ],
    ['Pembelian pulsa XL 087812345678 / XL mobile top-up 087812345678', -50_000, 9],
    [
      'Terima dari 081998877665 a.n. Andi Wijaya / Received by mobile number from 081998877665, Andi Wijaya',
      120_000,
      3,
    ],
  ];
  for (const [description, rupiah, daysAgo] of moves) {
    const when = at(now, daysAgo, 5);
    const j = await tx.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, details, created_at)
       VALUES ($1, $2, $3, 'success', $4, 'IDR', $5, '{"seeded":true}'::jsonb, $6) RETURNING id`,
      [
        reference('SR', when),
        budi,
        rupiah > 0 ? 'rekpon.incoming' : 'rekpon.outgoing',
        rp(Math.abs(rupiah)),
        description,
        when.toISOString(),
      ],
    );
    await tx.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, currency, created_at)
       VALUES ($1, $2, $3, 'IDR', $5), ($1, $4, $6, 'IDR', $5)`,
      [j.rows[0]!.id, account, rp(rupiah), clearingId, when.toISOString(), -rp(rupiah)],
    );
  }
  await tx.query(
    `UPDATE accounts a SET balance = s.total
       FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries WHERE account_id = ANY($1::bigint[])
              GROUP BY account_id) s
      WHERE a.id = s.account_id`,
    [[account, clearingId]],
  );
}

/**
 * The movements behind Budi's holdings: units bought and sold at the NAV of their day (summing to the
 * units held), bonds bought at a price, and the coupons they paid since.
 */
async function seedInvestmentHistory(tx: Queryable, budi: number, now: Date) {
  const { rows } = await tx.query<{
    product_code: string;
    kind: 'mutual_fund' | 'bond';
    currency: string;
    units: string | null;
    nav: string | null;
    face_value: number | null;
    coupon_rate: string | null;
  }>(
    `SELECT h.product_code, p.kind, p.currency, h.units::text AS units, p.nav::text AS nav, h.face_value,
            p.coupon_rate::text AS coupon_rate
       FROM investment_holdings h JOIN investment_products p ON p.code = h.product_code
      WHERE h.customer_id = $1 ORDER BY h.product_code`,
    [budi],
  );
  const insert = (t: {
    code: string;
    kind: string;
    units?: number;
    nav?: number;
    face?: number;
    price?: number;
    amount: number;
    currency: string;
    when: Date;
    status?: string;
  }) =>
    tx.query(
      `INSERT INTO investment_transactions
         (reference_no, customer_id, product_code, kind, status, units, nav, face_value, price, amount, currency, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9::numeric, $10, $11, $12)`,
      [
        reference(t.kind === 'coupon' ? 'CP' : 'IV', t.when),
        budi,
        t.code,
        t.kind,
        t.status ?? 'success',
        t.units === undefined ? null : dec4(t.units),
        t.nav === undefined ? null : dec4(t.nav),
        t.face ?? null,
        t.price === undefined ? null : dec4(t.price),
        t.amount,
        t.currency,
        t.when.toISOString(),
      ],
    );
  for (const [i, h] of rows.entries()) {
    if (h.kind === 'mutual_fund' && h.units && h.nav) {
      // Integers of 1/10000: the held units split into two subscriptions and a redemption.
      const held = Math.round(Number(h.units) * 10_000);
      const nav = Math.round(Number(h.nav) * 10_000);
      const first = Math.round(held * 0.6);
      const redeemed = Math.round(held * 0.1);
      const second = held - first + redeemed;
      const navs = [Math.round(nav * 0.94), Math.round(nav * 0.97), Math.round(nav * 0.99)];
      const value = (units: number, unitNav: number) => Math.round((units * unitNav) / 1_000_000);
      await insert({
        code: h.product_code,
        kind: 'subscription',
        units: first,
        nav: navs[0],
        amount: value(first, navs[0]!),
        currency: h.currency,
        when: at(now, 150 - i, 3),
      });
      await insert({
        code: h.product_code,
        kind: i % 2 === 0 ? 'subscription' : 'switch_in',
        units: second,
        nav: navs[1],
        amount: value(second, navs[1]!),
        currency: h.currency,
        when: at(now, 90 - i, 3),
      });
      await insert({
        code: h.product_code,
        kind: 'redemption',
        units: -redeemed,
        nav: navs[2],
        amount: value(redeemed, navs[2]!),
        currency: h.currency,
        when: at(now, 25 - i, 3),
      });
    } else if (h.kind === 'bond' && h.face_value) {
      const price = 99_0000 + i * 3500;
      await insert({
        code: h.product_code,
        kind: 'buy',
        face: h.face_value,
        price,
        amount: Math.round((h.face_value * price) / 1_000_000),
        currency: h.currency,
        when: at(now, 150 - i, 3),
      });
      // Retail bonds (ORI, SR) pay monthly, tradable ones (FR) twice a year; 10% final tax withheld.
      const monthly = h.product_code.startsWith('ORI') || h.product_code.startsWith('SR');
      const rate = Number(h.coupon_rate ?? 0);
      const coupon = Math.round((((h.face_value * rate) / 100 / (monthly ? 12 : 2)) * 9) / 10);
      for (let m = monthly ? 4 : 1; m >= 0; m -= 1) {
        const daysAgo = monthly ? 10 + m * 30 : 30 + m * 180;
        if (daysAgo >= 150 - i) continue;
        await insert({
          code: h.product_code,
          kind: 'coupon',
          amount: coupon,
          currency: h.currency,
          when: at(now, daysAgo, 2),
        });
      }
    }
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Budi's insurance in detail: his Sun Life protection policy (terms, beneficiaries, a year of premiums,
 * a paid hospital claim) and a unit-linked bancassurance policy from AIA (funds, premiums, no claims).
 */
async function seedInsurance(tx: Queryable, budi: number, now: Date) {
  const slf = 'SLF2023004587121';
  const aia = 'AIA2024011234567';
  const exists = await tx.query('SELECT 1 FROM insurance_policies WHERE policy_no = $1', [slf]);
  if (exists.rows.length === 0) return;
  await tx.query(
    `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium, status, start_date, end_date)
     VALUES ($1, $2, 'AIA', 'AIA Pro Link Plus', 'IDR', $3, $4, 'active', $5, $6)`,
    [aia, budi, rp(500_000_000), rp(1_500_000), isoDate(at(now, 300, 0)), isoDate(at(now, -7000, 0))],
  );
  const nextPremium = (day: number) => {
    const d = at(now, 0, 0);
    d.setUTCDate(day);
    if (d.getTime() <= now.getTime()) d.setUTCMonth(d.getUTCMonth() + 1);
    return isoDate(d);
  };
  await tx.query(
    `INSERT INTO insurance_policy_terms (policy_no, plan_type, insured_name, payment_method, next_premium_date, riders) VALUES
     ($1, 'protection', 'BUDI SANTOSO', 'autodebit:800123456701', $3, '{hospital_cash,critical_illness}'),
     ($2, 'unit_link', 'BUDI SANTOSO', 'credit_card:5481 17** **** 5678', $4, '{waiver_of_premium}')`,
    [slf, aia, nextPremium(5), nextPremium(20)],
  );
  await tx.query(
    `INSERT INTO insurance_beneficiaries (policy_no, name, relation, date_of_birth, share_percent) VALUES
     ($1, 'MAYA SANTOSO', 'spouse', '1986-09-12', 60), ($1, 'DIMAS SANTOSO', 'child', '2014-02-03', 40),
     ($2, 'MAYA SANTOSO', 'spouse', '1986-09-12', 100)`,
    [slf, aia],
  );
  for (let m = 11; m >= 0; m -= 1) {
    const when = at(now, m * 30 + 5, 2);
    const period = when.toISOString().slice(0, 7);
    await tx.query(
      `INSERT INTO insurance_premiums (policy_no, period, amount, currency, status, paid_at)
       VALUES ($1, $2, $3, 'IDR', $4, $5)`,
      [slf, period, rp(850_000), m === 7 ? 'failed' : 'paid', m === 7 ? null : when.toISOString()],
    );
    if (m <= 9) {
      await tx.query(
        `INSERT INTO insurance_premiums (policy_no, period, amount, currency, status, paid_at)
         VALUES ($1, $2, $3, 'IDR', 'paid', $4)`,
        [aia, period, rp(1_500_000), at(now, m * 30 + 10, 3).toISOString()],
      );
    }
  }
  await tx.query(
    `INSERT INTO insurance_claims (claim_no, policy_no, kind, submitted_on, claimed, paid, currency, status, settled_on) VALUES
     ('CLM-SLF-2026-00412', $1, 'hospital', $2, $3, $4, 'IDR', 'paid', $5),
     ('CLM-SLF-2026-00977', $1, 'hospital', $6, $7, NULL, 'IDR', 'in_review', NULL)`,
    [
      slf,
      isoDate(at(now, 140, 0)),
      rp(8_250_000),
      rp(7_500_000),
      isoDate(at(now, 126, 0)),
      isoDate(at(now, 6, 0)),
      rp(2_400_000),
    ],
  );
  await tx.query(
    `INSERT INTO insurance_funds (policy_no, fund_code, fund_name, risk_level, allocation_percent, units, unit_price, price_date) VALUES
     ($1, 'AIA-EQ', 'AIA Equity Fund', 5, 60, 4821.3377, 2154.8810, $2),
     ($1, 'AIA-FI', 'AIA Fixed Income Fund', 3, 40, 3690.1045, 1562.4402, $2)`,
    [aia, isoDate(at(now, 1, 0))],
  );
}

/** Alerts as a new customer has them: large transfers and payments by SMS and e-mail. */
async function seedAlerts(tx: Queryable, customer: number) {
  await tx.query(
    `INSERT INTO alert_settings (customer_id, kind, enabled, events, channels, min_amount)
     VALUES ($1, 'transaction', true, '{transfer,payment,purchase}', '{sms,email}', $2),
            ($1, 'all', false, '{}', '{email}', 0)
     ON CONFLICT DO NOTHING`,
    [customer, rp(1_000_000)],
  );
}

/**
 * My account's demo data (REKPON, investment transactions, alerts) on top of the core bank's
 * personas. Idempotent: it does nothing when Budi's mobile-number account exists, or when the
 * personas do not.
 */
export async function seedMyAccount(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const cardPin = await hashSecret(DEMO_CARD_PIN);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727276)');
    const budi = await customerId(tx, 'budisantoso');
    if (budi === undefined) return false;
    const done = await tx.query("SELECT 1 FROM accounts WHERE account_no = '800100812345'");
    if (done.rows.length > 0) return false;
    await seedRekpon(tx, budi, now);
    await seedInvestmentHistory(tx, budi, now);
    await seedInsurance(tx, budi, now);
    // The demo credit cards' PINs (the card system had none for cards active before it knew PINs).
    await tx.query(
      `UPDATE credit_cards SET pin_hash = $1 WHERE pin_hash IS NULL AND status = 'active'
          AND customer_id IN (SELECT id FROM customers WHERE user_id IN ('budisantoso', 'saridewi', 'andiwijaya'))`,
      [cardPin],
    );
    for (const userId of ['budisantoso', 'saridewi', 'andiwijaya', 'rinanodefault', 'dewifds', 'bayubds']) {
      const id = await customerId(tx, userId);
      if (id !== undefined) await seedAlerts(tx, id);
    }
    return true;
  });
}
