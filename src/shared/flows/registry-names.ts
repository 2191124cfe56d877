/*
 * What the browser engine sends and expects (for the server's implementations):
 * - Load flows with `loadFlowsOrThrow(folders)` / `loadFlowsFromDisk(folders)` from ./load-node (folders are
 *   parameters so tests can use a temporary copy). `LoadedFlow.schemas[flow.form.schema]` is the form's JSON Schema:
 *   validate the inquiry's `form` with it (same schema as the browser's precompiled validator).
 * - Form values: account choices are the account id as a STRING ("12"); `form.amount` (when a flow takes the
 *   amount from the form) is an integer in minor units of the debited account's currency (Rp 150.000 -> 15000000).
 * - Choice options: {value: string, labelEng, labelIdn, detail?}. For "accounts" the browser reads
 *   detail.currency, detail.accountNo and detail.balance (Money) when present; for "mobile.denominations"
 *   detail.operator (the filterKey) and detail.price (Money). `excludeField` and `dependsOn` are applied in the browser.
 * - "mobile.operators"/"mobile.denominations": the browser reads POST /api/mobilepurchase/v1/getpurchaseformdata
 *   {} -> {operators: [{code, name, prefixes}], denominations: [{code, operator, nominal, price}]} and turns
 *   them into options (value = code), falling back to /api/transaction/v1/formdata.
 * - Inquiry `details` feed the value paths "inquiry.<key>" of verify and receipt rows (e.g. beneficiaryName,
 *   customerName, period, billAmount, price). A 422 with `fields` keyed "/form/<field>" shows inline under that field.
 * - Value paths are read with readValue() from ./values.
 */

/**
 * Every named implementation a flow file may use. ONE list for both sides: the browser engine's
 * setup() registry and the server's lookup/executor/choice-source registries are tested to implement
 * exactly these names, and `npm run flows:check` refuses a flow that names anything else.
 */
