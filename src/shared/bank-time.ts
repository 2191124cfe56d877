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

/** "22:48:53 WIB", or "22:48 WIB" without seconds. */
export function formatBankTime(iso: string, lang: 'en' | 'id', seconds = true): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString(bankLocale(lang), {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    timeZone: BANK_TIME_ZONE,
  });
  return `${time} WIB`;
}

/** The Jakarta date of an instant, or a plain "YYYY-MM-DD" as it is written; `style` as Intl's. */
export function formatBankDate(
  iso: string,
  lang: 'en' | 'id',
  style: Intl.DateTimeFormatOptions = {},
): string {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const d = new Date(plain ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(bankLocale(lang), { ...style, timeZone: plain ? 'UTC' : BANK_TIME_ZONE });
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
