import { formatBankDay, formatBankTime } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';

export { formatDecimal } from '@/shared/decimal';

export type Lang = 'id' | 'en';

export const money = (m: Money, lang: Lang) => formatMoney(m, lang);

/** "5 Sep 2026": written without Intl, so the dashboard loads none of ICU's date data (bank-time.ts). */
export const formatDate = (iso: string, lang: Lang): string => formatBankDay(iso, lang);

export const formatTime = formatBankTime;
