import type { Money } from './money';

/** One product of a customer's portfolio, as the dashboard summary sends it (schemas/api/dashboard/*.json)
 * and as the core bank reads it (src/server/core-bank/portfolio.ts). */
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
