/** JSON Schemas of the apply & invest API (the shapes of src/shared/invest/types.ts). */

const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

export const money = obj({
  amount: { type: 'integer' },
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
});
export const decimal = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' } as const;
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const localized = obj({ en: { type: 'string' }, id: { type: 'string' } });
const riskLevel = { type: 'integer', minimum: 1, maximum: 5 } as const;
const rateTier = obj({ from: money, rate: decimal });

export const empty = { type: 'object', additionalProperties: false, properties: {} } as const;

const facts = obj(
  {
    interestTiers: { type: 'array', items: rateTier },
    minOpening: money,
    minBalance: money,
    monthlyFee: money,
    openingFlow: { enum: ['saving', 'isa'] },
    minPlacement: money,
    tenors: {
      type: 'array',
      items: obj({ months: { type: 'integer' }, tiers: { type: 'array', items: rateTier } }),
    },
    earlyBreakPenalty: decimal,
    taxRate: decimal,
    network: { type: 'string' },
    annualFee: money,
    firstYearFree: { type: 'boolean' },
    monthlyInterest: decimal,
    cashAdvanceFee: decimal,
    minIncome: money,
    loanKind: { enum: ['personal', 'credit_line'] },
    yearlyRate: decimal,
    minAmount: money,
    maxAmount: money,
    tenorMonths: { type: 'array', items: { type: 'integer' } },
    provisionFee: decimal,
    adminFee: money,
    provider: { enum: ['SLFI', 'SOMPO'] },
    insuranceType: { enum: ['life', 'health', 'personal_accident', 'travel'] },
    premiumFrom: money,
    premiumFrequency: { enum: ['monthly', 'yearly'] },
    maxCoverage: money,
    entryAgeMin: { type: 'integer' },
    entryAgeMax: { type: 'integer' },
    inquirySteps: { type: 'integer' },
  },
  [],
);

export const category = { enum: ['saving', 'timedeposit', 'creditcard', 'loan', 'insurance'] } as const;

export const product = obj({
  code: { type: 'string' },
  category,
  name: { type: 'string' },
  currency: { type: 'string' },
  sharia: { type: 'boolean' },
  description: localized,
  highlights: { type: 'array', items: localized },
  facts,
});

export const eligibility = obj({
  allowed: { type: 'boolean' },
  reason: {
    enum: [
      'within_profile',
      'acknowledged',
      'above_profile',
      'no_profile',
      'profile_expired',
      'no_investor_account',
    ],
  },
});

const fundSummaryProps = {
  code: { type: 'string' },
  name: { type: 'string' },
  currency: { type: 'string' },
  fundType: { enum: ['money_market', 'fixed_income', 'balanced', 'equity'] },
  riskLevel,
  sharia: { type: 'boolean' },
  manager: { type: 'string' },
  nav: decimal,
  navDate: date,
  return1y: nullable(decimal),
  minSubscription: money,
  subscriptionFee: decimal,
  eligibility,
  /** The customer's units of the fund (null when none): they may sell or switch them. */
  heldUnits: nullable(decimal),
};
export const fundSummary = obj(fundSummaryProps);
const pricePoint = obj({ date, value: decimal });
export const fundDetail = obj({
  ...fundSummaryProps,
  custodian: { type: 'string' },
  launchDate: date,
  minTopup: money,
  subscriptionMultiple: money,
  minRedemptionUnits: decimal,
  redemptionFee: decimal,
  switchingFee: decimal,
  managementFee: decimal,
  aum: money,
  cutoffTime: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
  settlementDays: { type: 'integer' },
  returns: obj({
    m1: nullable(decimal),
    m3: nullable(decimal),
    m6: nullable(decimal),
    y1: nullable(decimal),
  }),
  history: { type: 'array', items: pricePoint },
});

const bondProps = {
  code: { type: 'string' },
  name: { type: 'string' },
  currency: { type: 'string' },
  series: { type: 'string' },
  issuer: { type: 'string' },
  sharia: { type: 'boolean' },
  riskLevel,
  couponRate: decimal,
  couponType: { enum: ['fixed', 'floating_with_floor'] },
  couponFrequencyMonths: { type: 'integer' },
  maturityDate: date,
  minOrder: money,
  orderMultiple: money,
  maxOrder: nullable(money),
  tradable: { type: 'boolean' },
  offer: nullable(
    obj({
      start: instant,
      end: instant,
      settlementDate: date,
      status: { enum: ['upcoming', 'open', 'closed'] },
    }),
  ),
  bidPrice: nullable(decimal),
  offerPrice: nullable(decimal),
  price: decimal,
  priceDate: date,
  eligibility,
};
export const bondSummary = obj(bondProps);
export const bondDetail = obj({ ...bondProps, history: { type: 'array', items: pricePoint } });

export const riskProfile = obj({
  profile: riskLevel,
  score: { type: 'integer' },
  assessedAt: instant,
  expiresAt: instant,
  expired: { type: 'boolean' },
  answers: { type: 'object', additionalProperties: { type: 'string' } },
});

export const investorAccount = obj({
  sid: { type: 'string' },
  securitiesAccountNo: { type: 'string' },
  registeredAt: instant,
});

export const bondHolding = obj({
  code: { type: 'string' },
  name: { type: 'string' },
  currency: { type: 'string' },
  faceValue: money,
  cost: money,
  price: decimal,
  bidPrice: nullable(decimal),
  marketValue: money,
  unrealized: money,
  couponRate: decimal,
  couponFrequencyMonths: { type: 'integer' },
  nextCouponDate: date,
  nextCoupon: money,
  maturityDate: date,
  tradable: { type: 'boolean' },
});

export const productCode = { type: 'string', minLength: 1, maxLength: 30, pattern: '^[A-Z0-9-]+$' } as const;
export { obj, nullable, date, instant };
