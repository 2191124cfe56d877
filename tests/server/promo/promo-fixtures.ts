import type { Queryable } from '../../../src/server/db/db';

let seq = 0;

/** A promo programme (promo_programmes) running from an hour ago for a week unless told otherwise. */
export async function insertProgramme(
  db: Queryable,
  p: {
    reward: 'cashback' | 'fee_waiver' | 'points';
    flows: string[];
    code?: string;
    cashbackFixed?: number;
    cashbackBp?: number;
    cashbackCap?: number;
    points?: number;
    minAmount?: number;
    tasks?: number;
    completionPoints?: number;
    quota?: number;
    used?: number;
    startsAt?: Date;
    endsAt?: Date;
  },
): Promise<string> {
  seq += 1;
  const code = p.code ?? `T${process.pid % 1000}${Date.now() % 100000}${seq}`.slice(0, 15);
  await db.query(
    `INSERT INTO promo_programmes (code, name, description, reward, cashback_fixed, cashback_bp, cashback_cap, points,
       min_amount, flows, tasks, completion_points, quota, used, starts_at, ends_at)
     VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      code,
      JSON.stringify({ en: `Test promo ${code}`, id: `Promo uji ${code}` }),
      JSON.stringify({ en: 'For the tests', id: 'Untuk pengujian' }),
      p.reward,
      p.cashbackFixed ?? 0,
      p.cashbackBp ?? 0,
      p.cashbackCap ?? null,
      p.points ?? 0,
      p.minAmount ?? 0,
      p.flows,
      p.tasks ?? 3,
      p.completionPoints ?? 0,
      p.quota ?? 100,
      p.used ?? 0,
      (p.startsAt ?? new Date(Date.now() - 3_600_000)).toISOString(),
      (p.endsAt ?? new Date(Date.now() + 7 * 86_400_000)).toISOString(),
    ],
  );
  return code;
}

export const programmeUsed = async (db: Queryable, code: string) =>
  (await db.query<{ used: number }>('SELECT used FROM promo_programmes WHERE code = $1', [code])).rows[0]!
    .used;
