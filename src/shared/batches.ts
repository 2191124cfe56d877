import type { AccountTotal } from './account-total';
import type { Money } from './money';

/** What a mass transfer, mass payment or mass purchase answers (src/server/batches): one definition for the server and its pages. */
export type BatchKindName = 'transfer' | 'payment' | 'purchase';

/** A row's problem, on its column, in both languages. */
export interface BatchRowError {
  field: string;
  eng: string;
  idn: string;
}

export interface BatchRowView {
  line: number;
  cells: Record<string, string>;
  flowId: string | null;
  ok: boolean;
  errors: BatchRowError[];
  /** What the quote found: the beneficiary's or customer's name, the bank or biller, amount, fees, total. */
  name?: string;
  bankName?: string;
  amount?: Money;
  fee?: Money;
  total?: Money;
  status?: 'success' | 'pending' | 'failed' | 'scheduled';
  referenceNo?: string;
  reason?: { eng: string; idn: string };
}

/** The batch's money per source account against what it has. */
export type BatchAccountTotal = AccountTotal;

export type BatchStatus = 'draft' | 'waiting' | 'verified' | 'done' | 'scheduled' | 'replaced' | 'cancelled';

export interface BatchView {
  batchId: string;
  kind: BatchKindName;
  sourceOfFund: string;
  status: BatchStatus;
  runDate: string | null;
  replaces: string | null;
  today: string;
  rows: BatchRowView[];
  valid: number;
  invalid: number;
  total: Money;
  fees: Money;
  totals: BatchAccountTotal[];
  /** What the rows together leave of today's limit (null when none applies). */
  overLimit: { amount: Money; unused: Money } | null;
  maxRows: number;
}
