/**
 * The decimal text of tags 54, 56 (an amount, "15000" or "15000.50") and 57 (a percentage, "5" or
 * "2.5"), read and written by hand in integer minor units: never through a float.
 */

/** Rupiah's minor digits (money.ts: IDR has 2, sen); the only currency QRIS carries. */
const MINOR_PER_MAJOR = 100;
const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;
const PERCENT = /^(\d{1,2})(?:\.(\d{1,2}))?$/;

/** Up to 13 characters: digits, then an optional "." and 1-2 decimals, above zero. */
export function parseAmount(text: string): number | undefined {
  const m = AMOUNT.exec(text);
  if (!m || text.length > 13) return undefined;
  const minor = Number(m[1]) * MINOR_PER_MAJOR + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : undefined;
}

/** Whole rupiah as "15000"; with sen as "15000.50". Throws on what is not a positive safe integer. */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new RangeError(`a QRIS amount must be a positive integer of minor units, not ${minor}`);
  const whole = Math.trunc(minor / MINOR_PER_MAJOR);
  const sen = minor % MINOR_PER_MAJOR;
  return sen === 0 ? String(whole) : `${whole}.${String(sen).padStart(2, '0')}`;
}

/** "5" -> 500, "2.5" -> 250, "0.01" -> 1 basis points; 0.01-99.99 % as EMVCo allows. */
export function parsePercent(text: string): number | undefined {
  const m = PERCENT.exec(text);
  if (!m) return undefined;
  const basisPoints = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return basisPoints > 0 ? basisPoints : undefined;
}

/** 250 -> "2.5", 500 -> "5", 1 -> "0.01". Throws outside 1-9999. */
export function formatPercent(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 1 || basisPoints > 9999)
    throw new RangeError(`a QRIS percentage must be 1-9999 basis points, not ${basisPoints}`);
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = basisPoints % 100;
  if (hundredths === 0) return String(whole);
  return hundredths % 10 === 0
    ? `${whole}.${hundredths / 10}`
    : `${whole}.${String(hundredths).padStart(2, '0')}`;
}
