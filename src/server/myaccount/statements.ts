import type { Queryable } from '../db/db';
import type { HistoryEntry } from '../../shared/account-history';
import type { CardStatement, InvestmentTx } from '../../shared/myaccount';
import { formatMoney, minorDigits, type Money } from '../../shared/money';
import { formatDecimal } from '../../shared/decimal';
import { formatBankDate, formatBankDateTime } from '../../shared/bank-time';
import { jakartaDateSql } from '../core-bank/banners';
import { jakartaToday } from '../core-bank/history';
import { docTexts, type DocLang } from './texts';
import type { DocSection, DocSpec } from './documents';
import type { CardAccount } from './cards';

/** How many complete months of e-statements are kept on line. */
export const STATEMENT_KEEP_MONTHS = 12;

const money = (m: Money, lang: DocLang) => formatMoney(m, lang);
const date = (iso: string, lang: DocLang) =>
  formatBankDate(iso, lang, { day: '2-digit', month: 'short', year: 'numeric' });
const monthName = (month: string, lang: DocLang) =>
  formatBankDate(`${month}-01`, lang, { month: 'long', year: 'numeric' });

/** First and last day of 'YYYY-MM'. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Complete months (newest first) from `openedOn`'s month up to the month before today, at most `keep`. */
export function completeMonths(openedOn: string, nowMs: number, keep = STATEMENT_KEEP_MONTHS): string[] {
  const today = jakartaToday(nowMs);
  let [y, m] = today.split('-').map(Number) as [number, number];
  const out: string[] = [];
  while (out.length < keep) {
    m -= 1;
    if (m < 1) {
      m = 12;
      y -= 1;
    }
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month < openedOn.slice(0, 7)) break;
    out.push(month);
  }
  return out;
}

export interface CustomerInfo {
  fullName: string;
  cif: string;
}

export async function customerInfo(db: Queryable, customerId: number): Promise<CustomerInfo> {
  const { rows } = await db.query<{ full_name: string; cif: string }>(
    'SELECT full_name, cif FROM customers WHERE id = $1',
    [customerId],
  );
  return { fullName: rows[0]?.full_name ?? '', cif: rows[0]?.cif ?? '' };
}

const statusText = (s: 'success' | 'pending' | 'failed', lang: DocLang) => docTexts(lang)[s];

/** Minor units as a plain signed decimal a spreadsheet reads as a number: -764613.00. */
export function plainAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const abs = Math.abs(amount);
  const major = Math.trunc(abs / 10 ** digits);
  const minor = digits > 0 ? `.${String(abs % 10 ** digits).padStart(digits, '0')}` : '';
  return `${amount < 0 ? '-' : ''}${major}${minor}`;
}

/** Rows of an account's history as the PDF prints them (signed amounts, newest first). */
export function historyRows(entries: HistoryEntry[], lang: DocLang): string[][] {
  return entries.map((e) => [
    formatBankDateTime(e.postedAt, lang),
    (lang === 'en' ? e.descriptionEng : e.descriptionIdn) ?? e.description,
    e.referenceNo,
    statusText(e.status, lang),
    `${e.type === 'debit' ? '-' : '+'}${money(e.amount, lang)}`,
  ]);
}

/** The same rows for a spreadsheet: the amount a signed number, its currency beside it. */
export function historyCsvRows(entries: HistoryEntry[], lang: DocLang): string[][] {
  return entries.map((e) => [
    formatBankDateTime(e.postedAt, lang),
    (lang === 'en' ? e.descriptionEng : e.descriptionIdn) ?? e.description,
    e.referenceNo,
    statusText(e.status, lang),
    plainAmount(e.type === 'debit' ? -e.amount.amount : e.amount.amount, e.amount.currency),
    e.amount.currency,
  ]);
}

export function historyCsvColumns(lang: DocLang): string[] {
  const t = docTexts(lang);
  return [t.date, t.description, t.reference, t.status, t.amount, t.currency];
}

export function historyDoc(
  lang: DocLang,
  head: { title: string; customer: CustomerInfo; account: string; from: string; to: string; filter?: string },
  entries: HistoryEntry[],
): DocSpec {
  const t = docTexts(lang);
  return {
    title: head.title,
    subtitle: t.bank,
    info: [
      [t.customer, `${head.customer.fullName} (CIF ${head.customer.cif})`],
      [t.account, head.account],
      [t.period, `${date(head.from, lang)} - ${date(head.to, lang)}`],
      ...(head.filter ? ([[t.search, head.filter]] as Array<[string, string]>) : []),
      [t.printed, formatBankDateTime(new Date().toISOString(), lang)],
    ],
    sections: [
      {
        table: {
          columns: [
            { label: t.date, width: 0.2 },
            { label: t.description, width: 0.36 },
            { label: t.reference, width: 0.17 },
            { label: t.status, width: 0.1 },
            { label: t.amount, width: 0.17, align: 'right' },
          ],
          rows: historyRows(entries, lang),
          empty: t.none,
        },
      },
    ],
    footer: t.footer,
  };
}

