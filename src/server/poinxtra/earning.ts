import type { Db } from '../db/db';
import { bankDate } from '../../shared/bank-time';
import earning from '../../../rules/poinxtra-earning.json';
import { ensurePoints, movePoints } from './store';

interface BonusPeriod {
  from: string;
  to: string;
  multiplier: number;
  name: { en: string; id: string };
}

/** The bonus period of a Jakarta date, if any (rules/poinxtra-earning.json). */
export function bonusPeriodOf(day: string): BonusPeriod | undefined {
  return (earning.bonusPeriods as BonusPeriod[]).find((p) => p.from <= day && day <= p.to);
}

/** Points of an amount spent (IDR minor units): whole points only. */
export const pointsFor = (spent: number) => Math.floor(spent / earning.minorPerPoint);

/**
 * Awards Poin Xtra for card spending not awarded yet: every debit of an IDR credit card in a journal the
 * engine booked (it names its inquiry) that succeeded; with bonus points on, in a bonus period, the
 * bonus on top (its own history line). Each entry is awarded once, whichever app server runs it (the
 * entry is the key of poin_xtra_awards). Returns the entries awarded.
 */
export async function awardCardPoints(db: Db, opts: { limit?: number } = {}): Promise<number> {
  const { rows } = await db.query<{
    entry_id: string | number;
    customer_id: string | number;
    spent: string | number;
    created_at: Date | string;
    description: string;
    description_eng: string | null;
    journal_id: string | number;
    bonus_enabled: boolean | null;
  }>(
    `SELECT e.id AS entry_id, a.customer_id, -e.amount AS spent, j.created_at, j.description, j.description_eng,
            j.id AS journal_id, p.bonus_enabled
       FROM ledger_entries e
       JOIN accounts a ON a.id = e.account_id
       JOIN journal j ON j.id = e.journal_id
       LEFT JOIN poin_xtra p ON p.customer_id = a.customer_id
      WHERE a.product = 'credit_card' AND a.currency = 'IDR' AND e.amount < 0 AND j.status = 'success'
        AND j.inquiry_id IS NOT NULL AND j.flow_id NOT LIKE 'poinxtra.%'
        AND NOT EXISTS (SELECT 1 FROM poin_xtra_awards w WHERE w.entry_id = e.id)
      ORDER BY e.id LIMIT $1`,
    [opts.limit ?? 200],
  );
  let awarded = 0;
  for (const r of rows) {
    const customerId = Number(r.customer_id);
    const base = pointsFor(Number(r.spent));
    const period = r.bonus_enabled ? bonusPeriodOf(bankDate(new Date(r.created_at))) : undefined;
    const bonus = period ? base * (period.multiplier - 1) : 0;
    const done = await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO poin_xtra_awards (entry_id, customer_id, points, bonus_points) VALUES ($1, $2, $3, $4)
         ON CONFLICT (entry_id) DO NOTHING`,
        [Number(r.entry_id), customerId, base, bonus],
      );
      if (rowCount !== 1) return false;
      if (base === 0) return true;
      await ensurePoints(tx, customerId);
      const what = { idn: r.description, eng: r.description_eng ?? r.description };
      const journalId = Number(r.journal_id);
      await movePoints(tx, {
        customerId,
        points: base,
        kind: 'earn',
        eng: `Card spending: ${what.eng}`,
        idn: `Transaksi kartu: ${what.idn}`,
        journalId,
        detail: { entryId: Number(r.entry_id) },
      });
      if (bonus > 0)
        await movePoints(tx, {
          customerId,
          points: bonus,
          kind: 'bonus',
          eng: `${period!.name.en}: ${what.eng}`,
          idn: `${period!.name.id}: ${what.idn}`,
          journalId,
          detail: { entryId: Number(r.entry_id) },
        });
      return true;
    });
    if (done) awarded++;
  }
  return awarded;
}
