import type { Db, Queryable } from '../db/db';
import { FUNDS } from './catalogue-data';
import { isWeekend, prng } from './seed';

/**
 * The funds' daily NAVs, as their managers publish them: the NAV of a business day is known at
 * NAV_PUBLISH_TIME (WIB) that day. A real bank loads the managers' files; here each fund's NAV moves by
 * a deterministic step from the day before (its drift and volatility in catalogue-data.ts), so every
 * app server publishing the same day writes the same value (the row is written once). Orders waiting
 * for a NAV (fund-orders.ts) are settled once it is published.
 */

export const NAV_PUBLISH_TIME = '17:00';
const WIB_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
/** At most this many business days are published in one go (a server that was down catches up). */
const CATCH_UP_DAYS = 40;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The latest business day whose NAV is published at `now` ("YYYY-MM-DD"). */
export function lastPublishedDay(now: Date): string {
  const local = now.getTime() + WIB_MS;
  let day = Math.floor(local / DAY_MS) * DAY_MS;
  const [h, m] = NAV_PUBLISH_TIME.split(':').map(Number) as [number, number];
  if (local - day < (h * 60 + m) * 60_000) day -= DAY_MS;
  while (isWeekend(new Date(day))) day -= DAY_MS;
  return isoDay(day);
}

/** The business days after `from` up to `to` (both "YYYY-MM-DD"), oldest first. */
function businessDaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`) + DAY_MS; d <= Date.parse(`${to}T00:00:00Z`); d += DAY_MS)
    if (!isWeekend(new Date(d))) out.push(isoDay(d));
  return out.slice(-CATCH_UP_DAYS);
}

/** The NAV of `code` on `date` from the one before it: the same for every server. */
export function nextNav(code: string, date: string, previous: number): number {
  const fund = FUNDS.find((f) => f.code === code);
  const drift = fund?.drift ?? 0.05;
  const volatility = fund?.volatility ?? 0.05;
  const rand = prng(`${code}:${date}`);
  const noise = rand() + rand() + rand() + rand() - 2;
  return previous * Math.exp(drift / 252 + (volatility / Math.sqrt(252)) * noise * 1.7);
}

/**
 * Publishes every fund's NAVs due by `now` that are not yet published, and moves each fund's latest
 * NAV (investment_products) to the newest. Safe on any number of servers at once. Returns how many
 * NAVs it wrote.
 */
export async function publishDueNavs(db: Db, now: Date): Promise<number> {
  const until = lastPublishedDay(now);
  return db.transaction(async (tx) => {
    // One publisher at a time; the others then find the rows there.
    await tx.query('SELECT pg_advisory_xact_lock(727291)');
    const { rows } = await tx.query<{ code: string; last_date: string; last_value: string }>(
      `SELECT p.code, h.price_date::text AS last_date, h.value::text AS last_value
         FROM investment_products p
         JOIN LATERAL (SELECT price_date, value FROM investment_price_history
                        WHERE code = p.code ORDER BY price_date DESC LIMIT 1) h ON true
        WHERE p.kind = 'mutual_fund' AND h.price_date < $1::date`,
      [until],
    );
    let written = 0;
    for (const r of rows) {
      const dates: string[] = [];
      const values: string[] = [];
      let value = Number(r.last_value);
      for (const date of businessDaysBetween(r.last_date, until)) {
        value = nextNav(r.code, date, value);
        dates.push(date);
        values.push(value.toFixed(4));
      }
      if (!dates.length) continue;
      await tx.query(
        `INSERT INTO investment_price_history (code, price_date, value)
         SELECT $1, d, v FROM unnest($2::date[], $3::numeric[]) AS t(d, v) ON CONFLICT DO NOTHING`,
        [r.code, dates, values],
      );
      await tx.query(
        `UPDATE investment_products SET nav = $2, price_date = $3::date WHERE code = $1 AND price_date < $3::date`,
        [r.code, values.at(-1), dates.at(-1)],
      );
      written += dates.length;
    }
    return written;
  });
}

/** The published NAV of a fund on a day, as text with 4 decimals, or null while it is not published. */
export async function navOn(db: Queryable, code: string, date: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>(
    'SELECT value::text AS value FROM investment_price_history WHERE code = $1 AND price_date = $2::date',
    [code, date],
  );
  return rows[0]?.value ?? null;
}
