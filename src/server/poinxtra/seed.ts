import type { Db } from '../db/db';

const DAY = 86_400_000;

/**
 * Poin Xtra history with every kind for budisantoso (the core seed gives him 12,450 points and three
 * lines): the earlier lines get their kind, a transfer received and a mileage conversion are added,
 * and the balance stays the sum of the history. Idempotent. Demo mode only.
 */
export async function seedPoinXtra(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const { rows } = await db.query<{ id: string | number }>('SELECT id FROM customers WHERE user_id = $1', [
    'budisantoso',
  ]);
  const budi = rows[0] ? Number(rows[0].id) : undefined;
  if (budi === undefined) return;
  await db.transaction(async (tx) => {
    const has = await tx.query(
      `SELECT 1 FROM poin_xtra_history WHERE customer_id = $1 AND kind <> 'earn' LIMIT 1`,
      [budi],
    );
    if (has.rows.length) return;
    await tx.query(`UPDATE poin_xtra_history SET kind = 'voucher' WHERE customer_id = $1 AND points < 0`, [
      budi,
    ]);
    await tx.query(`UPDATE poin_xtra_history SET kind = 'bonus' WHERE customer_id = $1 AND points = 10000`, [
      budi,
    ]);
    const ago = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
    const lines: [number, string, string, string, string][] = [
      [48_000, 'earn', 'Poin transaksi kartu kredit', 'Card spending points', ago(60)],
      [5_000, 'transfer-in', 'Terima poin dari Sari Dewi', 'Points received from Sari Dewi', ago(30)],
      [-2_000, 'mileage', '500 mil GarudaMiles', '500 GarudaMiles miles', ago(12)],
      [1_550, 'earn', 'Poin transaksi kartu kredit', 'Card spending points', ago(3)],
    ];
    for (const [points, kind, idn, eng, at] of lines)
      await tx.query(
        `INSERT INTO poin_xtra_history (customer_id, points, description, description_eng, kind, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [budi, points, idn, eng, kind, at],
      );
    await tx.query(`UPDATE poin_xtra SET points = points + $2, bonus_enabled = true WHERE customer_id = $1`, [
      budi,
      lines.reduce((s, l) => s + l[0], 0),
    ]);
  });
}
