import type { Queryable } from '../db/db';
import { boardRates, parseRate } from '../core-bank/exchange-rates';
import { portfolio } from '../core-bank/portfolio';
import { minorDigits, type Money } from '../../shared/money';

export type WealthCategory = 'casa' | 'deposits' | 'mutualFunds' | 'bonds' | 'gold' | 'creditCards' | 'loans';
export const ASSETS: readonly WealthCategory[] = ['casa', 'deposits', 'mutualFunds', 'bonds', 'gold'];

export interface WealthItem {
  category: WealthCategory;
  name: string;
  reference: string;
  /** In the product's currency; liabilities are negative. */
  original: Money;
  /** The same in IDR at the board's middle rate. */
  idr: Money;
}

/** Converts to IDR minor units at the middle of the board rate (exact: bigint, rounded half up). */
export function toIdr(m: Money, mids: ReadonlyMap<string, bigint>): Money {
  if (m.currency === 'IDR') return m;
  const mid = mids.get(m.currency);
  if (mid === undefined) throw new Error(`no rate for ${m.currency}`);
  // amount (10^d minor) * mid (IDR per unit, 10^4) -> IDR minor (10^2)
  const num = BigInt(m.amount) * mid * 100n;
  const den = 10n ** BigInt(minorDigits(m.currency)) * 10_000n;
  const sign = num < 0n ? -1n : 1n;
  const abs = num < 0n ? -num : num;
  return { amount: Number(sign * ((abs * 2n + den) / (den * 2n))), currency: 'IDR' };
}

/** Net worth across every product the customer holds, in IDR (spec: "net worth across every product"). */
export async function wealthOf(db: Queryable, customerId: number) {
  const p = await portfolio(db, customerId);
  const mids = new Map(
    (await boardRates(db)).map((r) => [r.currency, (parseRate(r.buy) + parseRate(r.sell)) / 2n] as const),
  );
  const items: WealthItem[] = [];
  const add = (category: WealthCategory, name: string, reference: string, original: Money) =>
    items.push({ category, name, reference, original, idr: toIdr(original, mids) });
  for (const a of p.accounts) add('casa', a.name, a.accountNo, a.balance);
  for (const d of p.deposits) add('deposits', 'Time deposit', d.accountNo, d.principal);
  for (const f of p.investments.mutualFunds) add('mutualFunds', f.name, f.code, f.marketValue);
  for (const b of p.investments.bonds) add('bonds', b.name, b.code, b.marketValue);
  if (p.gold) add('gold', `${p.gold.grams} g`, p.gold.accountNo, p.gold.marketValue);
  for (const c of p.creditCards)
    if (!c.supplementary && c.outstanding.amount !== 0)
      add('creditCards', c.name, c.maskedNumber, {
        ...c.outstanding,
        amount: -Math.abs(c.outstanding.amount),
      });
  for (const l of p.loans)
    add('loans', 'Loan', l.accountNo, { ...l.outstanding, amount: -Math.abs(l.outstanding.amount) });
  const sum = (xs: WealthItem[]) => xs.reduce((s, i) => s + i.idr.amount, 0);
  const assets = sum(items.filter((i) => ASSETS.includes(i.category)));
  const liabilities = sum(items.filter((i) => !ASSETS.includes(i.category)));
  return {
    netWorth: { amount: assets + liabilities, currency: 'IDR' },
    assets: { amount: assets, currency: 'IDR' },
    liabilities: { amount: -liabilities, currency: 'IDR' },
    items,
  };
}
