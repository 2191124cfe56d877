import type { Db, Queryable } from '../db/db';
import { demoJournal } from '../travel/seed';

const DAY = 86_400_000;

interface DemoProgramme {
  code: string;
  name: [string, string];
  description: [string, string];
  reward: 'cashback' | 'fee_waiver' | 'points';
  cashbackFixed?: number;
  cashbackBp?: number;
  cashbackCap?: number;
  points?: number;
  minAmount?: number;
  flows: string[];
  tasks: number;
  completionPoints?: number;
  quota: number;
  used: number;
  /** Days from now. */
  starts: number;
  ends: number;
}

const PROGRAMMES: DemoProgramme[] = [
  {
    code: 'VOUCHER10',
    name: ['10% back on vouchers', 'Cashback 10% voucher'],
    description: [
      'Buy game, streaming or shopping vouchers and get 10% back, up to Rp25,000 each time, three times; all three earn 2,000 Poin Xtra more.',
      'Beli voucher game, streaming, atau belanja dan dapatkan cashback 10%, hingga Rp25.000 setiap kali, tiga kali; ketiganya memberi tambahan 2.000 Poin Xtra.',
    ],
    reward: 'cashback',
    cashbackBp: 1000,
    cashbackCap: 25_000_00,
    minAmount: 20_000_00,
    flows: ['voucher.buy'],
    tasks: 3,
    completionPoints: 2_000,
    quota: 5_000,
    used: 1_873,
    starts: -10,
    ends: 20,
  },
  {
    code: 'TOPUPGRATIS',
    name: ['Free e-wallet top-up fee', 'Gratis biaya top up e-wallet'],
    description: [
      'No admin fee on five top-ups of GoPay, OVO, DANA, ShopeePay or LinkAja of Rp50,000 or more.',
      'Tanpa biaya admin untuk lima kali top up GoPay, OVO, DANA, ShopeePay, atau LinkAja mulai Rp50.000.',
    ],
    reward: 'fee_waiver',
    minAmount: 50_000_00,
    flows: ['purchase.ewallet'],
    tasks: 5,
    quota: 20_000,
    used: 6_120,
    starts: -5,
    ends: 25,
  },
  {
    code: 'TERBANG',
    name: ['Fly for less', 'Terbang lebih hemat'],
    description: [
      'Rp100,000 back on flights of Rp1,000,000 or more booked with the travel concierge, twice; both earn 5,000 Poin Xtra more.',
      'Cashback Rp100.000 untuk tiket pesawat mulai Rp1.000.000 lewat travel concierge, dua kali; keduanya memberi tambahan 5.000 Poin Xtra.',
    ],
    reward: 'cashback',
    cashbackFixed: 100_000_00,
    minAmount: 1_000_000_00,
    flows: ['travel.flight'],
    tasks: 2,
    completionPoints: 5_000,
    quota: 1_000,
    used: 412,
    starts: -2,
    ends: 45,
  },
  {
    code: 'POINVOUCHER',
    name: ['Poin Xtra on every voucher', 'Poin Xtra setiap beli voucher'],
    description: [
      '500 Poin Xtra for each voucher, up to ten vouchers.',
      '500 Poin Xtra untuk setiap voucher, hingga sepuluh voucher.',
    ],
    reward: 'points',
    points: 500,
    flows: ['voucher.buy'],
    tasks: 10,
    quota: 50_000,
    used: 10_344,
    starts: -20,
    ends: 40,
  },
  {
    code: 'FLASHSALE',
    name: ['Flash sale: half price vouchers', 'Flash sale: voucher setengah harga'],
    description: [
      '50% back on one voucher, up to Rp50,000, for the first 500 customers.',
      'Cashback 50% untuk satu voucher, hingga Rp50.000, bagi 500 nasabah pertama.',
    ],
    reward: 'cashback',
    cashbackBp: 5000,
    cashbackCap: 50_000_00,
    flows: ['voucher.buy'],
    tasks: 1,
    quota: 500,
    used: 500,
    starts: -3,
    ends: 2,
  },
  {
    code: 'MERDEKA17',
    name: ['Independence Day top-ups', 'Top up Hari Kemerdekaan'],
    description: [
      'No admin fee on two e-wallet top-ups in the Independence Day week.',
      'Tanpa biaya admin untuk dua kali top up e-wallet di pekan Hari Kemerdekaan.',
    ],
    reward: 'fee_waiver',
    flows: ['purchase.ewallet'],
    tasks: 2,
    quota: 17_000,
    used: 9_310,
    starts: -75,
    ends: -68,
  },
];

async function insertProgrammes(tx: Queryable, now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  for (const p of PROGRAMMES)
    await tx.query(
      `INSERT INTO promo_programmes (code, name, description, reward, cashback_fixed, cashback_bp, cashback_cap, points,
         min_amount, flows, tasks, completion_points, quota, used, starts_at, ends_at)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (code) DO NOTHING`,
      [
        p.code,
        JSON.stringify({ en: p.name[0], id: p.name[1] }),
        JSON.stringify({ en: p.description[0], id: p.description[1] }),
        p.reward,
        p.cashbackFixed ?? 0,
        p.cashbackBp ?? 0,
        p.cashbackCap ?? null,
        p.points ?? 0,
        p.minAmount ?? 0,
        p.flows,
        p.tasks,
        p.completionPoints ?? 0,
        p.quota,
        p.used,
        // Starting at midnight WIB and ending at the end of a day, as marketing writes them.
        new Date(
          Math.floor((at(p.starts).getTime() + 7 * 3_600_000) / DAY) * DAY - 7 * 3_600_000,
        ).toISOString(),
        new Date(Math.ceil((at(p.ends).getTime() + 7 * 3_600_000) / DAY) * DAY - 7 * 3_600_000).toISOString(),
      ],
    );
}

