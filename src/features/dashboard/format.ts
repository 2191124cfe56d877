import { formatBankDate, formatBankTime } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';

export { formatDecimal } from '@/shared/decimal';

export type Lang = 'id' | 'en';

export const money = (m: Money, lang: Lang) => formatMoney(m, lang);

export const formatDate = (iso: string, lang: Lang): string =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });

export const formatTime = formatBankTime;
