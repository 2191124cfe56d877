import type { Db, Queryable } from '../db/db';
import { hashSecret } from '../auth/password';
import { latestPriceDate } from '../invest/seed';
import { maskCardNumber } from './portfolio';

/** Internal clearing accounts the seed's history is posted against, one per currency. */
export const SEED_CLEARING = (currency: string) => `INTERNAL-SEED-CLEARING-${currency}`;

const rp = (rupiah: number) => Math.round(rupiah * 100); // IDR minor units
const usd = (dollars: number) => Math.round(dollars * 100);
const grams = (g: number) => Math.round(g * 10_000); // XAU balances: 1/10000 gram

export interface PersonaSpec {
  userId: string;
  password: string;
  appPin: string;
  secureWord: string;
  title: 'Mr.' | 'Ms.';
  fullName: string;
  displayName: string;
  cif: string;
  email: string;
  dateOfBirth: string;
  phones: string[];
  loginChallenge?: 'fds' | 'bds';
  /** The ATM (debit) card of the main savings account: forgot password / e-debit ask for it. */
  atm?: { last4: string; pin: string };
}

/** The demo personas of CONTRACTS.md "Demo personas" (exported for tests and the README). */
export const PERSONAS: PersonaSpec[] = [
  {
    userId: 'budisantoso',
    password: 'Budi@2026',
    appPin: '482916',
    secureWord: 'sunflower',
    title: 'Mr.',
    fullName: 'Budi Santoso',
    displayName: 'Budi',
    cif: '10002345671',
    email: 'budi.santoso@example.co.id',
    dateOfBirth: '1984-03-14',
    phones: ['+6281234567890', '+6285712345678'],
    atm: { last4: '5270', pin: '246810' },
  },
  {
    userId: 'saridewi',
    password: 'Sari@2026',
    appPin: '739251',
    secureWord: 'mangosteen',
    title: 'Ms.',
    fullName: 'Sari Dewi',
    displayName: 'Sari',
    cif: '10002345682',
    email: 'sari.dewi@example.co.id',
    dateOfBirth: '1991-08-02',
    phones: ['+6281311223344'],
  },
  {
    userId: 'andiwijaya',
    password: 'Andi@2026',
    appPin: '615283',
    secureWord: 'volcano',
    title: 'Mr.',
    fullName: 'Andi Wijaya',
    displayName: 'Andi',
    cif: '10002345693',
    email: 'andi.wijaya@example.co.id',
    dateOfBirth: '1996-11-21',
    phones: ['+6281998877665'],
  },
  {
    userId: 'rinanodefault',
    password: 'Rina@2026',
    appPin: '357924',
    secureWord: 'lighthouse',
    title: 'Ms.',
    fullName: 'Rina Kusumawati',
    displayName: 'Rina',
    cif: '10002345704',
    email: 'rina.kusumawati@example.co.id',
    dateOfBirth: '1989-05-30',
    phones: ['+6287812345678'],
    atm: { last4: '3381', pin: '135790' },
  },
  {
    userId: 'dewifds',
    password: 'Dewi@2026',
    appPin: '264819',
    secureWord: 'waterfall',
    title: 'Ms.',
    fullName: 'Dewi Lestari',
    displayName: 'Dewi',
    cif: '10002345715',
    email: 'dewi.lestari@example.co.id',
    dateOfBirth: '1993-01-09',
    phones: ['+6281355566677'],
    atm: { last4: '7742', pin: '112358' },
    loginChallenge: 'fds',
  },
  {
    userId: 'bayubds',
    password: 'Bayu@2026',
    appPin: '591734',
    secureWord: 'rainforest',
    title: 'Mr.',
    fullName: 'Bayu Pratama',
    displayName: 'Bayu',
    cif: '10002345726',
    email: 'bayu.pratama@example.co.id',
    dateOfBirth: '1987-07-17',
    phones: ['+6282144455566'],
    atm: { last4: '9015', pin: '314159' },
    loginChallenge: 'bds',
  },
];

/** Limits per category in IDR minor units: [min, max per transaction, daily]. */
const LIMITS: Record<string, [number, number, number]> = {
  transfer: [rp(10_000), rp(100_000_000), rp(200_000_000)],
  payment: [rp(1_000), rp(50_000_000), rp(100_000_000)],
  purchase: [rp(1_000), rp(10_000_000), rp(20_000_000)],
};

