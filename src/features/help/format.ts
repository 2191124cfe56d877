import { formatBankDate, formatBankTime } from '@/shared/bank-time';

const DAY = 86_400_000;

/** Today: the time; this year: day and month; older: the full date (all in Jakarta time). */
export function messageDate(iso: string, lang: 'en' | 'id', now = Date.now()): string {
  const day = (ms: number) => formatBankDate(new Date(ms).toISOString(), lang, { dateStyle: 'short' });
  if (day(Date.parse(iso)) === day(now)) return formatBankTime(iso, lang, false);
  if (now - Date.parse(iso) < 300 * DAY) return formatBankDate(iso, lang, { day: 'numeric', month: 'short' });
  return formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });
}

export const langOf = (language: string): 'en' | 'id' => (language === 'en' ? 'en' : 'id');
