/**
 * Every named implementation a flow file may use. ONE list for both sides: the browser engine's
 * setup() registry and the server's lookup/executor/choice-source registries are tested to implement
 * exactly these names, and `npm run flows:check` refuses a flow that names anything else.
 */
export const REGISTRY_NAMES = {
  client: {
    /** Actors a JSON machine config may invoke (src/engine/machine). */
    actors: [
      'submitInquiry',
      'submitStep',
      'otpVerification',
      'approvalVerification',
      'startVerification',
      'confirmTransaction',
    ],
    /** Guards a JSON machine config may name. */
    guards: ['methodIsOtp', 'methodIsApproval', 'hasInquiry', 'hasVerification', 'receiptIsFinal'],
    /** Actions a JSON machine config may name. */
    actions: [
      'storeForm',
      'storeStep',
      'storeInquiry',
      'storeVerification',
      'storeVerified',
      'storeReceipt',
      'storeError',
      'clearError',
      'chooseMethod',
      'resetTransaction',
      'persist',
    ],
    /** Custom RJSF widgets a uiSchema may name with ui:widget (besides RJSF's own). */
    widgets: ['choice', 'amount', 'digits'],
  },
  server: {
    /** Inquiry look-ups (POST /api/transaction/v1/inquiry): return details shown on verify and receipt. */
    lookups: ['account.own', 'account.beneficiary', 'biller.bill', 'purchase.price'],
    /** Posting executors (POST /api/transaction/v1/confirm). */
    executors: ['ledger.transfer', 'biller.pay', 'purchase.topup'],
    /** Option lists for form fields (POST /api/transaction/v1/formdata). */
    choiceSources: ['accounts', 'params', 'mobile.operators', 'mobile.denominations'],
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
