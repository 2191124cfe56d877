import { minorDigits } from '@/shared/money';

/** Minor units -> what the customer types (major units, no grouping): 15000000 IDR -> "150000". */
export function moneyToText(amount: unknown, currency: string): string {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return '';
  const digits = minorDigits(currency);
  const major = Math.trunc(amount / 10 ** digits);
  const minor = Math.abs(amount % 10 ** digits);
  return minor === 0 || currency === 'IDR'
    ? String(major)
    : `${major}.${String(minor).padStart(digits, '0')}`;
}

/** What the customer typed -> minor units; undefined for an empty or unreadable entry. IDR takes whole rupiah. */
export function textToMoney(text: string, currency: string): number | undefined {
  const digits = currency === 'IDR' ? 0 : minorDigits(currency);
  const re = digits > 0 ? new RegExp(`^(\\d+)(?:[.,](\\d{0,${digits}}))?$`) : /^(\d+)$/;
  const m = re.exec(text.trim());
  if (!m) return undefined;
  const scale = 10 ** minorDigits(currency);
  const major = Number(m[1]);
  const minor = m[2] ? Number(m[2].padEnd(digits, '0')) : 0;
  const value = major * scale + minor;
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Keeps only what a money entry may hold while typing. */
export function cleanMoneyText(text: string, currency: string): string {
  if (currency === 'IDR' || minorDigits(currency) === 0) return text.replace(/\D/g, '');
  const [whole = '', ...rest] = text.replace(/[^\d.,]/g, '').split(/[.,]/);
  return rest.length ? `${whole}.${rest.join('').slice(0, minorDigits(currency))}` : whole;
}

/** For reading, not editing: major units grouped the customer's way (5.000.000 in id, 5,000,000 in en). */
export function moneyToDisplay(amount: unknown, currency: string, lang: string): string {
  const text = moneyToText(amount, currency);
  if (!text) return '';
  const [whole = '', decimals] = text.split('.');
  const grouped = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID').format(Number(whole));
  return decimals ? `${grouped}${lang === 'en' ? '.' : ','}${decimals}` : grouped;
}
