import type { Queryable } from '../db/db';
import type { CardStatement } from '../../shared/myaccount';
import type { Money } from '../../shared/money';
import { formatBankDateTime } from '../../shared/bank-time';
import { jakartaDateSql } from '../core-bank/banners';
import { docTexts, type DocLang } from './texts';
import type { DocSpec } from './documents';
import type { CardAccount } from './cards';
import { balanceAt, date, money, monthBounds, monthName, type CustomerInfo } from './statement-common';

// The monthly e-statements: a savings or current account's, and a credit card's of one cycle.

/** A savings or current account's monthly e-statement: opening, every entry with the running balance, closing. */
export async function casaStatementDoc(
  db: Queryable,
  lang: DocLang,
  customer: CustomerInfo,
  account: { id: number; accountNo: string; name: string; currency: string },
  month: string,
): Promise<DocSpec> {
  const t = docTexts(lang);
  const { from, to } = monthBounds(month);
  const { rows } = await db.query<{
    created_at: Date | string;
    description: string;
    description_eng: string | null;
    reference_no: string;
    amount: number;
  }>(
    `SELECT e.created_at, j.description, j.description_eng, j.reference_no, e.amount
       FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = $1 AND ${jakartaDateSql('e.created_at')} BETWEEN $2::date AND $3::date
      ORDER BY e.created_at, e.id`,
    [account.id, from, to],
  );
  const prior = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const opening = await balanceAt(db, account.id, prior);
  const m = (amount: number) => money({ amount, currency: account.currency }, lang);
  let running = opening;
  let debit = 0;
  let credit = 0;
  const lines = rows.map((r) => {
    const amount = Number(r.amount);
    running += amount;
    if (amount < 0) debit -= amount;
    else credit += amount;
    return [
      formatBankDateTime(new Date(r.created_at).toISOString(), lang),
      lang === 'en' ? (r.description_eng ?? r.description) : r.description,
      r.reference_no,
      amount < 0 ? m(-amount) : '',
      amount >= 0 ? m(amount) : '',
      m(running),
    ];
  });
  return {
    title: `${t.estatement} ${monthName(month, lang)}`,
    subtitle: t.bank,
    info: [
      [t.customer, `${customer.fullName} (CIF ${customer.cif})`],
      [t.account, `${account.name} - ${account.accountNo} (${account.currency})`],
      [t.period, `${date(from, lang)} - ${date(to, lang)}`],
    ],
    sections: [
      {
        pairs: [
          [t.openingBalance, m(opening)],
          [t.totalDebit, m(debit)],
          [t.totalCredit, m(credit)],
          [t.closingBalance, m(running)],
        ],
      },
      {
        heading: t.transactions,
        table: {
          columns: [
            { label: t.date, width: 0.18 },
            { label: t.description, width: 0.3 },
            { label: t.reference, width: 0.15 },
            { label: t.debit, width: 0.12, align: 'right' },
            { label: t.credit, width: 0.12, align: 'right' },
            { label: t.balance, width: 0.13, align: 'right' },
          ],
          rows: lines,
          empty: t.none,
        },
      },
    ],
    footer: t.footer,
  };
}

/** A credit card's statement of one cycle: the bill, the minimum payment and due date, and its transactions. */
export async function cardStatementDoc(
  db: Queryable,
  lang: DocLang,
  customer: CustomerInfo,
  card: CardAccount,
  s: CardStatement,
): Promise<DocSpec> {
  const t = docTexts(lang);
  const { rows } = await db.query<{
    created_at: Date | string;
    description: string;
    description_eng: string | null;
    reference_no: string;
    amount: number;
  }>(
    `SELECT e.created_at, j.description, j.description_eng, j.reference_no, e.amount
       FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = $1 AND ${jakartaDateSql('e.created_at')} BETWEEN $2::date AND $3::date
      ORDER BY e.created_at, e.id`,
    [card.id, s.periodFrom, s.periodTo],
  );
  const m = (x: Money) => money(x, lang);
  return {
    title: `${t.cardStatement} ${monthName(s.statementDate.slice(0, 7), lang)}`,
    subtitle: t.bank,
    info: [
      [t.customer, `${customer.fullName} (CIF ${customer.cif})`],
      [t.card, `${card.name} ${card.maskedNumber}`],
      [t.period, `${date(s.periodFrom, lang)} - ${date(s.periodTo, lang)}`],
      [t.statementDate, date(s.statementDate, lang)],
      [t.dueDate, date(s.dueDate, lang)],
    ],
    sections: [
      {
        pairs: [
          [t.creditLimit, m({ amount: card.creditLimit, currency: card.currency })],
          [t.previousBalance, m(s.previousBalance)],
          [t.purchases, m(s.purchases)],
          [t.payments, m(s.payments)],
          [t.newBalance, m(s.newBalance)],
          [t.minimumPayment, m(s.minimumPayment)],
        ],
      },
      {
        heading: t.transactions,
        table: {
          columns: [
            { label: t.date, width: 0.2 },
            { label: t.description, width: 0.4 },
            { label: t.reference, width: 0.2 },
            { label: t.amount, width: 0.2, align: 'right' },
          ],
          rows: rows.map((r) => [
            formatBankDateTime(new Date(r.created_at).toISOString(), lang),
            r.description,
            r.reference_no,
            `${Number(r.amount) < 0 ? '' : '-'}${money({ amount: Math.abs(Number(r.amount)), currency: card.currency }, lang)}`,
          ]),
          empty: t.none,
        },
      },
    ],
    footer: t.footer,
  };
}
