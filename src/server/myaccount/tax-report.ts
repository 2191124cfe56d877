import type { Queryable } from '../db/db';
import { formatDecimal } from '../../shared/decimal';
import { jakartaDateSql } from '../core-bank/banners';
import { jakartaToday } from '../core-bank/history';
import { docTexts, type DocLang } from './texts';
import type { DocSpec } from './documents';
import { balanceAt, date, heldAccounts, money, type CustomerInfo } from './statement-common';

/** Years with a tax report: from the year the first product was opened to this one (year to date). */
export async function taxYears(db: Queryable, customerId: number, nowMs: number): Promise<number[]> {
  const { rows } = await db.query<{ first: string | null }>(
    `SELECT min(${jakartaDateSql('created_at')})::text AS first FROM accounts WHERE customer_id = $1 AND product <> 'internal'`,
    [customerId],
  );
  const first = rows[0]?.first;
  if (!first) return [];
  const thisYear = Number(jakartaToday(nowMs).slice(0, 4));
  const out: number[] = [];
  for (let y = thisYear; y >= Number(first.slice(0, 4)) && out.length < 5; y -= 1) out.push(y);
  return out;
}

/**
 * The tax report of a year: each account's balance at the year's end (or today, for this year), the
 * interest and coupons received in it and the final tax the bank withheld on them.
 */
export async function taxReportDoc(
  db: Queryable,
  lang: DocLang,
  customerId: number,
  customer: CustomerInfo,
  year: number,
  nowMs: number,
): Promise<DocSpec> {
  const t = docTexts(lang);
  const today = jakartaToday(nowMs);
  const end = `${year}-12-31` < today ? `${year}-12-31` : today;
  const accounts = (await heldAccounts(db, customerId, end)).filter((a) => a.product !== 'credit_card');
  const rows: string[][] = [];
  for (const a of accounts) {
    const balance = await balanceAt(db, a.id, end);
    const { rows: income } = await db.query<{ net: number | null }>(
      `SELECT sum(e.amount)::int8 AS net FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
        WHERE e.account_id = $1 AND j.flow_id = 'core.interest' AND e.amount > 0
          AND ${jakartaDateSql('e.created_at')} BETWEEN $2::date AND $3::date`,
      [a.id, `${year}-01-01`, end],
    );
    const net = Number(income[0]?.net ?? 0);
    const shown = a.product === 'loan' ? -balance : balance;
    rows.push([
      `${a.name} - ${a.account_no}`,
      a.currency === 'XAU'
        ? `${formatDecimal(String(shown / 10_000), lang, 4)} g`
        : money({ amount: shown, currency: a.currency }, lang),
      a.currency === 'XAU' ? '' : money({ amount: net, currency: a.currency }, lang),
      // Net interest is 80% of gross: the withheld 20% is a quarter of the net.
      a.currency === 'XAU' ? '' : money({ amount: Math.round(net / 4), currency: a.currency }, lang),
    ]);
  }
  const { rows: coupons } = await db.query<{ code: string; name: string; currency: string; net: number }>(
    `SELECT p.code, p.name, t.currency, sum(t.amount)::int8 AS net
       FROM investment_transactions t JOIN investment_products p ON p.code = t.product_code
      WHERE t.customer_id = $1 AND t.kind = 'coupon' AND t.status = 'success'
        AND ${jakartaDateSql('t.created_at')} BETWEEN $2::date AND $3::date
      GROUP BY p.code, p.name, t.currency ORDER BY p.code`,
    [customerId, `${year}-01-01`, end],
  );
  for (const c of coupons) {
    const currency = c.currency.trim();
    rows.push([
      `${c.name} (${c.code})`,
      '',
      money({ amount: Number(c.net), currency }, lang),
      // Coupons bear 10%: the withheld part is a ninth of the net.
      money({ amount: Math.round(Number(c.net) / 9), currency }, lang),
    ]);
  }
  return {
    title: `${t.taxReport} ${year}`,
    subtitle: t.bank,
    info: [
      [t.customer, `${customer.fullName} (CIF ${customer.cif})`],
      [t.taxYear, String(year)],
      [t.period, `${date(`${year}-01-01`, lang)} - ${date(end, lang)}`],
    ],
    sections: [
      {
        table: {
          columns: [
            { label: t.account, width: 0.4 },
            { label: t.yearEnd, width: 0.2, align: 'right' },
            { label: t.income, width: 0.2, align: 'right' },
            { label: t.taxWithheld, width: 0.2, align: 'right' },
          ],
          rows,
          empty: t.none,
        },
      },
      { note: t.taxNote },
    ],
    footer: t.footer,
  };
}
