import type { PendingOrder } from './invest/types';
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

export interface PortfolioItem extends InvestmentHolding {
  kind: InvestmentKind;
  assetClass: string;
  riskLevel: number;
  gain: Money;
  /** Percent with two decimals, as text. */
  gainPercent: string;
  marketValueIdr: Money;
}

export interface InvestmentPortfolio {
  items: PortfolioItem[];
  /** Orders not final yet (apply & invest's fund and bond orders). */
  pendingOrders?: PendingOrder[];
  totalIdr: Money;
  costIdr: Money;
  gainIdr: Money;
  allocation: Array<{ assetClass: string; value: Money; percent: string }>;
}

export interface ConsolidatedPortfolio {
  groups: Array<{
    group: string;
    side: 'asset' | 'liability';
    lines: Array<{ label: string; detail: string; value: Money; valueIdr: Money }>;
    totalIdr: Money;
  }>;
  assetsIdr: Money;
  liabilitiesIdr: Money;
  netWorthIdr: Money;
}

export interface ProductDetail {
  code: string;
  kind: InvestmentKind;
  name: string;
  currency: string;
  fundType: string | null;
  riskLevel: number;
  nav: string | null;
  price: string | null;
  couponRate: string | null;
  maturityDate: string | null;
  priceDate: string;
  holding: InvestmentHolding | null;
  transactions: Array<{
    referenceNo: string;
    kind: InvestmentTxKind;
    at: string;
    units: string | null;
    nav: string | null;
    faceValue: Money | null;
    price: string | null;
    amount: Money;
  }>;
}

export interface OctoLoan {
  id: number;
  accountNo: string;
  name: string;
  loanType: string;
  plafond: Money;
  outstanding: Money;
  available: Money;
  rate: string;
  tenorMonths: number;
  installment: Money;
  installmentsPaid: number;
  installmentsLeft: number;
  startDate: string;
  nextDueDate: string;
  debitAccountNo: string | null;
}

export interface LoanWithdrawal {
  referenceNo: string;
  at: string;
  amount: Money;
  status: string;
  description: string;
  loanAccountNo: string;
  toAccountNo: string | null;
  rate: string;
  tenorMonths: number;
  installment: Money;
}

export interface InstallmentSummary {
  items: Array<{
    kind: 'loan';
    name: string;
    accountNo: string;
    installment: Money;
    nextDueDate: string;
    paid: number;
    tenorMonths: number;
    remaining: Money;
    debitAccountNo: string | null;
  }>;
  monthlyTotal: Money;
}

export interface PolicyDetail {
  policyNo: string;
  provider: string;
  product: string;
  currency: string;
  sumAssured: Money;
  premium: Money;
  premiumFrequency: string;
  status: string;
  startDate: string;
  endDate: string | null;
  planType: string;
  insuredName: string;
  paymentMethod: string;
  nextPremiumDate: string | null;
  graceDays: number;
  riders: string[];
  beneficiaries: Array<{ name: string; relation: string; dateOfBirth: string | null; sharePercent: string }>;
  premiums: Array<{ period: string; amount: Money; status: string; paidAt: string | null }>;
  claims: Array<{
    claimNo: string;
    kind: string;
    submittedOn: string;
    claimed: Money;
    paid: Money | null;
    status: string;
    settledOn: string | null;
  }>;
  funds: Array<{
    code: string;
    name: string;
    riskLevel: number;
    allocationPercent: string;
    units: string;
    unitPrice: string;
    priceDate: string;
    value: Money;
  }>;
  fundValue: Money;
  insurer: { name: string; callCentre: string; email: string; website: string; address: string } | null;
  others: Array<{ policyNo: string; provider: string; product: string; status: string }>;
  unitLinked: boolean;
}
