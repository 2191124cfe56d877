/** Money is integer minor units with an ISO 4217 currency, never a float. */
export interface Money {
  amount: number;
  currency: string;
}

const MINOR_DIGITS: Record<string, number> = {
  IDR: 2,
  USD: 2,
  SGD: 2,
  EUR: 2,
  JPY: 0,
  AUD: 2,
  GBP: 2,
  XAU: 4,
  /** Poin Xtra points: whole points. */
  PTS: 0,
};

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/**
 * Whole units grouped by thousands, as id-ID ("1.234.567") and en-US ("1,234,567") write them. Not
 * Intl.NumberFormat: a page's first one loads the locale's number data, 50-80 ms on Lighthouse's phone
 * before the dashboard's first paint, for what a regular expression does.
 */
function groupThousands(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, separator);
}

/**
 * Units a customer reads as a word after the number, not as a code before it: Poin Xtra's points are
 * "1.250 poin" / "1,250 points" (the spec's word), never "PTS 1,250"; gold is grams, "1,2345 g" /
 * "1.2345 g" as the dashboard writes them, never "XAU 1,2345".
 */
const UNIT_WORDS: Record<string, { id: string; en: { one: string; other: string } }> = {
  PTS: { id: 'poin', en: { one: 'point', other: 'points' } },
  XAU: { id: 'g', en: { one: 'g', other: 'g' } },
};

/**
 * Formats for display: IDR as "Rp 1.234.567" (id) / "IDR 1,234,567" (en); points as "1.234 poin" /
 * "1,234 points"; gold as "1,2345 g"; others with code and their decimals.
 */
export function formatMoney(m: Money, lang: 'id' | 'en' = 'id'): string {
  if (!Number.isSafeInteger(m.amount)) throw new Error('money amount must be a safe integer of minor units');
  const digits = minorDigits(m.currency);
  const negative = m.amount < 0;
  const abs = Math.abs(m.amount);
  const major = Math.trunc(abs / 10 ** digits);
  const minor = abs % 10 ** digits;
  const majorText = groupThousands(major, lang === 'id' ? '.' : ',');
  const decimalSep = lang === 'id' ? ',' : '.';
  const showDecimals = m.currency !== 'IDR' || minor !== 0;
  const minorText = showDecimals && digits > 0 ? decimalSep + String(minor).padStart(digits, '0') : '';
  const word = UNIT_WORDS[m.currency];
  if (word) {
    const unit = lang === 'id' ? word.id : abs === 10 ** digits ? word.en.one : word.en.other;
    return `${negative ? '-' : ''}${majorText}${minorText} ${unit}`;
  }
  const prefix = m.currency === 'IDR' ? (lang === 'id' ? 'Rp' : 'IDR') : m.currency;
  return `${negative ? '-' : ''}${prefix} ${majorText}${minorText}`;
}
