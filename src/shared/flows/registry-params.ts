import type { ChoiceSourceName, ExecutorName, LookupName, ServiceExecutorName } from './registry-names';

/**
 * The JSON Schema of the `params` each named implementation takes (a flow's inquiry.params,
 * posting.params, service.params, choices.<field>.params). `flows:check` validates a flow's params
 * against it, so a misspelled param ("customerFeild") is reported instead of silently ignored. A
 * property marked `"x-field": true` names a form field, which must exist. A new name in
 * registry-names.ts needs its schema here (TypeScript says so).
 */
export interface ParamsSchema {
  type: 'object';
  additionalProperties: false;
  required?: string[];
  properties: Record<string, Record<string, unknown>>;
}

const params = (properties: ParamsSchema['properties'], required?: string[]): ParamsSchema => ({
  type: 'object',
  additionalProperties: false,
  ...(required ? { required } : {}),
  properties,
});
const field = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$', 'x-field': true };
const minor = { type: 'integer', minimum: 0 };
const method = { enum: ['bifast', 'online', 'skn', 'rtgs'] };
/** The bank's product categories (src/server/invest: catalogue and applications). */
const PRODUCT_CATEGORIES = ['saving', 'timedeposit', 'creditcard', 'loan', 'insurance'];
/** What an opening flow opens (src/server/invest/openings.ts). */
const OPENING_KINDS = { enum: ['saving', 'isa', 'timedeposit'] };
/** A fund's regular plans (src/server/invest/fund-orders.ts). */
const FUND_PLANS = { enum: ['regular', 'crisp', 'crispplus'] };

