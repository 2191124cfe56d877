import { apiPost } from '@/shared/api/client';
import { earlyOr } from '@/shared/api/early-requests';
import type { HistoryEntry, HistoryPage } from '@/shared/account-history';
import type { Money } from '@/shared/money';
import type {
  Bond,
  CasaAccount,
  CreditCard,
  Deposit,
  InsurancePolicy,
  Loan,
  MutualFund,
} from '@/shared/portfolio';
import type { PendingOrder } from '@/shared/invest/types';

/** Types of schemas/api/dashboard/*.json (the server validates its answers against the same files). */
export interface CustomerSummary {
  userId: string;
  title: string;
  fullName: string;
  displayName: string;
  lastLoginAt: string | null;
  hasCasa: boolean;
  ccOnly: boolean;
  supplementary: boolean;
}

export type {
  CasaAccount,
  CreditCard,
  Deposit,
  Loan,
  MutualFund,
  Bond,
  InsurancePolicy,
} from '@/shared/portfolio';

export interface DashboardSummary {
  customer: CustomerSummary;
  accounts: CasaAccount[];
  creditCards: CreditCard[];
  deposits: Deposit[];
  loans: Loan[];
  investments: {
    mutualFunds: MutualFund[];
    bonds: Bond[];
    totalMarketValue: Money;
    /** Orders not final yet (a fund order waiting for its NAV); absent from older servers. */
    pendingOrders?: PendingOrder[];
  };
  insurance: InsurancePolicy[];
  gold: { accountNo: string; grams: string; marketValue: Money } | null;
  poinXtra: { points: number } | null;
}

export interface Rate {
  currency: string;
  nameEng?: string;
  nameIdn?: string;
  buy: string;
  sell: string;
}

export interface RateBoard {
  rates: Rate[];
  specialRates: Rate[];
  updatedAt: string;
  validUntil: string;
}

export type { HistoryEntry, HistoryPage };

/** Also asked for by the app's entry when it opens on the dashboard (src/app/main.tsx). */
export const DASHBOARD_SUMMARY_PATH = '/api/dashboard/v1/summary';
/** Likewise. */
export const DASHBOARD_DEFAULT_ACCOUNT_PATH = '/api/dashboard/v1/defaultaccount';

export const dashboardApi = {
  summary: (signal?: AbortSignal) =>
    earlyOr(DASHBOARD_SUMMARY_PATH, () => apiPost<DashboardSummary>(DASHBOARD_SUMMARY_PATH, {}, { signal })),
  defaultAccount: (signal?: AbortSignal) =>
    earlyOr(DASHBOARD_DEFAULT_ACCOUNT_PATH, () =>
      apiPost<{ sourceAccountId: number | null; receivingAccountId: number | null }>(
        DASHBOARD_DEFAULT_ACCOUNT_PATH,
        {},
        { signal },
      ),
    ),
  rates: (signal?: AbortSignal) => apiPost<RateBoard>('/api/exchangerate/v1/list', {}, { signal }),
};