const DEMO_BANNERS = [
  {
    key: 'login-maintenance',
    page: 'login',
    titleEng: 'Scheduled maintenance',
    titleIdn: 'Pemeliharaan sistem terjadwal',
    messageEng:
      'Internet banking will be unavailable on Sunday from 00:00 to 04:00 WIB for system maintenance.',
    messageIdn:
      'Internet banking tidak dapat diakses pada hari Minggu pukul 00.00 - 04.00 WIB karena pemeliharaan sistem.',
  },
  {
    key: 'dashboard-maintenance',
    page: 'dashboard',
    titleEng: 'Account information update',
    titleIdn: 'Pembaruan informasi rekening',
    messageEng: 'Balances of investment products may be delayed between 22:00 and 23:00 WIB today.',
    messageIdn:
      'Saldo produk investasi mungkin terlambat diperbarui antara pukul 22.00 - 23.00 WIB hari ini.',
  },
  {
    key: 'payment-maintenance',
    page: 'payment',
    titleEng: 'Bill payment maintenance',
    titleIdn: 'Pemeliharaan pembayaran tagihan',
    messageEng: 'Some PLN and BPJS bill payments may be delayed from 23:00 to 01:00 WIB.',
    messageIdn: 'Sebagian pembayaran tagihan PLN dan BPJS mungkin tertunda pukul 23.00 - 01.00 WIB.',
  },
  {
    key: 'purchase-maintenance',
    page: 'purchase',
    titleEng: 'Top-up maintenance',
    titleIdn: 'Pemeliharaan isi ulang',
    messageEng: 'E-wallet top-ups may take up to 15 minutes to arrive during our partner maintenance.',
    messageIdn:
      'Isi ulang dompet digital mungkin memerlukan waktu hingga 15 menit selama pemeliharaan mitra kami.',
  },
  {
    key: 'transfer-maintenance',
    page: 'transfer',
    titleEng: 'SKN and RTGS schedule',
    titleIdn: 'Jadwal SKN dan RTGS',
    messageEng: 'SKN and RTGS transfers made after 15:00 WIB are processed on the next business day.',
    messageIdn: 'Transfer SKN dan RTGS setelah pukul 15.00 WIB akan diproses pada hari kerja berikutnya.',
    flowVariants: ['other-bank', 'skn', 'rtgs'],
  },
];

interface SeedContext {
  tx: Queryable;
  now: Date;
  seq: number;
  clearing: Map<string, number>;
  hasCardSystem: boolean;
}

async function insertAccount(
  c: SeedContext,
  a: {
    accountNo: string;
    customerId: number | null;
    product: string;
    name: string;
    currency: string;
    floor?: number;
    details?: Record<string, unknown>;
    createdAt?: Date;
  },
): Promise<number> {
  const r = await c.tx.query<{ id: number }>(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details, created_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6, $7::jsonb, $8) RETURNING id`,
    [
      a.accountNo,
      a.customerId,
      a.product,
      a.name,
      a.currency,
      a.floor ?? 0,
      JSON.stringify(a.details ?? {}),
      (a.createdAt ?? c.now).toISOString(),
    ],
  );
  return r.rows[0]!.id;
}

/**
 * Posts one balanced journal: `entries` move money between customer accounts; whatever does not
 * balance per currency is taken from (or given to) the seed clearing account of that currency.
 */
async function post(
  c: SeedContext,
  j: {
    customerId: number;
    flowId: string;
    description: string;
    at: Date;
    amount: number;
    currency: string;
    entries: Array<[accountId: number, amount: number, currency: string]>;
    details?: Record<string, unknown>;
  },
): Promise<number> {
  c.seq += 1;
  const day = j.at.toISOString().slice(0, 10).replaceAll('-', '');
  const referenceNo = `SD${day}${String(c.seq).padStart(6, '0')}`;
  const r = await c.tx.query<{ id: number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, details, created_at)
     VALUES ($1, $2, $3, 'success', $4, $5, $6, $7::jsonb, $8) RETURNING id`,
    [
      referenceNo,
      j.customerId,
      j.flowId,
      j.amount,
      j.currency,
      j.description,
      JSON.stringify({ seeded: true, ...j.details }),
      j.at.toISOString(),
    ],
  );
  const journalId = r.rows[0]!.id;
  const entries = [...j.entries];
  const net = new Map<string, number>();
  for (const [, amount, currency] of entries) net.set(currency, (net.get(currency) ?? 0) + amount);
  for (const [currency, sum] of net) {
    if (sum !== 0) entries.push([c.clearing.get(currency)!, -sum, currency]);
  }
  const values: unknown[] = [];
  const rows = entries.map(([accountId, amount, currency], i) => {
    values.push(journalId, accountId, amount, currency, j.at.toISOString());
    const b = i * 5;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5})`;
  });
  await c.tx.query(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency, created_at) VALUES ${rows.join(', ')}`,
    values,
  );
  return journalId;
}