export const REGISTRY_NAMES = {
  client: {
    /** Actors a JSON machine config may invoke (src/engine/machine/flow-machine.ts). */
    actors: [
      'submitInquiry',
      'submitInquiryStep',
      'passFdsChallenge',
      'otpVerification',
      'approvalVerification',
      'passkeyVerification',
      'confirmTransaction',
    ],
    /** Guards a JSON machine config may name. */
    guards: [
      'hasReceipt',
      'hasVerification',
      'methodIsOtp',
      'methodIsApproval',
      'methodIsPasskey',
      'otpAllowed',
      'approvalAllowed',
      'passkeyAllowed',
      'passkeyVerified',
      'otpVerified',
      'verificationCancelled',
      'approvalApproved',
      'approvalRejected',
      'switchToOtp',
      'inquiryFlagged',
      'fdsPending',
      'stepsDoneAre',
    ],
    /** Actions a JSON machine config may name. */
    actions: [
      'storeForm',
      'storeStep',
      'storeInquiry',
      'storeReceipt',
      'storeError',
      'clearError',
      'chooseMethod',
      'resetVerification',
      'forgetVerification',
      'resetTransaction',
      'storeStepForm',
      'storeStepAnswer',
      'storeFdsPassed',
    ],
    /** Custom RJSF widgets a uiSchema may name with ui:widget (besides RJSF's own). */
    widgets: ['choice', 'amount', 'digits', 'specialRate', 'priceQuote', 'photo', 'qrCode'],
  },
  server: {
    /** Inquiry look-ups (POST /api/transaction/v1/inquiry): return details shown on verify and receipt. */
    lookups: [
      'account.own',
      'account.beneficiary',
      'biller.bill',
      'purchase.price',
      'provider.inquiry',
      'clearing.account',
      'provider.options',
      'account.mobileNumber',
      'swift.beneficiary',
      'bifast.incomingRequest',
      'provider.premium',
      'product.opening',
      'fund.order',
      'bond.order',
      'gold.quote',
      'flight.fare',
      'credential.newPhoneCode',
      'qris.code',
      'qris.payment',
    ],
    /** Posting executors (POST /api/transaction/v1/confirm). */
    executors: [
      'ledger.transfer',
      'biller.pay',
      'purchase.topup',
      'provider.pay',
      'clearing.transfer',
      'fund.subscribe',
      'bond.buy',
      'flight.book',
      'qris.pay',
    ],
    /** Executors of flows that move no money (a flow's `service.execute`), src/server/transactions/service-executors.ts. */
    serviceExecutors: [
      'request.record',
      'account.setStatus',
      'card.setStatus',
      'card.activate',
      'schedule.cancel',
      'schedule.edit',
      'card.convertInstalment',
      'card.increaseLimit',
      'card.setControl',
      'debitcard.link',
      'debitcard.setStatus',
      'deposit.setAro',
      'limit.verifyRaise',
      'credential.change',
      'debitcard.replace',
      'alias.set',
      'insurance.request',
      'poinxtra.redeem',
      'poinxtra.transfer',
      'poinxtra.mileage',
      'goal.create',
      'goal.edit',
      'loan.apply',
      'product.apply',
      'bifast.requestPayment',
      'vcn.issue',
      'ewallet.link',
      'card.changePin',
      'debitcard.changePin',
      'flight.reserve',
      'insurance.issuePolicy',
      'fund.redeem',
      'fund.switch',
      'bond.sell',
      'gold.register',
      'account.open',
      'fund.placeOrder',
      'bond.placeOrder',
      'gold.trade',
      'qris.record',
    ],
    /** Option lists for form fields (POST /api/transaction/v1/formdata). */
    choiceSources: [
      'accounts',
      'params',
      'mobile.operators',
      'mobile.denominations',
      'list',
      'providers',
      'clearing.banks',
      'schedules.open',
      'inquiry',
      'cards.purchases',
      'debitcards',
      'limits.awaitingRaises',
      'insurance.policies',
      'bifast.aliases',
      'poinxtra.cardTransactions',
      'goals.active',
      'catalogue.products',
      'bifast.incomingRequests',
      'invest.funds',
      'invest.bonds',
      'flight.holds',
    ],
  },
} as const;

/** RJSF's own widget names (always allowed in ui:widget). */
export const RJSF_WIDGETS = [
  'text',
  'textarea',
  'password',
  'email',
  'uri',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'hidden',
  'updown',
  'range',
  'date',
  'datetime',
  'time',
  'color',
  'file',
] as const;

export type ClientActorName = (typeof REGISTRY_NAMES.client.actors)[number];
export type ClientGuardName = (typeof REGISTRY_NAMES.client.guards)[number];
export type ClientActionName = (typeof REGISTRY_NAMES.client.actions)[number];
export type WidgetName = (typeof REGISTRY_NAMES.client.widgets)[number];
export type LookupName = (typeof REGISTRY_NAMES.server.lookups)[number];
export type ExecutorName = (typeof REGISTRY_NAMES.server.executors)[number];
export type ServiceExecutorName = (typeof REGISTRY_NAMES.server.serviceExecutors)[number];
export type ChoiceSourceName = (typeof REGISTRY_NAMES.server.choiceSources)[number];

/** Pending outcomes of spec section 8, always in force; a flow's posting.pendingCodes add to them. */
export const DEFAULT_PENDING_CODES: readonly { sourceSystem: string; errorCode: string }[] = [
  { sourceSystem: 'CLICKS', errorCode: '0097' },
  { sourceSystem: 'SIBS', errorCode: '229' },
  { sourceSystem: 'SIBS', errorCode: '2022' },
  { sourceSystem: 'ESB', errorCode: '2018' },
  { sourceSystem: 'ESB', errorCode: '2022' },
  { sourceSystem: 'ESB', errorCode: '2023' },
  { sourceSystem: 'ESB', errorCode: '2066' },
  { sourceSystem: 'CLICKS', errorCode: 'CFM0068' },
];
