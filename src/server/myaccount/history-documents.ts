import type { HistoryEntry } from '../../shared/account-history';
import type { InvestmentTx } from '../../shared/myaccount';
import { formatDecimal } from '../../shared/decimal';
import { formatBankDateTime } from '../../shared/bank-time';
import { docTexts, type DocLang } from './texts';
import type { DocSpec } from './documents';
import { date, money, plainAmount, statusText, type CustomerInfo } from './statement-common';

// The downloads of a history: an account's, and a customer's mutual fund or bond transactions, as PDF or CSV.

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