const DAY = 86_400_000;
/** A date `daysAgo` days before now at a fixed hour (UTC) so the history is stable within a day. */
function at(now: Date, daysAgo: number, hourUtc: number, minute = 0): Date {
  const d = new Date(now.getTime() - daysAgo * DAY);
  d.setUTCHours(hourUtc, minute, 0, 0);
  return d;
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

async function insertCustomer(
  c: SeedContext,
  p: PersonaSpec,
  hashes: { password: string; pin: string; atmPin: string | null },
  hasLoginChallenge: boolean,
): Promise<number> {
  const r = await c.tx.query<{ id: number }>(
    `INSERT INTO customers (cif, user_id, title, full_name, display_name, secure_word, email, date_of_birth, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      p.cif,
      p.userId,
      p.title,
      p.fullName,
      p.displayName,
      p.secureWord,
      p.email,
      p.dateOfBirth,
      at(c.now, 400, 3).toISOString(),
    ],
  );
  const id = r.rows[0]!.id;
  if (hasLoginChallenge && p.loginChallenge) {
    await c.tx.query('UPDATE customers SET login_challenge = $2 WHERE id = $1', [id, p.loginChallenge]);
  }
  for (const phone of p.phones) {
    await c.tx.query('INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2)', [id, phone]);
  }
  await c.tx.query('INSERT INTO credentials (customer_id, password_hash, app_pin_hash) VALUES ($1, $2, $3)', [
    id,
    hashes.password,
    hashes.pin,
  ]);
  for (const [category, [min, max, daily]] of Object.entries(LIMITS)) {
    await c.tx.query(
      `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, category, min, max, daily],
    );
  }
  return id;
}

async function setDefaults(c: SeedContext, customerId: number, source: number, receiving: number) {
  await c.tx.query(
    'UPDATE customers SET default_source_account_id = $2, default_receiving_account_id = $3 WHERE id = $1',
    [customerId, source, receiving],
  );
}

async function insertCard(
  c: SeedContext,
  card: {
    accountId: number;
    cardNo: string;
    cardName: string;
    embossedName: string;
    limit: number;
    mainAccountId?: number;
  },
) {
  const masked = maskCardNumber(card.cardNo);
  await c.tx.query(
    `INSERT INTO card_accounts (account_id, card_no, masked_number, card_name, embossed_name, credit_limit, main_account_id, expiry_month, statement_day)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '09/29', 17)`,
    [
      card.accountId,
      card.cardNo,
      masked,
      card.cardName,
      card.embossedName,
      card.limit,
      card.mainAccountId ?? null,
    ],
  );
  // The card system's view (registration's migration 020 `credit_cards`): the demo cards are active.
  if (c.hasCardSystem) {
    await c.tx.query(
      `INSERT INTO credit_cards (card_number, customer_id, account_id, status, activated_at)
       SELECT $1, customer_id, id, 'active', created_at FROM accounts WHERE id = $2
       ON CONFLICT (card_number) DO NOTHING`,
      [card.cardNo, card.accountId],
    );
  }
}

const SHOPS = [
  ['TOKOPEDIA JAKARTA', 385_000],
  ['GRAB* FOOD JAKARTA', 127_500],
  ['INDOMARET KEMANG', 86_300],
  ['STARBUCKS SENAYAN CITY', 112_000],
  ['SHOPEE INDONESIA', 249_900],
  ['PERTAMINA SPBU 31.128', 350_000],
  ['TRAVELOKA.COM', 1_450_000],
  ['ACE HARDWARE LIPPO MALL', 578_000],
] as const;

