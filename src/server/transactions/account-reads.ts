import type { Queryable } from '../db/db';
import type { KeyedRead } from '../db/keyed-reads';
import type { ChoiceSpec } from '../../shared/flows/types';
import { internalAccount } from './ledger';

/** An account's row as the quote and the choices read it (currency trimmed, id a number). */
export interface AccountRow {
  id: number;
  account_no: string;
  customer_id: number | null;
  product: string;
  name: string;
  currency: string;
  balance: number;
  floor: number;
  status: string;
  /** A goal's own savings account (My goals): kept for the goal, no source of fund unless a flow says so. */
  goal: boolean;
}

/**
 * Whether the customer's account `a` may be what a flow's choice of accounts (`spec`) picked: the same
 * rule as the list the page shows (built-ins.ts), so a posted id the list would not offer is refused.
 * Active, not the bank's own, of the products and currency asked for, and a goal's only where it says.
 */
export function accountChoiceAllows(
  a: AccountRow,
  customerId: number,
  spec: ChoiceSpec | undefined,
): boolean {
  return (
    a.customer_id === customerId &&
    a.status === 'active' &&
    a.product !== 'internal' &&
    (!spec?.products || spec.products.includes(a.product)) &&
    (!spec?.currency || spec.currency === a.currency) &&
    (!a.goal || spec?.goals === true)
  );
}

/** SQL: the account `a` is a goal's own savings account (opened by goal.create, details.goal). */
export const GOAL_ACCOUNT_SQL = `(a.details ? 'goal' OR a.details ? 'goalId')`;

/** Accounts by id (accountById reads one this way): the source of fund and an own account credited. */
export const accountsById: KeyedRead<number, AccountRow | undefined> = {
  name: 'accountsById',
  id: (id) => String(id),
  async load(db, ids) {
    const { rows } = await db.query<AccountRow>(
      `SELECT a.*, ${GOAL_ACCOUNT_SQL} AS goal FROM accounts a WHERE a.id = ANY($1::bigint[])`,
      [ids],
    );
    const byId = new Map(
      rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), currency: r.currency.trim() }]),
    );
    return ids.map((id) => byId.get(id));
  },
};

/** One account by id, read on its own. */
export async function accountById(db: Queryable, id: number): Promise<AccountRow | undefined> {
  return (await accountsById.load(db, [id]))[0];
}

/** A customer's account of this bank that takes transfers, by number: whom a transfer pays. */
export interface PayeeAccount {
  id: number;
  accountNo: string;
  currency: string;
  customerId: number;
  fullName: string;
}

/** Active savings and current accounts of customers, by account number (the look-up and the credit). */
export const payeeAccounts: KeyedRead<string, PayeeAccount | undefined> = {
  name: 'payeeAccounts',
  id: (accountNo) => accountNo,
  async load(db, numbers) {
    const { rows } = await db.query<{
      id: number;
      account_no: string;
      currency: string;
      customer_id: number;
      full_name: string;
    }>(
      `SELECT a.id, a.account_no, a.currency, a.customer_id, c.full_name
         FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE a.account_no = ANY($1::text[]) AND a.status = 'active' AND a.product IN ('savings', 'current')`,
      [numbers],
    );
    const byNo = new Map(
      rows.map((r) => [
        r.account_no,
        {
          id: Number(r.id),
          accountNo: r.account_no,
          currency: r.currency.trim(),
          customerId: Number(r.customer_id),
          fullName: r.full_name,
        },
      ]),
    );
    return numbers.map((n) => byNo.get(n));
  },
};

/** The bank's own accounts by name and currency (internalAccount: made the first time one is named). */
export const internalAccounts: KeyedRead<{ name: string; currency: string }, number> = {
  name: 'internalAccounts',
  id: (k) => `${k.name}:${k.currency}`,
  // A few keys at a time (a clearing account, fee income, an FX position): one call each.
  load: (db, keys) => Promise.all(keys.map((k) => internalAccount(db, k.name, k.currency))),
};
