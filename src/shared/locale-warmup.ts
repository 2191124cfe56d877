import { inTasks } from './in-tasks';

/**
 * Builds the language's plural rules (i18next's first count needs them) in a task of its own, while a
 * signed-in page's scripts and figures are on their way, rather than inside the page's first draw. No
 * date formatter: a browser's first one loads ICU's time zone and pattern data (80-150 ms on
 * Lighthouse's phone), which the dashboard and a transaction's form never use (bank-time.ts writes the
 * dashboard's days and times itself); a page that lists dates pays for it when it draws them.
 */
export function warmLocaleData(lang: 'en' | 'id'): void {
  inTasks([() => new Intl.PluralRules(lang).select(1)]);
}
