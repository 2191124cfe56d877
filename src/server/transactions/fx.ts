import type { Queryable } from '../db/db';
import { minorDigits } from '../../shared/money';
import { specialRates } from '../core-bank/exchange-rates';

/** A rate as an exact scaled integer: IDR per one unit, times 10^4. */
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

/**
 * The rate internet banking books: this 10-second window's special rate, the one /exchange-rate/
 * shows beside the board ("special rates apply to transactions in internet banking"). Derived from
 * the board and the clock, so the rate on the page, the quote and the booking agree.
 */
export async function channelRate(
  db: Queryable,
  currency: string,
  nowMs = Date.now(),
): Promise<Rate | undefined> {
  const { rows } = await db.query<{ buy: string; sell: string }>(
    'SELECT buy::text AS buy, sell::text AS sell FROM exchange_rates WHERE currency = $1',
    [currency],
  );
  const r = rows[0];
  if (!r) return undefined;
  const [special] = specialRates([{ currency, nameEng: '', nameIdn: '', ...r }], nowMs).specialRates;
  const { buy, sell } = special!;
  return { buy: scaled(buy), sell: scaled(sell), text: { buy, sell } };
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
 * How much of `payCurrency` buys `amount` minor units of `getCurrency`, at the special rates of the
 * window `nowMs` falls in. The bank sells foreign currency at its sell rate and buys it at its buy
 * rate; foreign-to-foreign goes through IDR.
 * Undefined when a currency has no board rate.
 */
export async function convert(
  db: Queryable,
  amount: number,
  getCurrency: string,
  payCurrency: string,
  nowMs = Date.now(),
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
    const r = await channelRate(db, getCurrency, nowMs);
    if (!r) return undefined;
    idrScaled = (BigInt(amount) * r.sell * pow10(idrDigits)) / pow10(minorDigits(getCurrency));
    rateText = r.text.sell;
  }
  if (payCurrency === 'IDR') return { amount: Number(divUp(idrScaled, SCALE)), rate: rateText };
  const p = await channelRate(db, payCurrency, nowMs);
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
