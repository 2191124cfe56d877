import { formatBankDate, formatBankTime } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';

export type Lang = 'id' | 'en';

export const money = (m: Money, lang: Lang) => formatMoney(m, lang);

/** "16185.5000" -> "16.185,50" (id) / "16,185.50" (en): rates are ratios kept as decimal text, never floats. */
export function formatDecimal(text: string, lang: Lang, decimals = 2): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const [, sign, whole, frac = ''] = m;
  // round half up on the decimal text itself
  const digits = (whole! + frac.padEnd(decimals + 1, '0').slice(0, decimals + 1)).replace(/^0+(?=\d)/, '');
  let n = BigInt(digits);
  n = (n + 5n) / 10n;
  const s = n.toString().padStart(decimals + 1, '0');
  const intPart = s.slice(0, s.length - decimals);
  const fracPart = s.slice(s.length - decimals);
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'id' ? '.' : ',');
  return `${sign}${grouped}${decimals > 0 ? (lang === 'id' ? ',' : '.') + fracPart : ''}`;
}

export const formatDate = (iso: string, lang: Lang): string =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });

export const formatTime = formatBankTime;