async function seedBudi(c: SeedContext, budi: number) {
  const opened = at(c.now, 200, 2);
  const savings1 = await insertAccount(c, {
    accountNo: '800123456701',
    customerId: budi,
    product: 'savings',
    name: 'Tabungan Xtra',
    currency: 'IDR',
    createdAt: opened,
  });
  const savings2 = await insertAccount(c, {
    accountNo: '800123456729',
    customerId: budi,
    product: 'savings',
    name: 'TabunganKu',
    currency: 'IDR',
    createdAt: opened,
  });
  const current = await insertAccount(c, {
    accountNo: '800987654306',
    customerId: budi,
    product: 'current',
    name: 'Giro Rupiah',
    currency: 'IDR',
    createdAt: opened,
  });
  const usdSavings = await insertAccount(c, {
    accountNo: '800155512384',
    customerId: budi,
    product: 'savings',
    name: 'Tabungan Valas USD',
    currency: 'USD',
    createdAt: opened,
  });
  const card = await insertAccount(c, {
    accountNo: '5481170012345678',
    customerId: budi,
    product: 'credit_card',
    name: 'Octo Card World',
    currency: 'IDR',
    floor: -rp(50_000_000),
    details: { supplementary: false, maskedNumber: '5481 17** **** 5678' },
    createdAt: opened,
  });
  await insertCard(c, {
    accountId: card,
    cardNo: '5481170012345678',
    cardName: 'Octo Card World',
    embossedName: 'BUDI SANTOSO',
    limit: rp(50_000_000),
  });
  const gold = await insertAccount(c, {
    accountNo: '830045671203',
    customerId: budi,
    product: 'gold',
    name: 'Tabungan Emas',
    currency: 'XAU',
    createdAt: opened,
  });
  await setDefaults(c, budi, savings1, savings1);

  const base = { customerId: budi };
  // Opening balances (moved from another bank when the accounts were opened).
  await post(c, {
    ...base,
    flowId: 'core.opening',
    description: 'Setoran awal / Initial deposit',
    at: at(c.now, 190, 3),
    amount: rp(150_000_000),
    currency: 'IDR',
    entries: [
      [savings1, rp(150_000_000), 'IDR'],
      [savings2, rp(12_500_000), 'IDR'],
      [current, rp(45_000_000), 'IDR'],
    ],
  });
  await post(c, {
    ...base,
    flowId: 'core.opening',
    description: 'Setoran awal valas / Initial FX deposit',
    at: at(c.now, 190, 4),
    amount: usd(5_250),
    currency: 'USD',
    entries: [[usdSavings, usd(5_250), 'USD']],
  });

  // Time deposit placed from savings, 6 months, ARO.
  const placed = at(c.now, 120, 3);
  const td = await insertAccount(c, {
    accountNo: '820012345617',
    customerId: budi,
    product: 'time_deposit',
    name: 'Deposito Berjangka Rupiah',
    currency: 'IDR',
    createdAt: placed,
  });
  await c.tx.query(
    `INSERT INTO time_deposits (account_id, principal, rate, tenor_months, placement_date, maturity_date, aro, disbursement_account_id)
     VALUES ($1, $2, 4.2500, 6, $3, $4, true, $5)`,
    [td, rp(100_000_000), isoDate(placed), isoDate(addMonths(placed, 6)), savings1],
  );
  await post(c, {
    ...base,
    flowId: 'applyandinvest.timedeposit',
    description: 'Penempatan deposito / Time deposit placement 820012345617',
    at: placed,
    amount: rp(100_000_000),
    currency: 'IDR',
    entries: [
      [savings1, -rp(100_000_000), 'IDR'],
      [td, rp(100_000_000), 'IDR'],
    ],
  });

  // Personal loan disbursed to savings; the loan account goes negative.
  const loanStart = at(c.now, 170, 3);
  const loan = await insertAccount(c, {
    accountNo: '850067812340',
    customerId: budi,
    product: 'loan',
    name: 'Octo Personal Loan',
    currency: 'IDR',
    floor: -rp(60_000_000),
    createdAt: loanStart,
  });
  const installment = rp(2_875_000);
  let nextDue = addMonths(loanStart, 1);
  while (nextDue.getTime() < c.now.getTime()) nextDue = addMonths(nextDue, 1);
  await c.tx.query(
    `INSERT INTO loans (account_id, loan_type, plafond, rate, tenor_months, installment, start_date, next_due_date, debit_account_id)
     VALUES ($1, 'personal', $2, 11.5000, 24, $3, $4, $5, $6)`,
    [loan, rp(60_000_000), installment, isoDate(loanStart), isoDate(nextDue), savings1],
  );
  await post(c, {
    ...base,
    flowId: 'applyandinvest.loan',
    description: 'Pencairan pinjaman / Loan disbursement 850067812340',
    at: loanStart,
    amount: rp(60_000_000),
    currency: 'IDR',
    entries: [
      [loan, -rp(60_000_000), 'IDR'],
      [savings1, rp(60_000_000), 'IDR'],
    ],
  });

  // Gold bought once from savings (IDR out, grams in).
  await post(c, {
    ...base,
    flowId: 'gold-saving.buy',
    description: 'Beli emas / Gold purchase 12.5 g',
    at: at(c.now, 95, 5),
    amount: rp(2_072_500),
    currency: 'IDR',
    entries: [
      [savings1, -rp(2_072_500), 'IDR'],
      [gold, grams(12.5), 'XAU'],
    ],
    details: { grams: '12.5000', pricePerGram: rp(165_800) },
  });

  // Six months of everyday life.
  let cardSpent = 0;
  for (let month = 6; month >= 0; month--) {
    // The card bill paid this month is what was spent before it; this month's spending stays owed.
    const cardBill = cardSpent;
    const d0 = month * 30; // days ago at the start of this "month"
    const when = (offset: number, hour: number) => {
      const daysAgo = d0 - offset;
      return daysAgo > 0 ? at(c.now, daysAgo, hour) : null;
    };
    const salaryAt = when(24, 2);
    if (salaryAt) {
      await post(c, {
        ...base,
        flowId: 'core.salary',
        description: 'Gaji PT Nusantara Digital Teknologi / Salary',
        at: salaryAt,
        amount: rp(28_500_000),
        currency: 'IDR',
        entries: [[savings1, rp(28_500_000), 'IDR']],
        details: { counterparty: 'PT NUSANTARA DIGITAL TEKNOLOGI' },
      });
    }
    const businessAt = when(5, 6);
    if (businessAt) {
      await post(c, {
        ...base,
        flowId: 'core.incoming',
        description: 'Transfer masuk CV Santoso Jaya / Incoming transfer',
        at: businessAt,
        amount: rp(7_250_000),
        currency: 'IDR',
        entries: [[current, rp(7_250_000), 'IDR']],
        details: { counterparty: 'CV SANTOSO JAYA' },
      });
    }
    const saveAt = when(25, 3);
    if (saveAt) {
      await post(c, {
        ...base,
        flowId: 'transfer.own',
        description: 'Transfer ke rekening sendiri 800123456729 / Own account transfer',
        at: saveAt,
        amount: rp(5_000_000),
        currency: 'IDR',
        entries: [
          [savings1, -rp(5_000_000), 'IDR'],
          [savings2, rp(5_000_000), 'IDR'],
        ],
      });
    }
    const familyAt = when(26, 5);
    if (familyAt) {
      await post(c, {
        ...base,
        flowId: 'transfer.online',
        description: 'Transfer BCA 5270123456 a.n. Siti Rahayu / Online transfer',
        at: familyAt,
        amount: rp(2_500_000),
        currency: 'IDR',
        entries: [[savings1, -rp(2_500_000 + 6_500), 'IDR']],
        details: { bank: 'BCA', beneficiary: 'SITI RAHAYU', fee: rp(6_500) },
      });
    }
    const plnAt = when(8, 4);
    if (plnAt) {
      const bill = 725_000 + ((month * 37_113) % 200_000);
      await post(c, {
        ...base,
        flowId: 'payment.utility',
        description: 'Pembayaran PLN Pascabayar 538712345601 / Electricity bill',
        at: plnAt,
        amount: rp(bill),
        currency: 'IDR',
        entries: [[savings1, -rp(bill + 2_500), 'IDR']],
        details: { biller: 'PLN', customerNumber: '538712345601', fee: rp(2_500) },
      });
    }
    const bpjsAt = when(10, 4);
    if (bpjsAt) {
      await post(c, {
        ...base,
        flowId: 'payment.bpjs',
        description: 'Pembayaran BPJS Kesehatan 0001234567890 / BPJS payment',
        at: bpjsAt,
        amount: rp(450_000),
        currency: 'IDR',
        entries: [[savings1, -rp(452_500), 'IDR']],
        details: { biller: 'BPJSKS', customerNumber: '0001234567890', fee: rp(2_500) },
      });
    }
    const pulsaAt = when(12, 9);
    if (pulsaAt) {
      await post(c, {
        ...base,
        flowId: 'purchase.mobile',
        description: 'Pembelian pulsa Telkomsel 081234567890 / Mobile top-up',
        at: pulsaAt,
        amount: rp(150_000),
        currency: 'IDR',
        entries: [[savings1, -rp(150_000), 'IDR']],
        details: { operator: 'TELKOMSEL', phone: '081234567890' },
      });
    }
    const installmentAt = when(15, 1);
    if (installmentAt && installmentAt.getTime() > loanStart.getTime()) {
      const principalPart = rp(2_300_000);
      await post(c, {
        ...base,
        flowId: 'core.loan-installment',
        description: 'Angsuran pinjaman 850067812340 / Loan installment',
        at: installmentAt,
        amount: installment,
        currency: 'IDR',
        // The interest part goes to the bank (clearing), the principal part reduces the loan.
        entries: [
          [savings1, -installment, 'IDR'],
          [loan, principalPart, 'IDR'],
        ],
      });
    }
    // Card purchases through the month, then the card bill paid from savings.
    for (let k = 0; k < 5; k++) {
      const purchaseAt = when(2 + k * 5, 10 + k);
      if (!purchaseAt) continue;
      const [shop, price] = SHOPS[(month * 5 + k) % SHOPS.length]!;
      cardSpent += rp(price);
      await post(c, {
        ...base,
        flowId: 'card.purchase',
        description: shop,
        at: purchaseAt,
        amount: rp(price),
        currency: 'IDR',
        entries: [[card, -rp(price), 'IDR']],
        details: { merchant: shop },
      });
    }
    const cardPayAt = when(28, 3);
    if (cardPayAt && cardBill > 0) {
      await post(c, {
        ...base,
        flowId: 'payment.credit-card',
        description: 'Pembayaran kartu kredit 5481 17** **** 5678 / Credit card payment',
        at: cardPayAt,
        amount: cardBill,
        currency: 'IDR',
        entries: [
          [savings1, -cardBill, 'IDR'],
          [card, cardBill, 'IDR'],
        ],
      });
      cardSpent -= cardBill;
    }
    const interestAt = when(29, 17);
    if (interestAt) {
      await post(c, {
        ...base,
        flowId: 'core.interest',
        description: 'Bunga tabungan valas / Interest',
        at: interestAt,
        amount: usd(4.37),
        currency: 'USD',
        entries: [[usdSavings, usd(4.37), 'USD']],
      });
    }
  }

  // Investments, insurance and points.
  const investmentAccountNo = 'IDD2403871234567';
  const holdings: Array<[code: string, units: string | null, face: number | null, cost: number]> = [
    ['MF-PCF', '25418.3921', null, rp(40_000_000)],
    ['MF-SDP', '8350.1200', null, rp(25_000_000)],
    ['MF-MONI2', '12004.5000', null, rp(30_000_000)],
    ['MF-BDUSD', '1500.0000', null, usd(1_850)],
    ['ORI025', null, rp(50_000_000), rp(50_000_000)],
    ['FR0100', null, rp(100_000_000), rp(98_750_000)],
  ];
  for (const [code, units, face, cost] of holdings) {
    await c.tx.query(
      `INSERT INTO investment_holdings (customer_id, product_code, units, face_value, cost, investment_account_no, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [budi, code, units, face, cost, investmentAccountNo, at(c.now, 150, 3).toISOString()],
    );
  }
  await c.tx.query(
    `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium, status, start_date, end_date)
     VALUES ('SLF2023004587121', $1, 'SLFI', 'Sun Life Brilliant Protection', 'IDR', $2, $3, 'active', $4, $5)`,
    [budi, rp(1_000_000_000), rp(850_000), isoDate(at(c.now, 380, 0)), isoDate(at(c.now, -3270, 0))],
  );
  await c.tx.query('INSERT INTO poin_xtra (customer_id, points) VALUES ($1, 12450)', [budi]);
  await c.tx.query(
    `INSERT INTO poin_xtra_history (customer_id, points, description, created_at) VALUES
     ($1, 10000, 'Bonus pembukaan rekening / Welcome bonus', $2),
     ($1, 3450, 'Poin transaksi kartu kredit / Card spending points', $3),
     ($1, -1000, 'Tukar poin: voucher / Redeemed for a voucher', $4)`,
    [budi, at(c.now, 180, 3).toISOString(), at(c.now, 40, 3).toISOString(), at(c.now, 20, 3).toISOString()],
  );
  return { card };
}

async function seedCardOnly(c: SeedContext, sari: number) {
  const card = await insertAccount(c, {
    accountNo: '4214560098761234',
    customerId: sari,
    product: 'credit_card',
    name: 'Octo Card Platinum',
    currency: 'IDR',
    floor: -rp(25_000_000),
    details: { supplementary: false, maskedNumber: '4214 56** **** 1234' },
    createdAt: at(c.now, 300, 2),
  });
  await insertCard(c, {
    accountId: card,
    cardNo: '4214560098761234',
    cardName: 'Octo Card Platinum',
    embossedName: 'SARI DEWI',
    limit: rp(25_000_000),
  });
  // A credit-card-only customer's source of fund is the card itself.
  await setDefaults(c, sari, card, card);
  const spends: Array<[string, number, number]> = [
    ['ZARA GRAND INDONESIA', 1_299_000, 55],
    ['GRAB* RIDE', 48_000, 41],
    ['ALFAMART TEBET', 73_500, 33],
    ['TOKOPEDIA JAKARTA', 645_000, 20],
    ['KOPI KENANGAN', 38_000, 9],
    ['NETFLIX.COM', 186_000, 4],
  ];
  for (const [shop, price, daysAgo] of spends) {
    await post(c, {
      customerId: sari,
      flowId: 'card.purchase',
      description: shop,
      at: at(c.now, daysAgo, 8),
      amount: rp(price),
      currency: 'IDR',
      entries: [[card, -rp(price), 'IDR']],
      details: { merchant: shop },
    });
  }
  await c.tx.query('INSERT INTO poin_xtra (customer_id, points) VALUES ($1, 2310)', [sari]);
}

async function seedSupplementary(c: SeedContext, andi: number, mainCard: number) {
  const card = await insertAccount(c, {
    accountNo: '5481170012349012',
    customerId: andi,
    product: 'credit_card',
    name: 'Octo Card World (Tambahan)',
    currency: 'IDR',
    floor: -rp(10_000_000),
    details: { supplementary: true, mainAccountId: mainCard, maskedNumber: '5481 17** **** 9012' },
    createdAt: at(c.now, 150, 2),
  });
  await insertCard(c, {
    accountId: card,
    cardNo: '5481170012349012',
    cardName: 'Octo Card World',
    embossedName: 'ANDI WIJAYA',
    limit: rp(10_000_000),
    mainAccountId: mainCard,
  });
  await setDefaults(c, andi, card, card);
  for (const [shop, price, daysAgo] of [
    ['GRAB* FOOD JAKARTA', 96_000, 17],
    ['GRAMEDIA MATRAMAN', 312_000, 6],
  ] as const) {
    await post(c, {
      customerId: andi,
      flowId: 'card.purchase',
      description: shop,
      at: at(c.now, daysAgo, 11),
      amount: rp(price),
      currency: 'IDR',
      entries: [[card, -rp(price), 'IDR']],
      details: { merchant: shop },
    });
  }
}

async function seedSavingsHolder(
  c: SeedContext,
  customerId: number,
  accountNo: string,
  opening: number,
  setDefault: boolean,
) {
  const savings = await insertAccount(c, {
    accountNo,
    customerId,
    product: 'savings',
    name: 'Tabungan Xtra',
    currency: 'IDR',
    createdAt: at(c.now, 100, 2),
  });
  if (setDefault) await setDefaults(c, customerId, savings, savings);
  await post(c, {
    customerId,
    flowId: 'core.opening',
    description: 'Setoran awal / Initial deposit',
    at: at(c.now, 95, 3),
    amount: opening,
    currency: 'IDR',
    entries: [[savings, opening, 'IDR']],
  });
  for (let m = 2; m >= 0; m--) {
    await post(c, {
      customerId,
      flowId: 'core.salary',
      description: 'Gaji / Salary',
      at: at(c.now, m * 30 + 3, 2),
      amount: rp(9_750_000),
      currency: 'IDR',
      entries: [[savings, rp(9_750_000), 'IDR']],
    });
    await post(c, {
      customerId,
      flowId: 'purchase.ewallet',
      description: 'Isi ulang GoPay / GoPay top-up',
      at: at(c.now, m * 30 + 1, 9),
      amount: rp(200_000),
      currency: 'IDR',
      entries: [[savings, -rp(201_000), 'IDR']],
      details: { fee: rp(1_000) },
    });
  }
}

/** Investment products the bank sells: demo catalogue (prices as of the seed day). */
async function seedInvestmentProducts(c: SeedContext) {
  const priceDate = latestPriceDate(c.now);
  await c.tx.query(
    `INSERT INTO investment_products (code, kind, name, currency, fund_type, risk_level, nav, price, coupon_rate, maturity_date, price_date) VALUES
     ('MF-PCF', 'mutual_fund', 'Principal Cash Fund', 'IDR', 'money_market', 1, 1684.2291, NULL, NULL, NULL, $1),
     ('MF-SDP', 'mutual_fund', 'Schroder Dana Prestasi', 'IDR', 'equity', 5, 3120.7745, NULL, NULL, NULL, $1),
     ('MF-MONI2', 'mutual_fund', 'Manulife Obligasi Negara Indonesia II', 'IDR', 'fixed_income', 3, 2611.0532, NULL, NULL, NULL, $1),
     ('MF-BDUSD', 'mutual_fund', 'BNP Paribas Prima USD', 'USD', 'fixed_income', 3, 1.2874, NULL, NULL, NULL, $1),
     ('ORI025', 'bond', 'Obligasi Negara Ritel ORI025', 'IDR', NULL, 2, NULL, 100.8500, 6.2500, '2027-02-15', $1),
     ('FR0100', 'bond', 'Obligasi Negara FR0100', 'IDR', NULL, 2, NULL, 99.2000, 6.6250, '2034-02-15', $1),
     ('SR020', 'bond', 'Sukuk Negara Ritel SR020', 'IDR', NULL, 2, NULL, 100.3500, 6.3000, '2027-03-10', $1)
     ON CONFLICT (code) DO NOTHING`,
    [priceDate],
  );
}

async function columnExists(tx: Queryable, table: string, column: string): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2`,
    [table, column],
  );
  return r.rows.length > 0;
}

