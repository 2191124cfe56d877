import type { Money } from './money';

/** An account's posted entry: schemas/api/dashboard/account-history.response.json, which the server's answer is checked against. */
export interface HistoryEntry {
  id: number;
  referenceNo: string;
  postedAt: string;
  /** The Indonesian line (kept for older readers); descriptionIdn / descriptionEng per language. */
  description: string;
  descriptionIdn: string;
  descriptionEng: string;
  flowId: string;
  status: 'success' | 'pending' | 'failed';
  type: 'debit' | 'credit';
  /** Always positive; type says the direction. */
  amount: Money;
}

/** One page of an account's history (POST /api/account/v1/history). */
export interface HistoryPage {
  accountId: number;
  accountNo: string;
  product: string;
  currency: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  hasMore: boolean;
  entries: HistoryEntry[];
}
