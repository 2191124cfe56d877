import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import { SPECIAL_RATE_REFRESH_MS } from '../../shared/constants';

/** IDR per one unit of the currency, as exact decimal strings with 4 digits. */
export interface Rate {
  currency: string;
  nameEng: string;
  nameIdn: string;
  buy: string;
  sell: string;
}

export interface RateBoard {
  rates: Rate[];
  specialRates: Rate[];
  updatedAt: string;
  validUntil: string;
}

const SCALE = 10_000n;

/** "16185.5" -> 161855000n (rates scaled by 10^4); exact, no floating point. */
export function parseRate(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a rate: ${text}`);
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

export function formatRate(scaled: bigint): string {
  const whole = scaled / SCALE;
  const frac = (scaled % SCALE).toString().padStart(4, '0');
  return `${whole}.${frac}`;
}

export async function boardRates(db: Queryable): Promise<Rate[]> {
  const { rows } = await db.query<{
    currency: string;
    name_eng: string;
    name_idn: string;
    buy: string;
    sell: string;
  }>(
    `SELECT currency, name_eng, name_idn, buy::text AS buy, sell::text AS sell
       FROM exchange_rates ORDER BY sort_order, currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    nameEng: r.name_eng,
    nameIdn: r.name_idn,
    buy: formatRate(parseRate(r.buy)),
    sell: formatRate(parseRate(r.sell)),
  }));
}

/** A stable pseudo-random integer in [-range, range] for this currency and 10-second window. */
function jitter(currency: string, window: number, range: number): bigint {
  const h = createHash('sha256').update(`${currency}:${window}`).digest();
  return BigInt((h.readUInt32BE(0) % (2 * range + 1)) - range);
}

/**
 * Special (e-channel) rates: a narrower spread than the board, moving every 10 seconds. Derived from
 * the board and the clock alone, so every app server quotes the same rate in the same window.
 * Each side moves by up to 5 basis points of the mid rate; the spread is a third of the board's.
 */
export function specialRates(
  board: Rate[],
  nowMs: number,
): Pick<RateBoard, 'specialRates' | 'updatedAt' | 'validUntil'> {
  const window = Math.floor(nowMs / SPECIAL_RATE_REFRESH_MS);
  const specialRates = board.map((r) => {
    const buy = parseRate(r.buy);
    const sell = parseRate(r.sell);
    const mid = (buy + sell) / 2n;
    const move = (mid * jitter(r.currency, window, 5)) / 10_000n;
    const halfSpread = (sell - buy) / 6n;
    const specialMid = mid + move;
    return {
      ...r,
      buy: formatRate(specialMid - halfSpread),
      sell: formatRate(specialMid + halfSpread),
    };
  });
  return {
    specialRates,
    updatedAt: new Date(window * SPECIAL_RATE_REFRESH_MS).toISOString(),
    validUntil: new Date((window + 1) * SPECIAL_RATE_REFRESH_MS).toISOString(),
  };
}

/** The board and this window's special rates (what /api/exchangerate/v1/list answers). */
export async function rateBoard(db: Queryable, nowMs = Date.now()): Promise<RateBoard> {
  const rates = await boardRates(db);
  return { rates, ...specialRates(rates, nowMs) };
}