export const PARAMS_SCHEMAS: {
  lookups: Record<LookupName, ParamsSchema>;
  executors: Record<ExecutorName, ParamsSchema>;
  serviceExecutors: Record<ServiceExecutorName, ParamsSchema>;
  choiceSources: Record<ChoiceSourceName, ParamsSchema>;
} = {
  lookups: {
    'account.own': params({}),
    'account.beneficiary': params({}),
    'biller.bill': params({
      billerCode: { type: 'string', pattern: '^[A-Z0-9]+$' },
      billerName: { type: 'string' },
      customerField: field,
      minAmount: minor,
      maxAmount: minor,
      participantFee: minor,
    }),
    'purchase.price': params({ product: { type: 'string' }, choice: field }),
    // step: the multi-step inquiry's step (flow-engine-v2.md section 6).
    // amountField with atLeast/atMost: the customer's amount must lie within what the biller answered
    // (a partial VA or instalment: between its minimum payment and what is outstanding).
    'provider.inquiry': params({
      customerField: field,
      step: { type: 'string' },
      amountField: field,
      atLeast: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$' },
      atMost: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$' },
      // With amountField: the provider entry's detail listing the only amounts it takes (fixed top-ups).
      amountsFrom: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$' },
    }),
    'clearing.account': params({ method }, ['method']),
    // A list of the chosen provider's catalogue (flow-engine-v2.md section 6); `in`: its parent entry.
    'provider.options': params(
      {
        options: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$' },
        in: { type: 'string', pattern: '^form\\.[a-zA-Z][a-zA-Z0-9]*$' },
        where: { type: 'object' },
      },
      ['options'],
    ),
    'account.mobileNumber': params({ phoneField: field }),
    // A premium by the chosen product's premiumRule (age from a date of birth, cover, term).
    'provider.premium': params(
      {
        options: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$' },
        product: { type: 'string', pattern: '^form\\.[a-zA-Z][a-zA-Z0-9]*$' },
        birthDate: { type: 'string', pattern: '^form\\.[a-zA-Z][a-zA-Z0-9]*$' },
        cover: { type: 'string', pattern: '^form\\.[a-zA-Z][a-zA-Z0-9]*$' },
        term: { type: 'string', pattern: '^form\\.[a-zA-Z][a-zA-Z0-9]*$' },
      },
      ['product', 'birthDate', 'cover'],
    ),
    'swift.beneficiary': params({ source: { enum: ['rupiah', 'foreign'] } }, ['source']),
    'bifast.incomingRequest': params({}),
    'product.opening': params({ kind: OPENING_KINDS }, ['kind']),
    'fund.order': params({ side: { enum: ['subscription', 'redemption', 'switching'] }, plan: FUND_PLANS }, [
      'side',
    ]),
    'bond.order': params({ side: { enum: ['buy', 'sell'] } }, ['side']),
    'gold.quote': params({ side: { enum: ['buy', 'sell'] } }, ['side']),
    'flight.fare': params({}),
    // A code texted to a new mobile number (send: true), or where it went (send: false); field: the number's.
    'credential.newPhoneCode': params({ send: { type: 'boolean' }, field }, ['send']),
    // A QRIS payload (field: the form field holding it) read again by the server (src/server/qris).
    'qris.code': params({ field }),
    // The payment of that code: the amount typed for a static code and the tip the customer types.
    'qris.payment': params({ field, amountField: field, tipField: field }),
  },
  executors: {
    'ledger.transfer': params({}),
    'biller.pay': params({ billerCode: { type: 'string', pattern: '^[A-Z0-9]+$' } }),
    'purchase.topup': params({ product: { type: 'string' } }),
    'provider.pay': params({}),
    'clearing.transfer': params({ method }),
    'fund.subscribe': params({}),
    'bond.buy': params({}),
    'flight.book': params({}),
    'qris.pay': params({}),
  },
  serviceExecutors: {
    'request.record': params({ kind: { type: 'string', minLength: 1 }, once: { type: 'boolean' } }),
    'account.setStatus': params({ field, to: { enum: ['active', 'blocked'] } }, ['to']),
    'card.setStatus': params({ field, to: { enum: ['active', 'blocked'] } }, ['to']),
    'card.activate': params({ field }),
    'card.changePin': params({ field }),
    'debitcard.changePin': params({ field }),
    'schedule.cancel': params({ field, mass: { type: 'boolean' } }),
    'schedule.edit': params({ field, mass: { type: 'boolean' } }),
    'poinxtra.redeem': params({}),
    'poinxtra.transfer': params({}),
    'poinxtra.mileage': params({}),
    'goal.create': params({}),
    'goal.edit': params({}),
    'loan.apply': params({ field }),
    'product.apply': params(
      { field, category: { enum: ['creditcard', 'saving', 'timedeposit', 'insurance'] } },
      ['category'],
    ),
    'bifast.requestPayment': params({}),
    'vcn.issue': params({}),
    'ewallet.link': params({}),
    'insurance.issuePolicy': params({}),
    'fund.redeem': params({}),
    'fund.switch': params({}),
    'bond.sell': params({}),
    'gold.register': params({}),
    'account.open': params({ kind: OPENING_KINDS }, ['kind']),
    'fund.placeOrder': params({ plan: FUND_PLANS }),
    'bond.placeOrder': params({}),
    'gold.trade': params({ side: { enum: ['buy', 'sell'] } }, ['side']),
    'card.convertInstalment': params({ field, tenorField: field }),
    'card.increaseLimit': params({ field }),
    'card.setControl': params({ field, control: { enum: ['online', 'overseas', 'dailyLimit'] } }, [
      'control',
    ]),
    'debitcard.link': params({ field }),
    'debitcard.setStatus': params({ field, to: { enum: ['active', 'blocked'] } }, ['to']),
    'debitcard.replace': params({ field }),
    'deposit.setAro': params({ field, to: { type: 'boolean' } }, ['to']),
    'limit.verifyRaise': params({}),
    'credential.change': params({ what: { enum: ['email', 'mobile', 'userId', 'secureWord', 'password'] } }, [
      'what',
    ]),
    'insurance.request': params({
      kind: { type: 'string', minLength: 1 },
      statuses: { type: 'array', items: { enum: ['active', 'lapsed', 'matured', 'terminated'] } },
    }),
    'alias.set': params({ action: { enum: ['register', 'change', 'remove'] } }, ['action']),
    'flight.reserve': params({}),
    'qris.record': params({}),
  },
  choiceSources: {
    accounts: params({}),
    inquiry: params({}),
    params: params(
      {
        options: {
          type: 'array',
          items: {
            type: 'object',
            required: ['value', 'labelEng', 'labelIdn'],
            properties: {
              value: { type: 'string' },
              labelEng: { type: 'string' },
              labelIdn: { type: 'string' },
              detail: { type: 'object' },
            },
          },
        },
      },
      ['options'],
    ),
    'mobile.operators': params({}),
    'mobile.denominations': params({}),
    list: params({}),
    providers: params({}),
    'clearing.banks': params({ method }),
    'schedules.open': params({ mass: { type: 'boolean' }, batches: { type: 'boolean' } }),
    'catalogue.products': params(
      { category: { enum: PRODUCT_CATEGORIES }, openingFlow: { enum: ['saving', 'isa'] } },
      ['category'],
    ),
    'bifast.incomingRequests': params({}),
    'flight.holds': params({}),
    'cards.purchases': params({}),
    debitcards: params({ linked: { type: 'boolean' } }),
    'limits.awaitingRaises': params({}),
    'insurance.policies': params({
      statuses: { type: 'array', items: { enum: ['active', 'lapsed', 'matured', 'terminated'] } },
    }),
    'bifast.aliases': params({}),
    'poinxtra.cardTransactions': params({}),
    'goals.active': params({}),
    'invest.funds': params({ held: { type: 'boolean' } }),
    'invest.bonds': params({ side: { enum: ['buy', 'sell'] } }, ['side']),
  },
};
