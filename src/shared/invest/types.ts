/** The apply & invest API's answers (src/server/invest/schemas.ts describes the same shapes). */
import type { Money } from '../money';
import type { RiskProfileLevel } from './risk-questionnaire';

export interface Localized {
  en: string;
  id: string;
}

export type ProductCategory = 'saving' | 'timedeposit' | 'creditcard' | 'loan' | 'insurance';

export interface RateTier {
  from: Money;
  rate: string;
}

export interface TenorRates {
  months: number;
  tiers: RateTier[];
}

/** What a customer compares; which fields are present depends on the category. */
export interface ProductFacts {
  // savings
  interestTiers?: RateTier[];
  minOpening?: Money;
  minBalance?: Money;
  monthlyFee?: Money;
  openingFlow?: 'saving' | 'isa';
  // time deposits
  minPlacement?: Money;
  tenors?: TenorRates[];
  earlyBreakPenalty?: string;
  taxRate?: string;
  // credit cards
  network?: string;
  annualFee?: Money;
  firstYearFree?: boolean;
  monthlyInterest?: string;
  cashAdvanceFee?: string;
  minIncome?: Money;
  // loans
  loanKind?: 'personal' | 'credit_line';
  yearlyRate?: string;
  minAmount?: Money;
  maxAmount?: Money;
  tenorMonths?: number[];
  provisionFee?: string;
  adminFee?: Money;
  // insurance
  provider?: 'SLFI' | 'SOMPO';
  insuranceType?: 'life' | 'health' | 'personal_accident' | 'travel';
  premiumFrom?: Money;
  premiumFrequency?: 'monthly' | 'yearly';
  maxCoverage?: Money;
  entryAgeMin?: number;
  entryAgeMax?: number;
  inquirySteps?: number;
}

export interface CatalogueProduct {
  code: string;
  category: ProductCategory;
  name: string;
  currency: string;
  sharia: boolean;
  description: Localized;
  highlights: Localized[];
  facts: ProductFacts;
}

export type EligibilityReason =
  | 'within_profile'
  | 'acknowledged'
  | 'above_profile'
  | 'no_profile'
  | 'profile_expired'
  | 'no_investor_account';

export interface Eligibility {
  allowed: boolean;
  reason: EligibilityReason;
}

export interface PricePoint {
  date: string;
  value: string;
}

export interface FundSummary {
  code: string;
  name: string;
  currency: string;
  fundType: 'money_market' | 'fixed_income' | 'balanced' | 'equity';
  riskLevel: RiskProfileLevel;
  sharia: boolean;
  manager: string;
  nav: string;
  navDate: string;
  /** Percent change of the NAV over a year (null when the fund is younger). */
  return1y: string | null;
  minSubscription: Money;
  subscriptionFee: string;
  eligibility: Eligibility;
  /** The customer's units of the fund (null when none). */
  heldUnits?: string | null;
}

export interface FundDetail extends FundSummary {
  custodian: string;
  launchDate: string;
  minTopup: Money;
  subscriptionMultiple: Money;
  minRedemptionUnits: string;
  redemptionFee: string;
  switchingFee: string;
  managementFee: string;
  aum: Money;
  cutoffTime: string;
  settlementDays: number;
  returns: { m1: string | null; m3: string | null; m6: string | null; y1: string | null };
  history: PricePoint[];
}

export type OfferStatus = 'upcoming' | 'open' | 'closed';

export interface BondSummary {
  code: string;
  name: string;
  currency: string;
  series: string;
  issuer: string;
  sharia: boolean;
  riskLevel: RiskProfileLevel;
  couponRate: string;
  couponType: 'fixed' | 'floating_with_floor';
  couponFrequencyMonths: number;
  maturityDate: string;
  minOrder: Money;
  orderMultiple: Money;
  maxOrder: Money | null;
  tradable: boolean;
  /** Primary offering period, when the bond is or was offered at issue. */
  offer: { start: string; end: string; settlementDate: string; status: OfferStatus } | null;
  /** Secondary market: the customer buys at offerPrice and sells at bidPrice (percent of face value). */
  bidPrice: string | null;
  offerPrice: string | null;
  price: string;
  priceDate: string;
  eligibility: Eligibility;
}

export interface BondDetail extends BondSummary {
  history: PricePoint[];
}

export interface RiskProfile {
  profile: RiskProfileLevel;
  score: number;
  assessedAt: string;
  expiresAt: string;
  expired: boolean;
  answers: Record<string, string>;
}

export interface InvestorAccount {
  sid: string;
  securitiesAccountNo: string;
  registeredAt: string;
}

export interface BondHolding {
  code: string;
  name: string;
  currency: string;
  faceValue: Money;
  cost: Money;
  price: string;
  bidPrice: string | null;
  marketValue: Money;
  unrealized: Money;
  couponRate: string;
  couponFrequencyMonths: number;
  nextCouponDate: string;
  nextCoupon: Money;
  maturityDate: string;
  tradable: boolean;
}

/** An investment order still waiting for its NAV, settlement date or payment date (booked, not final). */
export interface PendingOrder {
  referenceNo: string;
  productCode: string;
  productName: string;
  kind: 'subscription' | 'redemption' | 'switch_out' | 'buy';
  /** When it was ordered (ISO instant). */
  at: string;
  /** Money held for it (a purchase), or what its units were worth at the last price (a sale, a switch). */
  value: Money;
  /** Units taken out (a sale or a switch of fund units), 4 decimals. */
  units: string | null;
}
