import type { Queryable } from '../db/db';
import { prng } from '../invest/prng';

const DAY_MS = 86_400_000;
const GRAM = 10_000; // XAU balances are in 1/10000 gram
export const PHYSICAL_GOLD_ACCOUNT = 'INTERNAL-GOLD-PHYSICAL-XAU';
/** The customer sells at about 93% of the buying price (the provider's spread). */
export const SELL_RATIO = 0.93;

/** A year of daily gold prices ending at today's (gold_prices), for the price chart. */
async function seedPriceHistory(tx: Queryable, now: Date) {
  const { rows } = await tx.query<{ buy_per_gram: number }>(
    'SELECT buy_per_gram FROM gold_prices WHERE id = 1',
  );
  const last = rows[0]?.buy_per_gram;
  if (!last) return;
  const rand = prng('gold');
  const times: string[] = [];
  const buys: number[] = [];
  const sells: number[] = [];
  let buy = last;
  for (let i = 1; i <= 365; i++) {
    const day = new Date(now.getTime() - i * DAY_MS);
    // 09:00 WIB, when the provider publishes the day's first price.
    times.push(new Date(`${day.toISOString().slice(0, 10)}T02:00:00Z`).toISOString());
    buy = Math.round(buy / Math.exp(0.1 / 365 + (rand() - 0.5) * 0.022) / 100) * 100;
    buys.push(buy);
    sells.push(Math.round((buy * SELL_RATIO) / 100) * 100);
  }
  await tx.query(
    `INSERT INTO gold_price_history (priced_at, buy_per_gram, sell_per_gram)
     SELECT t, b, s FROM unnest($1::timestamptz[], $2::int8[], $3::int8[]) AS x(t, b, s)
     ON CONFLICT (priced_at) DO NOTHING`,
    [times, buys, sells],
  );
}

interface PickupSeed {
  grams: number;
  status: 'in_progress' | 'ready_for_pickup' | 'collected';
  requested: number; // days ago
  arrived: number | null;
  collected: number | null;
  branch: string;
  zone: string;
  pawnBranchRef: string;
}

const BUDI_PICKUPS: PickupSeed[] = [
  {
    grams: 1,
    status: 'collected',
    requested: 80,
    arrived: 72,
    collected: 68,
    branch: 'Pegadaian Cabang Kebayoran Baru',
    zone: 'Jakarta Selatan',
    pawnBranchRef: 'CAB-10601',
  },
  {
    grams: 2,
    status: 'ready_for_pickup',
    requested: 12,
    arrived: 4,
    collected: null,
    branch: 'Pegadaian Cabang Kebayoran Baru',
    zone: 'Jakarta Selatan',
    pawnBranchRef: 'CAB-10601',
  },
  {
    grams: 1,
    status: 'in_progress',
    requested: 2,
    arrived: null,
    collected: null,
    branch: 'Pegadaian Cabang Tebet',
    zone: 'Jakarta Selatan',
    pawnBranchRef: 'CAB-10617',
  },
];

/**
 * Budi's physical gold: each pickup took its grams out of the gold account when it was ordered
 * (the bars are printed for him), posted through the ledger against the bank's physical-gold account.
 */
async function seedPickups(tx: Queryable, now: Date) {
  const { rows } = await tx.query<{ id: number; customer_id: number }>(
    `SELECT a.id, a.customer_id FROM accounts a JOIN customers c ON c.id = a.customer_id
      WHERE c.user_id = 'budisantoso' AND a.product = 'gold' ORDER BY a.id LIMIT 1`,
  );
  const gold = rows[0];
  if (!gold) return;
  const physical =
    (await tx.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [PHYSICAL_GOLD_ACCOUNT]))
      .rows[0]?.id ??
    (
      await tx.query<{ id: number }>(
        `INSERT INTO accounts (account_no, customer_id, product, name, currency) VALUES ($1, NULL, 'internal', 'Physical gold (printed bars)', 'XAU') RETURNING id`,
        [PHYSICAL_GOLD_ACCOUNT],
      )
    ).rows[0]!.id;
  for (const [i, p] of BUDI_PICKUPS.entries()) {
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const requested = at(p.requested);
    const day = requested.toISOString().slice(0, 10).replaceAll('-', '');
    const ref = `GP${day}${String(i + 1).padStart(6, '0')}`;
    const grams = p.grams * GRAM;
    const journal = await tx.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, details, created_at)
       VALUES ($1, $2, 'gold-saving.pickup', 'success', $3, 'XAU', $4, $5::jsonb, $6) RETURNING id`,
      [
        ref,
        gold.customer_id,
        grams,
        `Cetak emas / Gold printing ${p.grams} g`,
        JSON.stringify({ seeded: true, grams: p.grams.toFixed(4) }),
        requested.toISOString(),
      ],
    );
    await tx.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, currency, created_at)
       VALUES ($1, $2, $3, 'XAU', $5), ($1, $4, $6, 'XAU', $5)`,
      [journal.rows[0]!.id, gold.id, -grams, physical, requested.toISOString(), grams],
    );
    await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [gold.id, -grams]);
    await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [physical, grams]);
    await tx.query(
      `INSERT INTO gold_pickups (customer_id, transaction_ref, provider_ref, pawn_branch_ref, branch, zone, grams,
         status, requested_at, arrived_at, collected_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        gold.customer_id,
        ref,
        `PGD${day}${String(4711 + i * 97)}`,
        p.pawnBranchRef,
        p.branch,
        p.zone,
        grams,
        p.status,
        requested.toISOString(),
        p.arrived === null ? null : at(p.arrived).toISOString(),
        p.collected === null ? null : at(p.collected).toISOString(),
      ],
    );
  }
}

export async function seedGold(tx: Queryable, now: Date): Promise<void> {
  await seedPriceHistory(tx, now);
  await seedPickups(tx, now);
}
