import type { Queryable } from '../db/db';
import type { HistoryEntry, HistoryPage } from '../../shared/account-history';
import { jakartaDateSql } from './banners';

export type { HistoryEntry, HistoryPage };

export const HISTORY_PAGE_SIZE = 20;

/** The account if this customer owns it, else null (someone else's and unknown look the same). */
export async function ownedAccount(
  db: Queryable,
  customerId: number,
  accountId: number,
): Promise<{ id: number; accountNo: string; product: string; currency: string } | null> {
  const { rows } = await db.query<{ id: number; account_no: string; product: string; currency: string }>(
    'SELECT id, account_no, product, currency FROM accounts WHERE id = $1 AND customer_id = $2',
    [accountId, customerId],
  );
  const r = rows[0];
  return r ? { id: r.id, accountNo: r.account_no, product: r.product, currency: r.currency } : null;
}

/** Entries of one account between two Jakarta dates (inclusive), newest first. */
export async function accountHistory(
  db: Queryable,
  account: { id: number; accountNo: string; product: string; currency: string },
  range: { from: string; to: string; page: number },
): Promise<HistoryPage> {
  const offset = (range.page - 1) * HISTORY_PAGE_SIZE;
  const { rows } = await db.query<{
    id: number;
    reference_no: string;
    created_at: Date | string;
    description: string;
    description_eng: string | null;
    flow_id: string;
    status: 'success' | 'pending' | 'failed';
    amount: number;
    currency: string;
  }>(
    `SELECT e.id, j.reference_no, e.created_at, j.description, j.description_eng, j.flow_id, j.status, e.amount, e.currency
       FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = $1
        AND ${jakartaDateSql('e.created_at')} BETWEEN $2::date AND $3::date
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT $4 OFFSET $5`,
    [account.id, range.from, range.to, HISTORY_PAGE_SIZE + 1, offset],
  );
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  return {
    accountId: account.id,
    accountNo: account.accountNo,
    product: account.product,
    currency: account.currency,
    from: range.from,
    to: range.to,
    page: range.page,
    pageSize: HISTORY_PAGE_SIZE,
    hasMore: rows.length > HISTORY_PAGE_SIZE,
    entries: page.map((r) => ({
      id: r.id,
      referenceNo: r.reference_no,
      postedAt: new Date(r.created_at).toISOString(),
      description: r.description,
      // Each language's own line (a merchant's name, written once, is the same in both).
      descriptionIdn: r.description,
      descriptionEng: r.description_eng ?? r.description,
      flowId: r.flow_id,
      status: r.status,
      type: r.amount < 0 ? 'debit' : 'credit',
      amount: { amount: Math.abs(r.amount), currency: r.currency },
    })),
  };
}
