// Amounts and dates as the settings pages show them, and rupiah as the customer types them.
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';

export type Lang = 'en' | 'id';
export const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');
export const idr = (amount: number, lang: Lang) => formatMoney({ amount, currency: 'IDR' }, lang);
export const date = (iso: string, lang: Lang) =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });

/** Rupiah typed by the customer ("5.000.000", "5000000") as minor units, or null. */
export function parseRupiah(text: string): number | null {
  const digits = text.replace(/[.,\s]/g, '');
  if (!/^\d{1,13}$/.test(digits)) return null;
  return Number(digits) * 100;
}
