import type { Queryable } from '../db/db';
import type { HistoryEntry, HistoryPage } from '../../shared/account-history';
import { invalidRequest } from '../http/api-error';
import { jakartaDateSql } from './banners';

export type { HistoryEntry, HistoryPage };

export const HISTORY_PAGE_SIZE = 20;

const DAY_MS = 86_400_000;
const JAKARTA_OFFSET_MS = 7 * 3_600_000;
export const HISTORY_DEFAULT_DAYS = 30;
export const HISTORY_MAX_DAYS = 366;

/** Today's date in Jakarta (WIB), 'YYYY-MM-DD'. */
export const jakartaToday = (nowMs: number) => new Date(nowMs + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);

/** A real calendar date 'YYYY-MM-DD' as epoch ms at UTC midnight, or null (2026-02-31 is not a date). */
export function calendarDay(text: string): number | null {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : ms;
}

/**
 * The period a history asks for: to defaults to today (Jakarta), from to 30 days before it; real
 * dates, in order, at most 366 days apart, else 400 INVALID_REQUEST naming the field.
 */
export function resolvePeriod(
  body: { from?: string; to?: string },
  nowMs: number,
): { from: string; to: string } {
  const to = body.to ?? jakartaToday(nowMs);
  const toMs = calendarDay(to);
  if (toMs === null)
    throw invalidRequest({ '/to': { eng: 'is not a date', idn: 'bukan tanggal yang valid' } });
  const from = body.from ?? new Date(toMs - HISTORY_DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10);
  const fromMs = calendarDay(from);
  if (fromMs === null) {
    throw invalidRequest({ '/from': { eng: 'is not a date', idn: 'bukan tanggal yang valid' } });
  }
  if (fromMs > toMs) {
    throw invalidRequest({
      '/from': { eng: 'must not be after the end date', idn: 'tidak boleh setelah tanggal akhir' },
    });
  }
  if (toMs - fromMs > HISTORY_MAX_DAYS * DAY_MS) {
    throw invalidRequest({
      '/from': { eng: 'the period is at most 366 days', idn: 'periode paling lama 366 hari' },
    });
  }
  return { from, to };
}

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

/** What a history may be narrowed to besides its period. */
export interface HistoryFilter {
  /** Words of the description or the reference number (case-insensitive). */
  search?: string;
  direction?: 'debit' | 'credit';
}

/** LIKE with the customer's text taken literally (% and _ are not wildcards). */
export const likePattern = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Entries of one account between two Jakarta dates (inclusive), newest first, a page at a time
 * (`pageSize` larger for a download).
 */
export async function accountHistory(
  db: Queryable,
  account: { id: number; accountNo: string; product: string; currency: string },
  range: { from: string; to: string; page: number; pageSize?: number } & HistoryFilter,
): Promise<HistoryPage> {
  const size = range.pageSize ?? HISTORY_PAGE_SIZE;
  const offset = (range.page - 1) * size;
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
        AND ($6::text IS NULL OR j.description ILIKE $6 OR j.description_eng ILIKE $6 OR j.reference_no ILIKE $6)
        AND ($7::text IS NULL OR ($7 = 'debit' AND e.amount < 0) OR ($7 = 'credit' AND e.amount >= 0))
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT $4 OFFSET $5`,
    [
      account.id,
      range.from,
      range.to,
      size + 1,
      offset,
      range.search?.trim() ? likePattern(range.search) : null,
      range.direction ?? null,
    ],
  );
  const page = rows.slice(0, size);
  return {
    accountId: account.id,
    accountNo: account.accountNo,
    product: account.product,
    currency: account.currency,
    from: range.from,
    to: range.to,
    page: range.page,
    pageSize: size,
    hasMore: rows.length > size,
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
