/** JSON Schemas of the My account routes (bodies and answers), written once here. */

type Schema = Record<string, unknown>;

/** An object whose listed properties are all required and no other allowed. */
export const obj = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});

export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const bool: Schema = { type: 'boolean' };
export const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
export const arr = (items: Schema): Schema => ({ type: 'array', items });
export const money: Schema = obj({ amount: int, currency: { type: 'string', minLength: 3, maxLength: 3 } });
export const date: Schema = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' };
export const month: Schema = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' };
export const id: Schema = { type: 'integer', minimum: 1, maximum: 9007199254740991 };
export const lang: Schema = { type: 'string', enum: ['en', 'id'] };
export const format: Schema = { type: 'string', enum: ['pdf', 'csv'] };
export const search: Schema = { type: 'string', minLength: 3, maxLength: 40 };
export const empty: Schema = obj({});

/** A file answer (PDF or CSV): the bytes, not JSON. */
export const file = (description: string): Schema => ({ description, type: 'string', format: 'binary' });

export const overviewResponse = obj({
  customer: obj({ hasCasa: bool, ccOnly: bool, supplementary: bool }),
  accounts: arr(
    obj({
      id: int,
      accountNo: str,
      product: { type: 'string', enum: ['savings', 'current'] },
      name: str,
      currency: str,
      balance: money,
      availableBalance: money,
      rekpon: bool,
      phone: nullable(str),
      hiddenOnDashboard: bool,
      hiddenAsSource: bool,
    }),
  ),
  creditCards: arr(
    obj({
      id: int,
      maskedNumber: str,
      name: str,
      currency: str,
      creditLimit: money,
      availableLimit: money,
      outstanding: money,
      supplementary: bool,
      status: { type: 'string', enum: ['active', 'blocked', 'inactive', 'closed'] },
    }),
  ),
  deposits: arr(
    obj({
      id: int,
      accountNo: str,
      currency: str,
      principal: money,
      rate: str,
      tenorMonths: int,
      maturityDate: str,
      aro: bool,
    }),
  ),
  loans: arr(
    obj({ id: int, accountNo: str, currency: str, outstanding: money, installment: money, nextDueDate: str }),
  ),
  mutualFunds: arr(obj({ code: str, name: str, units: str, nav: str, marketValue: money })),
  bonds: arr(obj({ code: str, name: str, faceValue: money, marketValue: money })),
  insurance: arr(obj({ policyNo: str, provider: str, product: str, sumAssured: money, status: str })),
  gold: nullable(obj({ accountNo: str, grams: str, marketValue: money })),
});

const statement = obj({
  statementDate: str,
  periodFrom: str,
  periodTo: str,
  dueDate: str,
  previousBalance: money,
  purchases: money,
  payments: money,
  newBalance: money,
  minimumPayment: money,
});

export const cardCyclesResponse = obj({
  accountId: int,
  maskedNumber: str,
  name: str,
  currency: str,
  creditLimit: money,
  availableLimit: money,
  statementDay: int,
  unbilled: obj({ from: str, to: str, amount: money }),
  statements: arr(statement),
});

const txKind = {
  type: 'string',
  enum: ['subscription', 'redemption', 'switch_in', 'switch_out', 'buy', 'sell', 'coupon'],
};
const investmentKind = { type: 'string', enum: ['mutual_fund', 'bond'] };

export const investmentHistoryRequest = obj(
  {
    kind: investmentKind,
    from: date,
    to: date,
    page: { type: 'integer', minimum: 1, maximum: 10000 },
    productCode: { type: 'string', minLength: 1, maxLength: 20 },
    txKind,
    search,
  },
  ['from', 'to', 'page', 'productCode', 'txKind', 'search'],
);

export const investmentDownloadRequest = obj(
  {
    kind: investmentKind,
    from: date,
    to: date,
    productCode: { type: 'string', minLength: 1, maxLength: 20 },
    txKind,
    search,
    format,
    lang,
  },
  ['from', 'to', 'productCode', 'txKind', 'search', 'lang'],
);

export const holding = obj({
  code: str,
  name: str,
  currency: str,
  units: nullable(str),
  nav: nullable(str),
  faceValue: nullable(money),
  price: nullable(str),
  priceDate: str,
  marketValue: money,
  cost: money,
});

export const investmentHistoryResponse = obj({
  kind: investmentKind,
  from: str,
  to: str,
  page: int,
  pageSize: int,
  hasMore: bool,
  holdings: arr(holding),
  entries: arr(
    obj({
      id: int,
      referenceNo: str,
      at: str,
      productCode: str,
      productName: str,
      kind: txKind,
      status: { type: 'string', enum: ['success', 'pending', 'failed'] },
      units: nullable(str),
      nav: nullable(str),
      faceValue: nullable(money),
      price: nullable(str),
      amount: money,
    }),
  ),
});

export const accountDownloadRequest = obj(
  {
    accountId: id,
    from: date,
    to: date,
    search,
    direction: { type: 'string', enum: ['debit', 'credit'] },
    format,
    lang,
  },
  ['from', 'to', 'search', 'direction', 'lang'],
);
