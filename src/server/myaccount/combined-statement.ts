import type { Queryable } from '../db/db';
import type { CardStatement } from '../../shared/myaccount';
import { formatDecimal } from '../../shared/decimal';
import { jakartaDateSql } from '../core-bank/banners';
import { docTexts, type DocLang } from './texts';
import type { DocSection, DocSpec } from './documents';
import type { CardAccount } from './cards';
import {
  balanceAt,
  completeMonths,
  date,
  heldAccounts,
  money,
  monthBounds,
  monthName,
  type CustomerInfo,
} from './statement-common';

// The combined statement: every product's position at the end of a month in one document.

/** Mutual fund units and bond face value held at the end of a day (from the transactions), at the latest price. */
async function investmentsAt(db: Queryable, customerId: number, day: string) {
  const { rows } = await db.query<{
    code: string;
    name: string;
    kind: string;
    currency: string;
    units: string | null;
    face: number | null;
    value: number;
  }>(
    `SELECT p.code, p.name, p.kind, p.currency,
            sum(t.units)::text AS units, sum(CASE t.kind WHEN 'buy' THEN t.face_value WHEN 'sell' THEN -t.face_value ELSE 0 END)::int8 AS face,
            CASE WHEN p.kind = 'mutual_fund' THEN round(coalesce(sum(t.units), 0) * p.nav * 100)
                 ELSE round(sum(CASE t.kind WHEN 'buy' THEN t.face_value WHEN 'sell' THEN -t.face_value ELSE 0 END) * p.price / 100)
            END::int8 AS value
       FROM investment_transactions t JOIN investment_products p ON p.code = t.product_code
      WHERE t.customer_id = $1 AND t.status = 'success' AND ${jakartaDateSql('t.created_at')} <= $2::date
      GROUP BY p.code, p.name, p.kind, p.currency, p.nav, p.price ORDER BY p.kind DESC, p.code`,
    [customerId, day],
  );
  return rows.filter((r) => Number(r.value) !== 0 || (r.units !== null && Number(r.units) !== 0));
}

/** The months the customer held anything in, complete, newest first. */
export async function combinedMonths(db: Queryable, customerId: number, nowMs: number): Promise<string[]> {
  const { rows } = await db.query<{ first: string | null }>(
    `SELECT min(${jakartaDateSql('created_at')})::text AS first FROM accounts WHERE customer_id = $1 AND product <> 'internal'`,
    [customerId],
  );
  return rows[0]?.first ? completeMonths(rows[0].first, nowMs) : [];
}

/** Every product's position at the end of a month in one document. */
export async function combinedStatementDoc(
  db: Queryable,
  lang: DocLang,
  customerId: number,
  customer: CustomerInfo,
  month: string,
  cardStatements: Array<{ card: CardAccount; statement: CardStatement | undefined }>,
): Promise<DocSpec> {
  const t = docTexts(lang);
  const { to } = monthBounds(month);
  const accounts = await heldAccounts(db, customerId, to);
  const m = (amount: number, currency: string) => money({ amount, currency }, lang);
  const sections: DocSection[] = [];
  const balances = await Promise.all(
    accounts.map(async (a) => ({ a, balance: await balanceAt(db, a.id, to) })),
  );
  const group = (products: string[], rekpon: boolean) =>
    balances.filter((b) => products.includes(b.a.product) && b.a.rekpon === rekpon);
  const table = (heading: string, list: typeof balances, negate = false) => {
    if (list.length === 0) return;
    sections.push({
      heading,
      table: {
        columns: [
          { label: t.account, width: 0.25 },
          { label: t.product, width: 0.4 },
          { label: negate ? t.outstanding : t.balance, width: 0.35, align: 'right' },
        ],
        rows: list.map(({ a, balance }) => [
          a.account_no,
          a.name,
          a.currency === 'XAU'
            ? `${formatDecimal(String(balance / 10_000), lang, 4)} g`
            : m(negate ? -balance : balance, a.currency),
        ]),
      },
    });
  };
  table(t.casa, group(['savings', 'current'], false));
  table(t.rekpon, group(['savings'], true));
  table(t.deposits, group(['time_deposit'], false));
  table(t.loans, group(['loan'], false), true);
  table(t.gold, group(['gold'], false));
  const billed = cardStatements.filter((c) => c.statement);
  if (billed.length > 0) {
    sections.push({
      heading: t.cards,
      table: {
        columns: [
          { label: t.card, width: 0.3 },
          { label: t.statementDate, width: 0.2 },
          { label: t.newBalance, width: 0.25, align: 'right' },
          { label: t.minimumPayment, width: 0.25, align: 'right' },
        ],
        rows: billed.map(({ card, statement }) => [
          `${card.name} ${card.maskedNumber}`,
          date(statement!.statementDate, lang),
          money(statement!.newBalance, lang),
          money(statement!.minimumPayment, lang),
        ]),
      },
    });
  }
  const inv = await investmentsAt(db, customerId, to);
  if (inv.length > 0) {
    sections.push({
      heading: t.investments,
      note: t.valuedNote,
      table: {
        columns: [
          { label: t.product, width: 0.45 },
          { label: `${t.units} / ${t.faceValue}`, width: 0.25, align: 'right' },
          { label: t.marketValue, width: 0.3, align: 'right' },
        ],
        rows: inv.map((r) => [
          `${r.name} (${r.code})`,
          r.kind === 'mutual_fund'
            ? formatDecimal(r.units ?? '0', lang, 4)
            : m(Number(r.face ?? 0), r.currency.trim()),
          m(Number(r.value), r.currency.trim()),
        ]),
      },
    });
  }
  return {
    title: `${t.combined} ${monthName(month, lang)}`,
    subtitle: t.bank,
    info: [
      [t.customer, `${customer.fullName} (CIF ${customer.cif})`],
      [t.asOf, date(to, lang)],
    ],
    sections,
    footer: t.footer,
  };
}