const units = (v: string | null, lang: DocLang) => (v === null ? '' : formatDecimal(v, lang, 4));

export function investmentRows(entries: InvestmentTx[], lang: DocLang): string[][] {
  const t = docTexts(lang);
  return entries.map((e) => [
    formatBankDateTime(e.at, lang),
    `${e.productName} (${e.productCode})`,
    t.kinds[e.kind],
    e.referenceNo,
    e.units !== null ? units(e.units, lang) : e.faceValue ? money(e.faceValue, lang) : '',
    e.nav !== null ? units(e.nav, lang) : e.price !== null ? formatDecimal(e.price, lang, 2) : '',
    money(e.amount, lang),
    statusText(e.status, lang),
  ]);
}

/** Investment rows for a spreadsheet: units, NAV and price as decimals, amounts as signed-free numbers. */
export function investmentCsvRows(entries: InvestmentTx[], lang: DocLang): string[][] {
  const t = docTexts(lang);
  return entries.map((e) => [
    formatBankDateTime(e.at, lang),
    `${e.productName} (${e.productCode})`,
    t.kinds[e.kind],
    e.referenceNo,
    e.units ?? (e.faceValue ? plainAmount(e.faceValue.amount, e.faceValue.currency) : ''),
    e.nav ?? e.price ?? '',
    plainAmount(e.amount.amount, e.amount.currency),
    e.amount.currency,
    statusText(e.status, lang),
  ]);
}

/** Column names; the CSV has a currency column beside the amount. */
export function investmentCsvColumns(lang: DocLang, kind: 'mutual_fund' | 'bond', csv = false): string[] {
  const t = docTexts(lang);
  return [
    t.date,
    t.product,
    t.type,
    t.reference,
    kind === 'mutual_fund' ? t.units : t.faceValue,
    kind === 'mutual_fund' ? t.nav : t.price,
    t.amount,
    ...(csv ? [t.currency] : []),
    t.status,
  ];
}

export function investmentDoc(
  lang: DocLang,
  head: { kind: 'mutual_fund' | 'bond'; customer: CustomerInfo; from: string; to: string; filter?: string },
  entries: InvestmentTx[],
): DocSpec {
  const t = docTexts(lang);
  const cols = investmentCsvColumns(lang, head.kind);
  const widths = [0.15, 0.24, 0.11, 0.13, 0.11, 0.08, 0.11, 0.07];
  return {
    title: head.kind === 'mutual_fund' ? t.mfHistoryTitle : t.bondHistoryTitle,
    subtitle: t.bank,
    info: [
      [t.customer, `${head.customer.fullName} (CIF ${head.customer.cif})`],
      [t.period, `${date(head.from, lang)} - ${date(head.to, lang)}`],
      ...(head.filter ? ([[t.search, head.filter]] as Array<[string, string]>) : []),
      [t.printed, formatBankDateTime(new Date().toISOString(), lang)],
    ],
    sections: [
      {
        table: {
          columns: cols.map((label, i) => ({
            label,
            width: widths[i]!,
            align: i >= 4 && i <= 6 ? 'right' : 'left',
          })),
          rows: investmentRows(entries, lang),
          empty: t.none,
        },
      },
    ],
    footer: t.footer,
  };
}

/** An account's balance at the end of a Jakarta date, from its ledger. */
export async function balanceAt(db: Queryable, accountId: number, day: string): Promise<number> {
  const { rows } = await db.query<{ total: number | null }>(
    `SELECT sum(amount)::int8 AS total FROM ledger_entries WHERE account_id = $1 AND ${jakartaDateSql('created_at')} <= $2::date`,
    [accountId, day],
  );
  return Number(rows[0]?.total ?? 0);
}

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

interface HeldAccount {
  id: number;
  account_no: string;
  product: string;
  name: string;
  currency: string;
  rekpon: boolean;
  opened_on: string;
}

async function heldAccounts(db: Queryable, customerId: number, until: string): Promise<HeldAccount[]> {
  const { rows } = await db.query<HeldAccount>(
    `SELECT id, account_no, product, name, currency, coalesce(details->>'rekpon', 'false') = 'true' AS rekpon,
            ${jakartaDateSql('created_at')}::text AS opened_on
       FROM accounts WHERE customer_id = $1 AND product <> 'internal'
        AND ${jakartaDateSql('created_at')} <= $2::date ORDER BY product, id`,
    [customerId, until],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), currency: r.currency.trim() }));
}

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
