import type { Queryable } from '../db/db';
import { bankDate } from '../../shared/bank-time';
import { formatMoney } from '../../shared/money';
import type { PromoReward, PromoText } from '../../shared/promo';

/** A programme as stored (promo_programmes, migration 290). */
export interface Programme {
  code: string;
  name: PromoText;
  description: PromoText;
  reward: PromoReward;
  cashbackFixed: number;
  cashbackBp: number;
  cashbackCap: number | null;
  points: number;
  minAmount: number;
  flows: string[];
  tasks: number;
  completionPoints: number;
  quota: number;
  used: number;
  startsAt: Date;
  endsAt: Date;
}

interface ProgrammeRow {
  code: string;
  name: PromoText;
  description: PromoText;
  reward: 'cashback' | 'fee_waiver' | 'points';
  cashback_fixed: string | number;
  cashback_bp: number;
  cashback_cap: string | number | null;
  points: number;
  min_amount: string | number;
  flows: string[];
  tasks: number;
  completion_points: number;
  quota: number;
  used: number;
  starts_at: Date | string;
  ends_at: Date | string;
}

export const programmeOf = (r: ProgrammeRow): Programme => ({
  code: r.code,
  name: r.name,
  description: r.description,
  reward: r.reward === 'fee_waiver' ? 'feeWaiver' : r.reward,
  cashbackFixed: Number(r.cashback_fixed),
  cashbackBp: r.cashback_bp,
  cashbackCap: r.cashback_cap === null ? null : Number(r.cashback_cap),
  points: r.points,
  minAmount: Number(r.min_amount),
  flows: r.flows,
  tasks: r.tasks,
  completionPoints: r.completion_points,
  quota: r.quota,
  used: r.used,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
});

const COLUMNS = `code, name, description, reward, cashback_fixed, cashback_bp, cashback_cap, points, min_amount,
  flows, tasks, completion_points, quota, used, starts_at, ends_at`;

/** One programme by its code (already normalised), or undefined. */
export async function findProgramme(db: Queryable, code: string): Promise<Programme | undefined> {
  const { rows } = await db.query<ProgrammeRow>(`SELECT ${COLUMNS} FROM promo_programmes WHERE code = $1`, [
    code,
  ]);
  return rows[0] ? programmeOf(rows[0]) : undefined;
}

/** Programmes running at `now`, or applied by the customer, newest ending last. */
export async function programmesFor(db: Queryable, customerId: number, now: Date): Promise<Programme[]> {
  const { rows } = await db.query<ProgrammeRow>(
    `SELECT ${COLUMNS} FROM promo_programmes p
      WHERE (p.starts_at <= $2 AND p.ends_at > $2)
         OR EXISTS (SELECT 1 FROM promo_enrolments e WHERE e.code = p.code AND e.customer_id = $1)
      ORDER BY p.ends_at, p.code`,
    [customerId, now.toISOString()],
  );
  return rows.map(programmeOf);
}

/** Whether a flow earns the programme: its id listed, or its id under a listed 'area.*'. */
export const coversFlow = (p: Pick<Programme, 'flows'>, flowId: string) =>
  p.flows.some((f) => f === flowId || (f.endsWith('.*') && flowId.startsWith(f.slice(0, -1))));

/** The customer's transactions with the code so far and the points they earned. */
export async function usesOf(
  db: Queryable,
  customerId: number,
  code: string,
): Promise<{ count: number; points: number }> {
  const { rows } = await db.query<{ n: string | number; points: string | number | null }>(
    `SELECT count(*) AS n, sum(r.points) AS points FROM promo_redemptions r JOIN journal j ON j.id = r.journal_id
      WHERE r.customer_id = $1 AND r.code = $2 AND j.status <> 'failed'`,
    [customerId, code],
  );
  return { count: Number(rows[0]?.n ?? 0), points: Number(rows[0]?.points ?? 0) };
}

/** Calendar days (WIB) from `now` to the programme's last day; 0 on the last day. */
export function daysLeft(p: Pick<Programme, 'endsAt'>, now: Date): number {
  // The programme ends at an instant; its last day is the day of the instant just before it.
  const last = bankDate(new Date(p.endsAt.getTime() - 1));
  const today = bankDate(now);
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

const idr = (amount: number) => ({ amount, currency: 'IDR' });
const points = (n: number, lang: 'en' | 'id') => n.toLocaleString(lang === 'en' ? 'en-US' : 'id-ID');

/** What one transaction gives, in each language: "Cashback 10% up to Rp25.000", "Admin fee waived", "500 Poin Xtra". */
export function rewardText(p: Programme): PromoText {
  const text = (lang: 'en' | 'id') => {
    if (p.reward === 'feeWaiver') return lang === 'en' ? 'Admin fee waived' : 'Gratis biaya admin';
    if (p.reward === 'points') return `${points(p.points, lang)} Poin Xtra`;
    const parts: string[] = [];
    if (p.cashbackBp > 0)
      parts.push(`${(p.cashbackBp / 100).toLocaleString(lang === 'en' ? 'en-US' : 'id-ID')}%`);
    if (p.cashbackFixed > 0) parts.push(formatMoney(idr(p.cashbackFixed), lang));
    const cap =
      p.cashbackCap !== null
        ? lang === 'en'
          ? ` up to ${formatMoney(idr(p.cashbackCap), lang)}`
          : ` hingga ${formatMoney(idr(p.cashbackCap), lang)}`
        : '';
    return `Cashback ${parts.join(' + ')}${cap}`;
  };
  return { en: text('en'), id: text('id') };
}

/** The cashback of an amount (IDR minor units): the percentage plus the fixed part, capped. */
export function cashbackOf(p: Programme, amount: number): number {
  const value = Math.floor((amount * p.cashbackBp) / 10_000) + p.cashbackFixed;
  return p.cashbackCap === null ? value : Math.min(value, p.cashbackCap);
}
