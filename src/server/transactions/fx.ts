import type { Queryable } from '../db/db';
import { minorDigits } from '../../shared/money';

/** A board rate as an exact scaled integer: IDR per one unit, times 10^4. */
interface Rate {
  buy: bigint;
  sell: bigint;
  text: { buy: string; sell: string };
}
const SCALE = 10_000n;

function scaled(decimal: string): bigint {
  const [int, frac = ''] = decimal.split('.');
  return BigInt(int!) * SCALE + BigInt((frac + '0000').slice(0, 4));
}

export async function boardRate(db: Queryable, currency: string): Promise<Rate | undefined> {
  const { rows } = await db.query<{ buy: string; sell: string }>(
    'SELECT buy::text AS buy, sell::text AS sell FROM exchange_rates WHERE currency = $1',
    [currency],
  );
  const r = rows[0];
  return r ? { buy: scaled(r.buy), sell: scaled(r.sell), text: { buy: r.buy, sell: r.sell } } : undefined;
}

const pow10 = (n: number) => 10n ** BigInt(n);
const divUp = (a: bigint, b: bigint) => (a + b - 1n) / b;

export interface Conversion {
  /** What the paying side gives, in its minor units (rounded in the bank's favour). */
  amount: number;
  /** The rate shown to the customer: IDR per one unit of the foreign currency. */
  rate: string;
}

/**
 * How much of `payCurrency` buys `amount` minor units of `getCurrency`. The bank sells foreign
 * currency at its sell rate and buys it at its buy rate; foreign-to-foreign goes through IDR.
 * Undefined when a currency has no board rate.
 */
export async function convert(
  db: Queryable,
  amount: number,
  getCurrency: string,
  payCurrency: string,
): Promise<Conversion | undefined> {
  if (getCurrency === payCurrency) return { amount, rate: '1' };
  const idrDigits = minorDigits('IDR');
  // IDR minor units needed, times SCALE.
  let idrScaled: bigint;
  let rateText: string;
  if (getCurrency === 'IDR') {
    idrScaled = BigInt(amount) * SCALE;
    rateText = '';
  } else {
    const r = await boardRate(db, getCurrency);
    if (!r) return undefined;
    idrScaled = (BigInt(amount) * r.sell * pow10(idrDigits)) / pow10(minorDigits(getCurrency));
    rateText = r.text.sell;
  }
  if (payCurrency === 'IDR') return { amount: Number(divUp(idrScaled, SCALE)), rate: rateText };
  const p = await boardRate(db, payCurrency);
  if (!p) return undefined;
  // pay minor = idr minor / buy * 10^(payDigits - idrDigits)
  const num = idrScaled * pow10(minorDigits(payCurrency));
  const den = p.buy * pow10(idrDigits);
  return { amount: Number(divUp(num, den)), rate: rateText || p.text.buy };
}

/** The IDR value used against limits (which are kept in IDR). */
export async function idrValue(db: Queryable, amount: number, currency: string): Promise<number> {
  if (currency === 'IDR') return amount;
  const c = await convert(db, amount, currency, 'IDR');
  return c?.amount ?? amount;
}
