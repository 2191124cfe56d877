import type { Queryable } from '../db/db';

export type MovementKind =
  'earn' | 'bonus' | 'cashback' | 'voucher' | 'transfer-out' | 'transfer-in' | 'mileage';

/** The customer's points (0 when the customer has none yet); `lock` holds the row to the transaction's end. */
export async function pointsOf(db: Queryable, customerId: number, lock = false): Promise<number> {
  const { rows } = await db.query<{ points: string | number }>(
    `SELECT points FROM poin_xtra WHERE customer_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [customerId],
  );
  return Number(rows[0]?.points ?? 0);
}

/** Opens the customer's points row if missing, so it can be locked and credited. */
export async function ensurePoints(db: Queryable, customerId: number): Promise<void> {
  await db.query(
    'INSERT INTO poin_xtra (customer_id, points) VALUES ($1, 0) ON CONFLICT (customer_id) DO NOTHING',
    [customerId],
  );
}

export interface Movement {
  customerId: number;
  points: number;
  kind: MovementKind;
  eng: string;
  idn: string;
  journalId?: number;
  detail?: Record<string, unknown>;
}

/**
 * Moves the customer's points (negative: spent) and writes the history line. Returns false, writing
 * nothing, when the balance would go below zero.
 */
export async function movePoints(db: Queryable, m: Movement): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE poin_xtra SET points = points + $2, updated_at = now() WHERE customer_id = $1 AND points + $2 >= 0`,
    [m.customerId, m.points],
  );
  if (rowCount !== 1) return false;
  await db.query(
    `INSERT INTO poin_xtra_history (customer_id, points, description, description_eng, journal_id, kind, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [m.customerId, m.points, m.idn, m.eng, m.journalId ?? null, m.kind, JSON.stringify(m.detail ?? {})],
  );
  return true;
}
