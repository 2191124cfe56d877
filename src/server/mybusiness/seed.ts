import type { Db } from '../db/db';

const DAY = 86_400_000;
const PAYERS = ['GoPay', 'OVO', 'DANA', 'ShopeePay', 'OCTO Mobile', 'BCA mobile', 'LinkAja'];
const CARDS = ['Visa', 'Mastercard', 'GPN'];
/** Menu prices of a coffee stall, rupiah. */
const PRICES = [18_000, 22_000, 25_000, 28_000, 35_000, 42_000, 55_000, 68_000, 85_000, 120_000];

/** A small deterministic generator, so the demo's numbers are the same on every start. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * budisantoso's business: a coffee stall accepting QRIS and cards, settled to his current account,
 * with 90 days of sales (idempotent: only when he has no merchant). Demo mode only.
 */
export async function seedMerchants(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const { rows } = await db.query<{ id: number }>('SELECT id FROM customers WHERE user_id = $1', [
    'budisantoso',
  ]);
  const budi = rows[0]?.id;
  if (!budi) return 0;
  return db.transaction(async (tx) => {
    const { rows: has } = await tx.query('SELECT 1 FROM merchants WHERE customer_id = $1', [budi]);
    if (has.length > 0) return 0;
    const { rows: acc } = await tx.query<{ id: number }>(
      `SELECT id FROM accounts WHERE customer_id = $1 AND product = 'current' ORDER BY id LIMIT 1`,
      [budi],
    );
    const { rows: m } = await tx.query<{ id: number }>(
      // Its QRIS identity is docs/qris.md's samples' (migration 340).
      `INSERT INTO merchants (customer_id, mid, name, category, settlement_account_id, mdr_bps, created_at,
                              nmid, qris_pan, mcc, city, postal_code, terminal_label, tip)
       VALUES ($1, 'OCTO0082731', 'Kopi Santoso', 'Food & Beverage', $2, 30, $3,
               'ID1026000827310', '9360002200000827310', '5814', 'JAKARTA SELATAN', '12190', 'A01', 'prompt')
       RETURNING id`,
      [budi, acc[0]?.id ?? null, new Date(now.getTime() - 400 * DAY).toISOString()],
    );
    const merchant = m[0]!.id;
    const rand = lcg(82731);
    const refs: string[] = [];
    const channels: string[] = [];
    const payers: string[] = [];
    const amounts: number[] = [];
    const fees: number[] = [];
    const statuses: string[] = [];
    const times: string[] = [];
    for (let daysAgo = 90; daysAgo >= 0; daysAgo--) {
      const dayStart = new Date(now.getTime() - daysAgo * DAY);
      dayStart.setUTCHours(0, 0, 0, 0); // 07:00 WIB
      const weekend = [0, 6].includes(dayStart.getUTCDay());
      const sales = 5 + Math.floor(rand() * (weekend ? 14 : 9));
      for (let k = 0; k < sales; k++) {
        // Open 07:00-21:00 WIB; today's sales only up to now.
        const at = new Date(dayStart.getTime() + Math.floor(rand() * 14 * 3_600_000));
        if (at.getTime() > now.getTime()) continue;
        const card = rand() < 0.18;
        const amount = PRICES[Math.floor(rand() * PRICES.length)]! * (1 + Math.floor(rand() * 3)) * 100;
        refs.push(
          `QR${at.toISOString().slice(2, 10).replaceAll('-', '')}${String(refs.length + 1).padStart(6, '0')}`,
        );
        channels.push(card ? 'edc' : 'qris');
        payers.push(
          card ? CARDS[Math.floor(rand() * CARDS.length)]! : PAYERS[Math.floor(rand() * PAYERS.length)]!,
        );
        amounts.push(amount);
        fees.push(Math.round((amount * 30) / 10_000));
        statuses.push(rand() < 0.02 ? 'refunded' : 'settled');
        times.push(at.toISOString());
      }
    }
    await tx.query(
      `INSERT INTO merchant_transactions (merchant_id, reference_no, channel, payer, amount, fee, status, created_at)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[], $8::timestamptz[])`,
      [merchant, refs, channels, payers, amounts, fees, statuses, times],
    );
    return refs.length;
  });
}
