import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noInvestment } from './errors';
import { arr, bool, empty, holding, int, money, nullable, obj, str } from './schemas';
import {
  INSURERS,
  consolidatedPortfolio,
  installmentSummary,
  investmentPortfolio,
  octoloan,
  policies,
  policyDetail,
  productDetail,
  withdrawals,
  type PolicyGroup,
} from './products';

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

const percent = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$' };
const group = { type: 'string', enum: ['ba', 'slfi'] };

const portfolioResponse = obj({
  items: arr({
    ...holding,
    required: [
      ...(holding.required as string[]),
      'kind',
      'assetClass',
      'riskLevel',
      'gain',
      'gainPercent',
      'marketValueIdr',
    ],
    properties: {
      ...(holding.properties as Record<string, unknown>),
      kind: { type: 'string', enum: ['mutual_fund', 'bond'] },
      assetClass: str,
      riskLevel: int,
      gain: money,
      gainPercent: percent,
      marketValueIdr: money,
    },
  }),
  pendingOrders: arr(
    obj({
      referenceNo: str,
      productCode: str,
      productName: str,
      kind: { type: 'string', enum: ['subscription', 'redemption', 'switch_out', 'buy'] },
      at: str,
      value: money,
      units: nullable(str),
    }),
  ),
  totalIdr: money,
  costIdr: money,
  gainIdr: money,
  allocation: arr(obj({ assetClass: str, value: money, percent })),
});

const line = obj({ label: str, detail: str, value: money, valueIdr: money });
const consolidatedResponse = obj({
  groups: arr(
    obj({
      group: str,
      side: { type: 'string', enum: ['asset', 'liability'] },
      lines: arr(line),
      totalIdr: money,
    }),
  ),
  assetsIdr: money,
  liabilitiesIdr: money,
  netWorthIdr: money,
});

const productDetailResponse = obj({
  code: str,
  kind: { type: 'string', enum: ['mutual_fund', 'bond'] },
  name: str,
  currency: str,
  fundType: nullable(str),
  riskLevel: int,
  nav: nullable(str),
  price: nullable(str),
  couponRate: nullable(str),
  maturityDate: nullable(str),
  priceDate: str,
  holding: nullable(holding),
  transactions: arr(
    obj({
      referenceNo: str,
      kind: str,
      at: str,
      units: nullable(str),
      nav: nullable(str),
      faceValue: nullable(money),
      price: nullable(str),
      amount: money,
    }),
  ),
});

const loanResponse = obj({
  loans: arr(
    obj({
      id: int,
      accountNo: str,
      name: str,
      loanType: str,
      plafond: money,
      outstanding: money,
      available: money,
      rate: str,
      tenorMonths: int,
      installment: money,
      installmentsPaid: int,
      installmentsLeft: int,
      startDate: str,
      nextDueDate: str,
      debitAccountNo: nullable(str),
    }),
  ),
});

const withdrawal = obj({
  referenceNo: str,
  at: str,
  amount: money,
  status: str,
  description: str,
  loanAccountNo: str,
  toAccountNo: nullable(str),
  rate: str,
  tenorMonths: int,
  installment: money,
});

const installmentResponse = obj({
  items: arr(
    obj({
      kind: { type: 'string', enum: ['loan'] },
      name: str,
      accountNo: str,
      installment: money,
      nextDueDate: str,
      paid: int,
      tenorMonths: int,
      remaining: money,
      debitAccountNo: nullable(str),
    }),
  ),
  monthlyTotal: money,
});

