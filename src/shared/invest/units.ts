import { minorDigits } from '../money';

/**
 * Fund units and prices, exactly: units and NAVs have 4 decimals (numeric(24,4), numeric(20,4)), so they
 * are kept as whole ten-thousandths in bigint; money stays whole minor units of its currency.
 */

const SCALE = 10_000n;

/**
 * "123.4567" (or "123", "0.5", "125,5" as typed in Indonesian) as ten-thousandths of a unit; null when
 * it is not such a number.
 */
export function parseFour(text: string): bigint | null {
  const m = /^(\d{1,15})(?:[.,](\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** Ten-thousandths as "123.4567". */
export function fourText(v: bigint): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  return `${neg ? '-' : ''}${abs / SCALE}.${String(abs % SCALE).padStart(4, '0')}`;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** What `units` (ten-thousandths) are worth at `nav` (text, 4 decimals), in minor units, half up. */
export function unitsValue(units: bigint, nav: string, currency: string): number {
  const n = parseFour(nav);
  if (n === null) throw new Error(`not a NAV: ${nav}`);
  // units/10^4 * nav/10^4 * 10^digits
  const num = units * n * pow10(minorDigits(currency));
  const den = SCALE * SCALE;
  return Number((num + den / 2n) / den);
}

/** The units (ten-thousandths, rounded down) `amount` minor units buy at `nav`. */
export function unitsFor(amount: number, nav: string, currency: string): bigint {
  const n = parseFour(nav);
  if (n === null || n <= 0n) throw new Error(`not a NAV: ${nav}`);
  // amount/10^digits / (nav/10^4) * 10^4
  return (BigInt(amount) * SCALE * SCALE) / (n * pow10(minorDigits(currency)));
}

/** `percent` (text, up to 2 decimals) of `amount` minor units, half up. */
export function percentOf(amount: number, percent: string): number {
  const p = BigInt(Math.round(Number(percent) * 100));
  return Number((BigInt(amount) * p + 5_000n) / 10_000n);
}
