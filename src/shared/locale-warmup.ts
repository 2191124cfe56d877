import { BANK_TIME_ZONE, bankLocale } from './bank-time';

/**
 * Builds the language's first date formatters and plural rules. A browser's first of each loads ICU
 * data (the time zone's, the locale's: some 100 ms of main thread on Lighthouse's phone, in the
 * middle of the dashboard's first draw). The app's entry calls this while a signed-in page's scripts
 * and figures are still on their way and the main thread has nothing else to do.
 */
export function warmLocaleData(lang: 'en' | 'id'): void {
  for (const timeZone of [BANK_TIME_ZONE, 'UTC']) {
    new Intl.DateTimeFormat(bankLocale(lang), {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(0);
  }
  new Intl.PluralRules(lang).select(1);
}
