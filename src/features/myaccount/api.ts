import { apiPost, apiPostFile } from '@/shared/api/client';
import type { HistoryEntry, HistoryPage } from '@/shared/account-history';
import type {
  CardCycles,
  ConsolidatedPortfolio,
  InstallmentSummary,
  InvestmentPortfolio,
  LoanWithdrawal,
  OctoLoan,
  PolicyDetail,
  ProductDetail,
  InvestmentHistoryPage,
  InvestmentKind,
  InvestmentTxKind,
  MyAccountOverview,
  StatementMonths,
} from '@/shared/myaccount';

export type { HistoryEntry, HistoryPage };
export type Direction = 'debit' | 'credit';
export type FileFormat = 'pdf' | 'csv';
type Lang = 'en' | 'id';

export interface AccountHistoryQuery {
  accountId: number;
  from?: string;
  to?: string;
  page?: number;
  search?: string;
  direction?: Direction;
}

export interface InvestmentHistoryQuery {
  kind: InvestmentKind;
  from?: string;
  to?: string;
  page?: number;
  productCode?: string;
  txKind?: InvestmentTxKind;
  search?: string;
}

/** The My account calls (src/server/myaccount/routes.ts and the account history of the dashboard's). */
export const myAccountApi = {
  overview: (signal?: AbortSignal) =>
    apiPost<MyAccountOverview>('/api/myaccount/v1/overview', {}, { signal }),
  history: (q: AccountHistoryQuery, signal?: AbortSignal) =>
    apiPost<HistoryPage>('/api/account/v1/history', q, { signal }),
  historyFile: (q: AccountHistoryQuery & { format: FileFormat; lang: Lang }) =>
    apiPostFile('/api/account/v1/history/download', { ...q, page: undefined }),
  cardCycles: (accountId: number, signal?: AbortSignal) =>
    apiPost<CardCycles>('/api/creditcard/v1/cycles', { accountId }, { signal }),
  investmentHistory: (q: InvestmentHistoryQuery, signal?: AbortSignal) =>
    apiPost<InvestmentHistoryPage>('/api/investment/v1/history', q, { signal }),
  investmentFile: (q: InvestmentHistoryQuery & { format: FileFormat; lang: Lang }) =>
    apiPostFile('/api/investment/v1/history/download', { ...q, page: undefined }),
  statementMonths: (accountId: number, signal?: AbortSignal) =>
    apiPost<StatementMonths>('/api/statement/v1/months', { accountId }, { signal }),
  estatement: (accountId: number, month: string, lang: Lang) =>
    apiPostFile('/api/statement/v1/estatement', { accountId, month, lang }),
  periods: (signal?: AbortSignal) =>
    apiPost<{ months: string[]; years: number[] }>('/api/statement/v1/periods', {}, { signal }),
  combined: (month: string, lang: Lang) => apiPostFile('/api/statement/v1/combined', { month, lang }),
  taxReport: (year: number, lang: Lang) => apiPostFile('/api/statement/v1/tax-report', { year, lang }),
  portfolio: (signal?: AbortSignal) =>
    apiPost<InvestmentPortfolio>('/api/wealth/v1/portfolio', {}, { signal }),
  consolidated: (signal?: AbortSignal) =>
    apiPost<ConsolidatedPortfolio>('/api/wealth/v1/consolidated', {}, { signal }),
  productDetail: (code: string, signal?: AbortSignal) =>
    apiPost<ProductDetail>('/api/investment/v1/product-detail', { code }, { signal }),
  octoloan: (signal?: AbortSignal) => apiPost<{ loans: OctoLoan[] }>('/api/loan/v1/octoloan', {}, { signal }),
  withdrawals: (signal?: AbortSignal) =>
    apiPost<{ withdrawals: LoanWithdrawal[] }>('/api/loan/v1/withdrawals', {}, { signal }),
  withdrawal: (referenceNo: string, signal?: AbortSignal) =>
    apiPost<LoanWithdrawal>('/api/loan/v1/withdrawal-detail', { referenceNo }, { signal }),
  installments: (signal?: AbortSignal) =>
    apiPost<InstallmentSummary>('/api/installment/v1/summary', {}, { signal }),
  policy: (group: 'ba' | 'slfi', policyNo: string | undefined, signal?: AbortSignal) =>
    apiPost<PolicyDetail>('/api/insurance/v1/policy', { group, policyNo }, { signal }),
};

/** Hands a downloaded document to the browser as a file. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
