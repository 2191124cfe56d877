import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import { portfolio } from '../core-bank/portfolio';
import { boardRates, toIdr } from './board-rates';

// Everything the customer holds and owes, valued in rupiah.

const m = (amount: number, currency: string): Money => ({ amount, currency });

/** Everything the customer holds and owes, in rupiah at the board's buy rate: what they are worth. */
export async function consolidatedPortfolio(db: Queryable, customerId: number) {
  const [p, rates, rekpon, unitLinked] = await Promise.all([
    portfolio(db, customerId),
    boardRates(db),
    db.query<{ id: number }>(
      `SELECT id FROM accounts WHERE customer_id = $1 AND details->>'rekpon' = 'true'`,
      [customerId],
    ),
    db.query<{ policy_no: string; product: string; value: number }>(
      `SELECT f.policy_no, p.product, round(sum(f.units * f.unit_price * 100))::int8 AS value
         FROM insurance_funds f JOIN insurance_policies p ON p.policy_no = f.policy_no
        WHERE p.customer_id = $1 GROUP BY f.policy_no, p.product ORDER BY f.policy_no`,
      [customerId],
    ),
  ]);
  const rekponIds = new Set(rekpon.rows.map((r) => Number(r.id)));
  type Line = { label: string; detail: string; value: Money; valueIdr: Money };
  const line = (label: string, detail: string, value: Money): Line => ({
    label,
    detail,
    value,
    valueIdr: m(toIdr(value.amount, value.currency, rates), 'IDR'),
  });
  const groups: Array<{ group: string; side: 'asset' | 'liability'; lines: Line[] }> = [
    {
      group: 'casa',
      side: 'asset',
      lines: p.accounts.filter((a) => !rekponIds.has(a.id)).map((a) => line(a.name, a.accountNo, a.balance)),
    },
    {
      group: 'rekpon',
      side: 'asset',
      lines: p.accounts.filter((a) => rekponIds.has(a.id)).map((a) => line(a.name, a.accountNo, a.balance)),
    },
    {
      group: 'deposits',
      side: 'asset',
      lines: p.deposits.map((d) => line(d.accountNo, d.maturityDate, d.principal)),
    },
    {
      group: 'investments',
      side: 'asset',
      lines: [
        ...p.investments.mutualFunds.map((f) => line(f.name, f.code, f.marketValue)),
        ...p.investments.bonds.map((b) => line(b.name, b.code, b.marketValue)),
      ],
    },
    {
      group: 'orders',
      side: 'asset',
      lines: p.investments.pendingOrders.map((o) => line(o.productName, o.referenceNo, o.value)),
    },
    {
      group: 'unitLinked',
      side: 'asset',
      lines: unitLinked.rows.map((u) => line(u.product, u.policy_no, m(Number(u.value), 'IDR'))),
    },
    {
      group: 'gold',
      side: 'asset',
      lines: p.gold ? [line(p.gold.accountNo, `${p.gold.grams} g`, p.gold.marketValue)] : [],
    },
    {
      group: 'cards',
      side: 'liability',
      lines: p.creditCards.map((c) => line(c.name, c.maskedNumber, c.outstanding)),
    },
    {
      group: 'loans',
      side: 'liability',
      lines: p.loans.map((l) => line(l.accountNo, l.nextDueDate, l.outstanding)),
    },
  ];
  const shown = groups.filter((g) => g.lines.length > 0);
  const sum = (side: 'asset' | 'liability') =>
    shown
      .filter((g) => g.side === side)
      .reduce((s, g) => s + g.lines.reduce((t, l) => t + l.valueIdr.amount, 0), 0);
  const assets = sum('asset');
  const liabilities = sum('liability');
  return {
    groups: shown.map((g) => ({
      ...g,
      totalIdr: m(
        g.lines.reduce((t, l) => t + l.valueIdr.amount, 0),
        'IDR',
      ),
    })),
    assetsIdr: m(assets, 'IDR'),
    liabilitiesIdr: m(liabilities, 'IDR'),
    netWorthIdr: m(assets - liabilities, 'IDR'),
  };
}
