import type { Money } from './money';

/** Types of the My account API (src/server/myaccount/routes.ts), shared by the server and the pages. */

export interface OverviewAccount {
  id: number;
  accountNo: string;
  product: 'savings' | 'current';
  name: string;
  currency: string;
  balance: Money;
  availableBalance: Money;
  /** A mobile-number account (REKPON): reached by the phone number. */
  rekpon: boolean;
  phone: string | null;
  hiddenOnDashboard: boolean;
  hiddenAsSource: boolean;
}

export type CardStatus = 'active' | 'blocked' | 'inactive' | 'closed';

export interface OverviewCard {
  id: number;
  maskedNumber: string;
  name: string;
  currency: string;
  creditLimit: Money;
  availableLimit: Money;
  outstanding: Money;
  supplementary: boolean;
  status: CardStatus;
}

export interface OverviewDeposit {
  id: number;
  accountNo: string;
  currency: string;
  principal: Money;
  rate: string;
  tenorMonths: number;
  maturityDate: string;
  aro: boolean;
}

export interface OverviewLoan {
  id: number;
  accountNo: string;
  currency: string;
  outstanding: Money;
  installment: Money;
  nextDueDate: string;
}

export interface OverviewPolicy {
  policyNo: string;
  provider: string;
  product: string;
  sumAssured: Money;
  status: string;
}

export interface MyAccountOverview {
  customer: { hasCasa: boolean; ccOnly: boolean; supplementary: boolean };
  accounts: OverviewAccount[];
  creditCards: OverviewCard[];
  deposits: OverviewDeposit[];
  loans: OverviewLoan[];
  mutualFunds: Array<{ code: string; name: string; units: string; nav: string; marketValue: Money }>;
  bonds: Array<{ code: string; name: string; faceValue: Money; marketValue: Money }>;
  insurance: OverviewPolicy[];
  gold: { accountNo: string; grams: string; marketValue: Money } | null;
}

/** One billing cycle of a credit card, closed on its statement date. */
export interface CardStatement {
  statementDate: string;
  periodFrom: string;
  periodTo: string;
  dueDate: string;
  previousBalance: Money;
  purchases: Money;
  payments: Money;
  newBalance: Money;
  minimumPayment: Money;
}

export interface CardCycles {
  accountId: number;
  maskedNumber: string;
  name: string;
  currency: string;
  creditLimit: Money;
  availableLimit: Money;
  statementDay: number;
  /** What was spent since the last statement date: billed on the next one. */
  unbilled: { from: string; to: string; amount: Money };
  /** Newest first. */
  statements: CardStatement[];
}

export type InvestmentKind = 'mutual_fund' | 'bond';
export type InvestmentTxKind =
  'subscription' | 'redemption' | 'switch_in' | 'switch_out' | 'buy' | 'sell' | 'coupon';

export interface InvestmentHolding {
  code: string;
  name: string;
  currency: string;
  /** Mutual funds: units held and the latest NAV per unit. */
  units: string | null;
  nav: string | null;
  /** Bonds: face value held and the latest price (percent of face value). */
  faceValue: Money | null;
  price: string | null;
  priceDate: string;
  marketValue: Money;
  cost: Money;
}

export interface InvestmentTx {
  id: number;
  referenceNo: string;
  at: string;
  productCode: string;
  productName: string;
  kind: InvestmentTxKind;
  status: 'success' | 'pending' | 'failed';
  /** Signed: + in, - out. */
  units: string | null;
  nav: string | null;
  faceValue: Money | null;
  price: string | null;
  amount: Money;
}

export interface InvestmentHistoryPage {
  kind: InvestmentKind;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  hasMore: boolean;
  holdings: InvestmentHolding[];
  entries: InvestmentTx[];
}

/** Months ('YYYY-MM') with an e-statement of an account, newest first. */
export interface StatementMonths {
  accountId: number;
  product: string;
  months: string[];
}
