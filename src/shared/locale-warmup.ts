import { BANK_TIME_ZONE, bankLocale } from './bank-time';
import { inTasks } from './in-tasks';

/**
 * Builds the language's first date formatters and plural rules. A browser's first of each loads ICU
 * data (the time zone's, the locale's: some 100 ms of main thread on Lighthouse's phone, in the
 * middle of the dashboard's first draw). The app's entry calls this while a signed-in page's scripts
 * and figures are still on their way. Each in a task of its own: one task of them all blocked a tap
 * on the painted page (its frame is HTML) for as long as they took together.
 */
export function warmLocaleData(lang: 'en' | 'id'): void {
  const steps = [
    ...[BANK_TIME_ZONE, 'UTC'].map(
      (timeZone) => () =>
        new Intl.DateTimeFormat(bankLocale(lang), {
          timeZone,
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(0),
    ),
    () => new Intl.PluralRules(lang).select(1),
  ];
  inTasks(steps);
}