const idr = (amount: number) => ({ amount, currency: 'IDR' });

/**
 * The bank's promo programmes (running ones, one exhausted, one ended) and budisantoso's use of them:
 * one voucher with VOUCHER10 (cashback), two e-wallet top-ups with MERDEKA17 (fee waived, completed).
 * Idempotent. Demo mode only: in production marketing adds programmes.
 */
export async function seedPromos(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    await insertProgrammes(tx, now);
    const { rows } = await tx.query<{
      id: string | number;
      source: string | number | null;
      account_no: string | null;
    }>(
      `SELECT c.id, c.default_source_account_id AS source, a.account_no
         FROM customers c LEFT JOIN accounts a ON a.id = c.default_source_account_id WHERE c.user_id = $1`,
      ['budisantoso'],
    );
    const budi = rows[0];
    if (!budi?.source) return;
    const customerId = Number(budi.id);
    const source = Number(budi.source);
    const has = await tx.query('SELECT 1 FROM promo_enrolments WHERE customer_id = $1 LIMIT 1', [customerId]);
    if (has.rows.length) return;
    const name = (code: string) => {
      const p = PROGRAMMES.find((x) => x.code === code)!;
      return { en: p.name[0], id: p.name[1] };
    };
    const redeem = async (
      code: string,
      journalId: number,
      r: {
        reward: string;
        value: number;
        points: number;
        destination: string;
        kind: [string, string];
        amount: number;
        adminFee: number;
        at: Date;
      },
    ) =>
      tx.query(
        `INSERT INTO promo_redemptions (code, customer_id, journal_id, reward, reward_value, points, source_account,
                                        destination, kind, amount, admin_fee, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12)`,
        [
          code,
          customerId,
          journalId,
          r.reward,
          r.value,
          r.points,
          budi.account_no ?? '-',
          JSON.stringify({ en: r.destination, id: r.destination }),
          JSON.stringify({ en: r.kind[0], id: r.kind[1] }),
          r.amount,
          r.adminFee,
          r.at.toISOString(),
        ],
      );

    // VOUCHER10: a Google Play Rp100.000 voucher (Rp102.500), 10% back.
    const voucherAt = new Date(now.getTime() - 6 * DAY);
    const price = 102_500_00;
    const cashback = 10_250_00;
    const voucherJournal = await demoJournal(tx, {
      customerId,
      flowId: 'voucher.buy',
      source,
      settlement: 'SETTLEMENT-VOUCHER-GPLAY',
      amount: price,
      fee: 0,
      cashback,
      status: 'success',
      idn: 'Beli voucher Google Play / Buy a voucher Google Play',
      eng: 'Buy a voucher Google Play',
      receipt: {
        amount: idr(price),
        fees: [],
        total: idr(price),
        promo: { code: 'VOUCHER10', name: name('VOUCHER10'), reward: 'cashback', value: idr(cashback) },
        details: {
          providerCategory: 'vouchers',
          providerCode: 'GPLAY',
          providerName: { en: 'Google Play', id: 'Google Play' },
          customerNumber: '081234567801',
          voucherCode: '4096118273305521',
          voucherValidUntil: new Date(voucherAt.getTime() + 365 * DAY).toISOString().slice(0, 10),
          choice: { denomination: { code: 'GPLAY-100K', brand: 'GPLAY', nominal: 100_000_00, price } },
        },
      },
      at: voucherAt,
    });
    await redeem('VOUCHER10', voucherJournal, {
      reward: 'cashback',
      value: cashback,
      points: 0,
      destination: 'Google Play',
      kind: ['Buy a voucher', 'Beli voucher'],
      amount: price,
      adminFee: 0,
      at: voucherAt,
    });

    // MERDEKA17: two GoPay top-ups, fee waived.
    for (const [days, amount] of [
      [73, 200_000_00],
      [71, 150_000_00],
    ] as const) {
      const at = new Date(now.getTime() - days * DAY);
      const journalId = await demoJournal(tx, {
        customerId,
        flowId: 'purchase.ewallet',
        source,
        settlement: 'SETTLEMENT-GOPAY',
        amount,
        fee: 1_000_00,
        waived: 1_000_00,
        status: 'success',
        idn: 'Top up e-wallet 081234567801 / E-wallet top-up 081234567801',
        eng: 'E-wallet top-up 081234567801',
        receipt: {
          amount: idr(amount),
          fees: [{ kind: 'admin', amount: idr(1_000_00) }],
          total: idr(amount),
          promo: {
            code: 'MERDEKA17',
            name: name('MERDEKA17'),
            reward: 'feeWaiver',
            value: idr(1_000_00),
          },
          details: {
            providerCategory: 'ewallet',
            providerCode: 'GOPAY',
            providerName: { en: 'GoPay', id: 'GoPay' },
            customerNumber: '081234567801',
            customerName: 'BUDI SANTOSO',
          },
        },
        at,
      });
      await redeem('MERDEKA17', journalId, {
        reward: 'feeWaiver',
        value: 1_000_00,
        points: 0,
        destination: 'GoPay',
        kind: ['E-wallet top-up', 'Top up e-wallet'],
        amount,
        adminFee: 0,
        at,
      });
    }
    for (const [code, days] of [
      ['MERDEKA17', 74],
      ['VOUCHER10', 7],
    ] as const)
      await tx.query('INSERT INTO promo_enrolments (customer_id, code, applied_at) VALUES ($1, $2, $3)', [
        customerId,
        code,
        new Date(now.getTime() - days * DAY).toISOString(),
      ]);
  });
}