const insurer = obj({ name: str, callCentre: str, email: str, website: str, address: str });
const policyResponse = obj({
  policyNo: str,
  provider: str,
  product: str,
  currency: str,
  sumAssured: money,
  premium: money,
  premiumFrequency: str,
  status: str,
  startDate: str,
  endDate: nullable(str),
  planType: str,
  insuredName: str,
  paymentMethod: str,
  nextPremiumDate: nullable(str),
  graceDays: int,
  riders: arr(str),
  beneficiaries: arr(obj({ name: str, relation: str, dateOfBirth: nullable(str), sharePercent: str })),
  premiums: arr(obj({ period: str, amount: money, status: str, paidAt: nullable(str) })),
  claims: arr(
    obj({
      claimNo: str,
      kind: str,
      submittedOn: str,
      claimed: money,
      paid: nullable(money),
      status: str,
      settledOn: nullable(str),
    }),
  ),
  funds: arr(
    obj({
      code: str,
      name: str,
      riskLevel: int,
      allocationPercent: str,
      units: str,
      unitPrice: str,
      priceDate: str,
      value: money,
    }),
  ),
  fundValue: money,
  insurer: nullable(insurer),
  others: arr(obj({ policyNo: str, provider: str, product: str, status: str })),
  unitLinked: bool,
});

/** Read pages of My account beyond the histories: portfolios, product detail, Octo Loan, instalments, insurance. */
export async function productRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };
  const route = (
    url: string,
    summary: string,
    body: Record<string, unknown>,
    response: Record<string, unknown>,
    handler: (customerId: number, body: Record<string, unknown>) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { ...authed, schema: { tags: ['myaccount'], summary, body, response: { 200: response } } },
      async (request) => handler(sessionOf(request).customerId, request.body as Record<string, unknown>),
    );

  route(
    '/api/wealth/v1/portfolio',
    'Investment holdings with cost, value, gain and the mix by asset class',
    empty,
    portfolioResponse,
    async (c) => {
      const p = await investmentPortfolio(app.db, c);
      if (p.items.length === 0 && p.pendingOrders.length === 0) throw noInvestment();
      return p;
    },
  );
  route(
    '/api/wealth/v1/consolidated',
    'Everything held and owed, in rupiah at the board buy rate, and the net worth',
    empty,
    consolidatedResponse,
    (c) => consolidatedPortfolio(app.db, c),
  );
  route(
    '/api/investment/v1/product-detail',
    'An investment product, what the customer holds of it and their latest movements (WMS 0912 when unknown)',
    obj({ code: { type: 'string', minLength: 1, maxLength: 20 } }),
    productDetailResponse,
    (c, b) => productDetail(app.db, c, String(b.code)),
  );
  route(
    '/api/loan/v1/octoloan',
    'The Octo Loan line: plafond, owed, available, instalments (5072 when none)',
    empty,
    loanResponse,
    (c) => octoloan(app.db, c),
  );
  route(
    '/api/loan/v1/withdrawals',
    'Money drawn from the loan, newest first (5072 when no loan)',
    empty,
    obj({ withdrawals: arr(withdrawal) }),
    async (c) => ({ withdrawals: await withdrawals(app.db, c) }),
  );
  route(
    '/api/loan/v1/withdrawal-detail',
    'One withdrawal with its loan terms (404 WITHDRAWAL_NOT_FOUND when not the customer’s)',
    obj({ referenceNo: { type: 'string', minLength: 1, maxLength: 40 } }),
    withdrawal,
    async (c, b) => (await withdrawals(app.db, c, String(b.referenceNo)))[0],
  );
  route(
    '/api/installment/v1/summary',
    'Every instalment the customer pays (CLICKS 1213 when none)',
    empty,
    installmentResponse,
    (c) => installmentSummary(app.db, c),
  );
  route(
    '/api/insurance/v1/policy',
    'One policy of a group (BA or SLFI; the first when none is named) in full, with the insurer (CLICKS 0040 when none)',
    obj({ group, policyNo: { type: 'string', minLength: 1, maxLength: 30 } }, ['policyNo']),
    policyResponse,
    async (c, b) => {
      const g = b.group as PolicyGroup;
      const list = await policies(app.db, c, g);
      const chosen = typeof b.policyNo === 'string' ? b.policyNo : list[0]!.policyNo;
      const detail = await policyDetail(app.db, c, g, chosen);
      return {
        ...detail,
        insurer: INSURERS[detail.provider] ?? null,
        others: list,
        unitLinked: detail.planType === 'unit_link',
      };
    },
  );
}