/**
 * Seeds the demo personas with their products and months of balanced history; returns true when it
 * seeded. Idempotent: does nothing if the personas exist. Demo mode only (production seeds nothing).
 */
export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const exists = await db.query('SELECT 1 FROM customers WHERE user_id = $1', ['budisantoso']);
  if (exists.rows.length > 0) return false;

  // argon2 is slow on purpose: hash every secret once, in parallel, before the transaction.
  const hashes = await Promise.all(
    PERSONAS.map(async (p) => ({
      password: await hashSecret(p.password),
      pin: await hashSecret(p.appPin),
      atmPin: p.atm ? await hashSecret(p.atm.pin) : null,
    })),
  );

  return db.transaction(async (tx) => {
    // Two servers starting together: the second waits here and then finds the personas.
    await tx.query('SELECT pg_advisory_xact_lock(727275)');
    const again = await tx.query('SELECT 1 FROM customers WHERE user_id = $1', ['budisantoso']);
    if (again.rows.length > 0) return false;

    const c: SeedContext = {
      tx,
      now,
      seq: 0,
      clearing: new Map(),
      hasCardSystem: await columnExists(tx, 'credit_cards', 'card_number'),
    };
    for (const currency of ['IDR', 'USD', 'XAU']) {
      const existing = await tx.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [
        SEED_CLEARING(currency),
      ]);
      const id =
        existing.rows[0]?.id ??
        (await insertAccount(c, {
          accountNo: SEED_CLEARING(currency),
          customerId: null,
          product: 'internal',
          name: `Seed clearing ${currency}`,
          currency,
          floor: -1_000_000_000_000_000,
          createdAt: at(now, 400, 0),
        }));
      c.clearing.set(currency, id);
    }
    await seedInvestmentProducts(c);

    const hasLoginChallenge = await columnExists(tx, 'customers', 'login_challenge');
    const ids: Record<string, number> = {};
    for (const [i, p] of PERSONAS.entries()) {
      ids[p.userId] = await insertCustomer(c, p, hashes[i]!, hasLoginChallenge);
    }
    const { card: budiCard } = await seedBudi(c, ids.budisantoso!);
    await seedCardOnly(c, ids.saridewi!);
    await seedSupplementary(c, ids.andiwijaya!, budiCard);
    await seedSavingsHolder(c, ids.rinanodefault!, '800123456837', rp(4_500_000), false);
    await seedSavingsHolder(c, ids.dewifds!, '800123456845', rp(18_000_000), true);
    await seedSavingsHolder(c, ids.bayubds!, '800123456853', rp(32_000_000), true);

    // ATM cards (registration's migration 020 `atm_cards`) on each CASA persona's first savings account.
    if (await columnExists(tx, 'atm_cards', 'card_last4')) {
      for (const [i, p] of PERSONAS.entries()) {
        if (!p.atm) continue;
        await tx.query(
          `INSERT INTO atm_cards (account_id, card_last4, pin_hash)
           SELECT id, $2, $3 FROM accounts WHERE customer_id = $1 AND product = 'savings' AND currency = 'IDR'
           ORDER BY id LIMIT 1`,
          [ids[p.userId], p.atm.last4, hashes[i]!.atmPin],
        );
      }
    }

    // Balances are exactly the sum of their entries (the CHECK balance >= floor guards each one).
    await tx.query(
      `UPDATE accounts a SET balance = s.total
         FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
        WHERE s.account_id = a.id AND (a.customer_id = ANY($1::bigint[]) OR a.id = ANY($2::bigint[]))`,
      [Object.values(ids), [...c.clearing.values()]],
    );

    for (const b of DEMO_BANNERS) {
      await tx.query(
        `INSERT INTO maintenance_banners (key, page, title_eng, title_idn, message_eng, message_idn, flow_variants)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
        [b.key, b.page, b.titleEng, b.titleIdn, b.messageEng, b.messageIdn, b.flowVariants ?? null],
      );
    }
    return true;
  });
}
