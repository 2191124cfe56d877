import type { Queryable } from '../db/db';
import { formatMoney, minorDigits, type Money } from '../../shared/money';
import { formatBankDate } from '../../shared/bank-time';
import { jakartaDateSql } from '../core-bank/banners';
import { jakartaToday } from '../core-bank/history';
import { docTexts, type DocLang } from './texts';

// What the customer's documents (histories, e-statements, the combined statement, the tax report) share:
// their periods, the customer's name, money and dates as printed, and balances read from the ledger.

/** How many complete months of e-statements are kept on line. */
export const STATEMENT_KEEP_MONTHS = 12;

export const money = (m: Money, lang: DocLang) => formatMoney(m, lang);
export const date = (iso: string, lang: DocLang) =>
  formatBankDate(iso, lang, { day: '2-digit', month: 'short', year: 'numeric' });
export const monthName = (month: string, lang: DocLang) =>
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

export const statusText = (s: 'success' | 'pending' | 'failed', lang: DocLang) => docTexts(lang)[s];

/** Minor units as a plain signed decimal a spreadsheet reads as a number: -764613.00. */
export function plainAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const abs = Math.abs(amount);
  const major = Math.trunc(abs / 10 ** digits);
  const minor = digits > 0 ? `.${String(abs % 10 ** digits).padStart(digits, '0')}` : '';
  return `${amount < 0 ? '-' : ''}${major}${minor}`;
}

/** An account's balance at the end of a Jakarta date, from its ledger. */
export async function balanceAt(db: Queryable, accountId: number, day: string): Promise<number> {
  const { rows } = await db.query<{ total: number | null }>(
    `SELECT sum(amount)::int8 AS total FROM ledger_entries WHERE account_id = $1 AND ${jakartaDateSql('created_at')} <= $2::date`,
    [accountId, day],
  );
  return Number(rows[0]?.total ?? 0);
}

export interface HeldAccount {
  id: number;
  account_no: string;
  product: string;
  name: string;
  currency: string;
  rekpon: boolean;
  opened_on: string;
}

export async function heldAccounts(db: Queryable, customerId: number, until: string): Promise<HeldAccount[]> {
  const { rows } = await db.query<HeldAccount>(
    `SELECT id, account_no, product, name, currency, coalesce(details->>'rekpon', 'false') = 'true' AS rekpon,
            ${jakartaDateSql('created_at')}::text AS opened_on
       FROM accounts WHERE customer_id = $1 AND product <> 'internal'
        AND ${jakartaDateSql('created_at')} <= $2::date ORDER BY product, id`,
    [customerId, until],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), currency: r.currency.trim() }));
}
