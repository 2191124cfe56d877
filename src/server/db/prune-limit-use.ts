import type { Queryable } from './db';

/**
 * Deletes limit_use rows of days before today (Asia/Jakarta, the database's clock): limit_used() reads
 * the days from today on (migration 330), so past days are never read again. A journal of a pruned day
 * changed later only finds no row to take from; one moved into a past day makes a row the next prune
 * takes. Returns how many rows went.
 */
export async function pruneLimitUse(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM limit_use WHERE day < (now() AT TIME ZONE 'Asia/Jakarta')::date`,
  );
  return rowCount;
}
