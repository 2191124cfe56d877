import type { Queryable } from '../db/db';

// Values in rupiah at the exchange board's buy rate, as My account's portfolios show them.

/** IDR value of minor units of `currency` at the board's buy rate, exactly (BigInt on the rate's decimals). */
export function toIdr(amount: number, currency: string, rates: Map<string, string>): number {
  if (currency === 'IDR') return amount;
  const rate = rates.get(currency);
  if (!rate) return 0;
  const [whole, frac = ''] = rate.split('.');
  const scaled = BigInt(`${whole}${frac.padEnd(4, '0').slice(0, 4)}`);
  const product = BigInt(amount) * scaled;
  // round half up at the 4 decimals of the rate
  return Number((product + 5_000n) / 10_000n);
}

export async function boardRates(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ currency: string; buy: string }>(
    'SELECT currency, buy::text AS buy FROM exchange_rates',
  );
  return new Map(rows.map((r) => [r.currency.trim(), r.buy]));
}
