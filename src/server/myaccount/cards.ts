import type { Queryable } from '../db/db';
import type { CardCycles, CardStatement } from '../../shared/myaccount';
import { jakartaDateSql } from '../core-bank/banners';
import { jakartaToday } from '../core-bank/history';
import { maskCardNumber } from '../core-bank/portfolio';

/** Days from the statement date to the payment due date. */
export const DUE_DAYS = 20;
/** The minimum payment: 5% of the new balance, at least Rp 50.000 (all of it when less). */
export const MINIMUM_PERCENT = 5;
export const MINIMUM_FLOOR = 5_000_000; // Rp 50.000 in minor units
/** Statements kept on line. */
export const STATEMENT_MONTHS = 6;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function minimumPayment(newBalance: number): number {
  if (newBalance <= 0) return 0;
  const percent = Math.ceil((newBalance * MINIMUM_PERCENT) / 100 / 100) * 100; // whole rupiah
  return Math.min(newBalance, Math.max(percent, MINIMUM_FLOOR));
}

/** Statement dates (the card's statement day of each month) on or before today, newest first. */
export function statementDates(statementDay: number, today: string, count: number): string[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const out: string[] = [];
  let year = y;
  let month = m - (d >= statementDay ? 0 : 1);
  while (out.length < count) {
    if (month < 1) {
      month += 12;
      year -= 1;
    }
    out.push(`${year}-${String(month).padStart(2, '0')}-${String(statementDay).padStart(2, '0')}`);
    month -= 1;
  }
  return out;
}

export interface CardAccount {
  id: number;
  accountNo: string;
  maskedNumber: string;
  name: string;
  currency: string;
  creditLimit: number;
  balance: number;
  statementDay: number;
  openedOn: string;
}

/** The customer's credit card account (own or supplementary), or null. */
export async function ownedCard(
  db: Queryable,
  customerId: number,
  accountId: number,
): Promise<CardAccount | null> {
  const { rows } = await db.query<{
    id: number;
    account_no: string;
    masked_number: string | null;
    name: string;
    currency: string;
    credit_limit: number;
    balance: number;
    statement_day: number | null;
    opened_on: string;
  }>(
    `SELECT a.id, a.account_no, k.masked_number, coalesce(k.card_name, a.name) AS name, a.currency,
            coalesce(k.credit_limit, -a.floor) AS credit_limit, a.balance, k.statement_day,
            ${jakartaDateSql('a.created_at')}::text AS opened_on
       FROM accounts a LEFT JOIN card_accounts k ON k.account_id = a.id
      WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card'`,
    [accountId, customerId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    accountNo: r.account_no,
    maskedNumber: r.masked_number ?? maskCardNumber(r.account_no),
    name: r.name,
    currency: r.currency.trim(),
    creditLimit: Number(r.credit_limit),
    balance: Number(r.balance),
    statementDay: r.statement_day ?? 17,
    openedOn: r.opened_on,
  };
}

/**
 * A card's billing cycles from its ledger: each statement closes at the end of its statement date
 * (Jakarta), bills what was owed then, and is due DUE_DAYS later; what came after is unbilled.
 */
export async function cardCycles(db: Queryable, card: CardAccount, nowMs: number): Promise<CardCycles> {
  const today = jakartaToday(nowMs);
  const dates = statementDates(card.statementDay, today, STATEMENT_MONTHS + 1).filter(
    (d) => d >= card.openedOn,
  );
  const { rows } = await db.query<{ day: string; spent: number; paid: number }>(
    `SELECT ${jakartaDateSql('created_at')}::text AS day,
            coalesce(sum(-amount) FILTER (WHERE amount < 0), 0)::int8 AS spent,
            coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::int8 AS paid
       FROM ledger_entries WHERE account_id = $1 GROUP BY 1 ORDER BY 1`,
    [card.id],
  );
  const days = rows.map((r) => ({ day: r.day, spent: Number(r.spent), paid: Number(r.paid) }));
  const owedAfter = (date: string) =>
    days.filter((d) => d.day <= date).reduce((sum, d) => sum + d.spent - d.paid, 0);
  const money = (amount: number) => ({ amount, currency: card.currency });
  const ascending = [...dates].reverse();
  const statements: CardStatement[] = [];
  for (const [i, date] of ascending.entries()) {
    const previousDate = ascending[i - 1];
    if (previousDate === undefined && ascending.length > STATEMENT_MONTHS) continue;
    const periodFrom = previousDate ? iso(dayMs(previousDate) + DAY_MS) : card.openedOn;
    const inCycle = days.filter((d) => d.day >= periodFrom && d.day <= date);
    const newBalance = Math.max(0, owedAfter(date));
    statements.push({
      statementDate: date,
      periodFrom,
      periodTo: date,
      dueDate: iso(dayMs(date) + DUE_DAYS * DAY_MS),
      previousBalance: money(previousDate ? Math.max(0, owedAfter(previousDate)) : 0),
      purchases: money(inCycle.reduce((s, d) => s + d.spent, 0)),
      payments: money(inCycle.reduce((s, d) => s + d.paid, 0)),
      newBalance: money(newBalance),
      minimumPayment: money(minimumPayment(newBalance)),
    });
  }
  statements.reverse();
  const last = statements[0]?.statementDate;
  const unbilledFrom = last ? iso(dayMs(last) + DAY_MS) : card.openedOn;
  const unbilled = days.filter((d) => d.day >= unbilledFrom).reduce((sum, d) => sum + d.spent, 0);
  return {
    accountId: card.id,
    maskedNumber: card.maskedNumber,
    name: card.name,
    currency: card.currency,
    creditLimit: money(card.creditLimit),
    availableLimit: money(Math.max(0, card.creditLimit + card.balance)),
    statementDay: card.statementDay,
    unbilled: { from: unbilledFrom <= today ? unbilledFrom : today, to: today, amount: money(unbilled) },
    statements,
  };
}
