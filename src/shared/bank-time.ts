/**
 * The bank keeps Jakarta time (WIB, UTC+7, no daylight saving): its days for limits and banners are
 * Jakarta days, and a transaction's time reads the same on a receipt whatever the device's zone.
 */
export const BANK_TIME_ZONE = 'Asia/Jakarta';

/** The locale the bank's dates are written in, per language. */
export const bankLocale = (lang: 'en' | 'id') => (lang === 'en' ? 'en-GB' : 'id-ID');

/** "23/11/2026, 22:48:53 WIB" (en) / "23/11/2026, 22.48.53 WIB" (id); the text itself if it is no date. */
export function formatBankDateTime(iso: string, lang: 'en' | 'id'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleString(bankLocale(lang), { timeZone: BANK_TIME_ZONE })} WIB`;
}

// WIB is UTC+7 all year: an instant's Jakarta clock and day are its UTC fields 7 hours later. The two
// formats below are written from them, not by Intl: a page's first Intl.DateTimeFormat loads ICU's
// time zone and pattern data, 80-150 ms of main thread on Lighthouse's phone (4x CPU), which the
// dashboard paid for a login time and a few dates.
const WIB_OFFSET_MS = 7 * 3_600_000;
/** CLDR's abbreviated month names (the en-GB and id-ID of `month: 'short'`). */
const SHORT_MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
} as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "22:48:53 WIB" (en) / "22.48.53 WIB" (id), or without seconds; as Intl writes en-GB and id-ID. */
export function formatBankTime(iso: string, lang: 'en' | 'id', seconds = true): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const wib = new Date(t + WIB_OFFSET_MS);
  const parts = [wib.getUTCHours(), wib.getUTCMinutes(), ...(seconds ? [wib.getUTCSeconds()] : [])];
  return `${parts.map(twoDigits).join(lang === 'en' ? ':' : '.')} WIB`;
}

/**
 * "5 Sept 2026" (en) / "5 Sep 2026" (id): the Jakarta day of an instant, or a plain "YYYY-MM-DD" as it
 * is written; formatBankDate's `{ day: 'numeric', month: 'short', year: 'numeric' }` without Intl.
 */
export function formatBankDay(iso: string, lang: 'en' | 'id'): string {
  const at = dateOf(iso);
  if (!at) return iso;
  const day = at.plain ? at.date : new Date(at.date.getTime() + WIB_OFFSET_MS);
  return `${day.getUTCDate()} ${SHORT_MONTHS[lang][day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** A plain "YYYY-MM-DD" (as written, at UTC midnight) or an instant; null for text that is no date. */
function dateOf(iso: string): { date: Date; plain: boolean } | null {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(plain ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? null : { date, plain };
}

/** The Jakarta date of an instant, or a plain "YYYY-MM-DD" as it is written; `style` as Intl's. */
export function formatBankDate(
  iso: string,
  lang: 'en' | 'id',
  style: Intl.DateTimeFormatOptions = {},
): string {
  const at = dateOf(iso);
  if (!at) return iso;
  return at.date.toLocaleDateString(bankLocale(lang), {
    ...style,
    timeZone: at.plain ? 'UTC' : BANK_TIME_ZONE,
  });
}

// en-CA writes dates as YYYY-MM-DD. Made once: toLocaleDateString builds a formatter on every call
// (some 50 microseconds, and a quote asks for today's date). Made at the first call, not when the
// module loads: a browser's first formatter with a time zone loads its zone data (~90 ms on
// Lighthouse's phone), which a page that never asks for a date should not pay before it paints.
let isoDate: Intl.DateTimeFormat | undefined;

/** The bank's date ("YYYY-MM-DD", Jakarta) of an instant, `days` later (or earlier, when negative). */
export function bankDate(at: Date = new Date(), days = 0): string {
  isoDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: BANK_TIME_ZONE });
  return isoDate.format(new Date(at.getTime() + days * 86_400_000));
}
