import { useTranslation } from 'react-i18next';
import { formatBankDate, formatBankTime } from '@/shared/bank-time';
import { formatDecimal, formatRate } from '@/shared/decimal';
import { formatMoney, type Money } from '@/shared/money';

export type Lang = 'id' | 'en';

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'id';
}

export const money = (m: Money, lang: Lang) => formatMoney(m, lang);
/** A rate as published, every decimal that carries a value: "4.2500" -> "4,25%", "6.6250" -> "6,625%". */
export const percent = (text: string, lang: Lang) => `${formatRate(text, lang)}%`;
export const signedPercent = (text: string, lang: Lang) =>
  `${text.startsWith('-') ? '' : '+'}${formatDecimal(text, lang, 2)}%`;
/** A plain date as written, an instant as its Jakarta date: "25 Nov 2026" / "25 Nov 2026". */
export const date = (iso: string, lang: Lang) =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });
/** "25 Nov 2026, 09:00 WIB". */
export const dateTime = (iso: string, lang: Lang) =>
  `${date(iso, lang)}, ${formatBankTime(iso, lang, false)}`;
export { formatDecimal };
