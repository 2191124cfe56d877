import type { Money } from '../../shared/money';
import { seedOf } from './simulator';

/** Indonesian mobile operators with their number prefixes (the four digits after 0). */
export const OPERATORS = [
  {
    code: 'TELKOMSEL',
    name: 'Telkomsel',
    prefixes: ['0811', '0812', '0813', '0821', '0822', '0823', '0851', '0852', '0853'],
  },
  {
    code: 'INDOSAT',
    name: 'Indosat Ooredoo',
    prefixes: ['0814', '0815', '0816', '0855', '0856', '0857', '0858'],
  },
  { code: 'XL', name: 'XL Axiata', prefixes: ['0817', '0818', '0819', '0859', '0877', '0878'] },
  { code: 'TRI', name: 'Tri', prefixes: ['0895', '0896', '0897', '0898', '0899'] },
  {
    code: 'SMARTFREN',
    name: 'Smartfren',
    prefixes: ['0881', '0882', '0883', '0884', '0885', '0886', '0887', '0888', '0889'],
  },
] as const;

const NOMINALS = [5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 150_000, 200_000, 300_000, 500_000];
// Tri and Smartfren do not sell every nominal.
const NOT_SOLD: Record<string, number[]> = { TRI: [25_000, 150_000], SMARTFREN: [5_000, 25_000, 300_000] };

export interface Denomination {
  code: string;
  operator: string;
  nominal: Money;
  price: Money;
}

const idr = (rupiah: number): Money => ({ amount: rupiah * 100, currency: 'IDR' });

export const DENOMINATIONS: Denomination[] = OPERATORS.flatMap((op) =>
  NOMINALS.filter((n) => !NOT_SOLD[op.code]?.includes(n)).map((n) => ({
    code: `${op.code}-${n}`,
    operator: op.code,
    nominal: idr(n),
    // Dealers' margin: Rp 1.500 on small vouchers, Rp 2.000 from Rp 50.000.
    price: idr(n + (n < 50_000 ? 1_500 : 2_000)),
  })),
);

export function operatorOfNumber(phone: string): (typeof OPERATORS)[number] | undefined {
  const local = phone.replace(/^\+?62/, '0');
  return OPERATORS.find((op) => op.prefixes.some((p) => local.startsWith(p)));
}

/** A 20-digit voucher serial number like operators print on receipts. */
export function voucherSerial(phone: string): string {
  const s = seedOf(`sn:${phone}:${Date.now()}:${Math.random()}`);
  return s.map((n) => String(n).padStart(10, '0').slice(-5)).join('');
}
