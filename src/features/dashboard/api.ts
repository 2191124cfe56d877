import { apiPost } from '@/shared/api/client';
import type { HistoryEntry, HistoryPage } from '@/shared/account-history';
import type { Money } from '@/shared/money';

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

export interface CasaAccount {
  id: number;
  accountNo: string;
  product: 'savings' | 'current';
  name: string;
  currency: string;
  balance: Money;
  availableBalance: Money;
  isDefaultSource: boolean;
  isDefaultReceiving: boolean;
}

export interface CreditCard {
  id: number;
  maskedNumber: string;
  name: string;
  currency: string;
  creditLimit: Money;
  availableLimit: Money;
  outstanding: Money;
  supplementary: boolean;
}

export interface Deposit {
  id: number;
  accountNo: string;
  currency: string;
  principal: Money;
  rate: string;
  tenorMonths: number;
  maturityDate: string;
  aro: boolean;
}

export interface Loan {
  id: number;
  accountNo: string;
  currency: string;
  outstanding: Money;
  installment: Money;
  nextDueDate: string;
}

export interface MutualFund {
  code: string;
  name: string;
  units: string;
  nav: string;
  marketValue: Money;
  currency: string;
}

export interface Bond {
  code: string;
  name: string;
  faceValue: Money;
  marketValue: Money;
  currency: string;
}

export interface InsurancePolicy {
  policyNo: string;
  product: string;
  sumAssured: Money;
  status: 'active' | 'lapsed' | 'matured' | 'terminated';
}

export interface DashboardSummary {
  customer: CustomerSummary;
  accounts: CasaAccount[];
  creditCards: CreditCard[];
  deposits: Deposit[];
  loans: Loan[];
  investments: { mutualFunds: MutualFund[]; bonds: Bond[]; totalMarketValue: Money };
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

export const dashboardApi = {
  summary: (signal?: AbortSignal) => apiPost<DashboardSummary>('/api/dashboard/v1/summary', {}, { signal }),
  defaultAccount: (signal?: AbortSignal) =>
    apiPost<{ sourceAccountId: number | null; receivingAccountId: number | null }>(
      '/api/dashboard/v1/defaultaccount',
      {},
      { signal },
    ),
  rates: (signal?: AbortSignal) => apiPost<RateBoard>('/api/exchangerate/v1/list', {}, { signal }),
};
