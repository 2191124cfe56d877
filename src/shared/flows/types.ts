import type { FeeKind, FlowRule } from './rule-types';

export type { FeeKind };

/**
 * Types of a flow file (flows/<area>/<name>.json). Pure data: no React, no Node, shared by the
 * browser engine and the server. The meta-schema is schemas/flow.schema.json; keep both in step.
 */

/** A dotted path into the transaction's data: "form.amount", "inquiry.customerName", "amount", "fees.admin", "total". */
export type ValuePath = string;

/** A locale key with its namespace, e.g. "flows:payment.bpjs.title". */
export type LocaleKey = string;

export type VerificationMethod = 'otp' | 'approval' | 'passkey';
export type ReceiptAction = 'pdf' | 'share' | 'favourite' | 'new';
export type RowFormat =
  | 'text'
  | 'money'
  | 'choice'
  | 'date'
  | 'datetime'
  | 'account'
  | 'phone'
  | 'rate'
  /** A quantity with every decimal it is written with (and its unit): gold's "0.3020 g". */
  | 'decimal'
  /** true/false (or "true"/"false") as Ya/Tidak, Yes/No. */
  | 'yesno'
  /** Digits in groups of four: an electricity token, a voucher serial, a virtual card number. */
  | 'token'
  /** A code shown exactly as it is (a SWIFT code, a booking code). */
  | 'code';

export interface FlowMenu {
  labelKey: LocaleKey;
  order: number;
  /** A Material icon name the shell may show (e.g. "SwapHoriz"). */
  icon?: string;
  descriptionKey?: LocaleKey;
  /** The page the entry opens instead of the form: a spec page choosing between sibling flows. */
  path?: string;
}

export interface FlowForm {
  /** Path of the form's JSON Schema under schemas/, e.g. "forms/payment/bpjs.json". */
  schema: string;
  /** RJSF uiSchema. Strings of ui:title, ui:description, ui:help, ui:placeholder, ui:enumNames and
   * the values of ui:errors are locale keys, translated at render time (the schema itself is never rewritten). */
  uiSchema?: Record<string, unknown>;
}

/** Where a form field's options come from (a named server choice source). */
export interface ChoiceSpec {
  source: string;
  /** accounts: which products, which currency. */
  products?: string[];
  currency?: string;
  /**
   * accounts: a goal's own savings account (My goals) is offered and taken too. Default: not, its money
   * is kept for the goal (an own-account transfer takes it out, or tops it up).
   */
  goals?: boolean;
  /** accounts: which statuses are offered (default only active; a card unblock offers blocked ones). */
  statuses?: ('active' | 'blocked')[];
  /** Only options whose detail[filterKey] equals the value of this form field (e.g. denominations of the chosen operator). */
  dependsOn?: string;
  filterKey?: string;
  /** Options differ from the value of this other field (e.g. the credit account is not the debit account). */
  excludeField?: string;
  /** Chosen for the customer from this other field's value: the one option whose detail[prefixKey] lists a
   * prefix of it (e.g. the operator of a mobile number); the customer can still choose another. */
  inferFrom?: string;
  prefixKey?: string;
  /** Fields filled from the chosen option's detail.form when it is chosen (an edit form starting from
   * the goal it edits); the customer may change them after. */
  fills?: string[];
  params?: Record<string, unknown>;
  /** list / providers: which list (lists/<name>.json, or a provider category) and which entries. */
  list?: string;
  where?: Record<string, unknown>;
  /** inquiry: the options an earlier inquiry step answered, e.g. "inquiry.product.options". */
  from?: ValuePath;
  /** Type-to-search (an autocomplete) whatever the number of options; long lists search anyway. */
  search?: boolean;
}

/** The provider a flow pays: fixed (`code`) or chosen by the customer (`from`: a form field). */
export interface ProviderRef {
  /** A provider category, providers/<category>.json. */
  category: string;
  code?: string;
  from?: ValuePath;
}

/**
 * An eligibility gate (docs/flow-engine-v2.md section 7): each kind is one named checker of the
 * server's gate registry (src/server/transactions/gates.ts), refused with its spec dialog's apierror.
 */
export type FlowGate =
  /** A savings or current account (SIBS MBM2001: the open-account dialog). */
  | { kind: 'casa' }
  /** A valid (not expired) risk profile; with `product` (a value path of a product code) also one
   * that allows that product (or its signed additional-risk statement). */
  | { kind: 'riskProfile'; product?: ValuePath }
  /** An investor id (SID) and securities account: for bonds (the default) KSEI 04, the securities
   * custody dialog; for funds WMS 0904, the investment account dialog. */
  | { kind: 'investorId'; for?: 'fund' | 'bond' }
  /** At least one holding of this kind of investment (to redeem, switch or sell): CLICKS 0092 for
   * funds, CLICKS 1513 for bonds (spec section 8's investment and custody dialogs). */
  | { kind: 'holding'; of: 'mutual_fund' | 'bond' }
  /** The customer's age in whole years from the date of birth, within min..max. */
  | { kind: 'age'; min?: number; max?: number }
  /** An active account or card of this product (credit_card, time_deposit, loan, ...); with
   * `held: false`, none (one may be opened only once: gold saving). */
  | { kind: 'productHeld'; product: string; held?: boolean }
  /** A new beneficiary's first transfers capped (rules/new-beneficiary.json): `account` (and `bank`)
   * are the form's value paths that name the beneficiary. */
  | { kind: 'newBeneficiary'; account: ValuePath; bank?: ValuePath };

export type GateKind = FlowGate['kind'];

/**
 * One earlier step of a multi-step inquiry (docs/flow-engine-v2.md section 6): its own form and
 * look-up; the answer is `inquiry.<id>.<key>` and may feed a later step's choices
 * (`{ "source": "inquiry", "from": "inquiry.<id>.options" }`). The flow's own `form` is the last step.
 */
export interface InquiryStep {
  id: string;
  /** Path under the flow's route, e.g. "inquiry/step-1/". */
  path: string;
  titleKey?: LocaleKey;
  form: FlowForm;
  /** A named server look-up (REGISTRY_NAMES.server.lookups), e.g. "provider.options". */
  lookup: string;
  params?: Record<string, unknown>;
  /**
   * Fields of the later forms this step's answer sets (its `<field>` of the same name): the page fills
   * them in (a hidden field driving the form's if/then: an amount typed only when the code has none)
   * and the server keeps the answer's value, whatever the later form sends.
   */
  fills?: string[];
}

export interface InquirySpec {
  /** A named server lookup (bill look-up, beneficiary name, denomination price). */
  lookup: string;
  params?: Record<string, unknown>;
  /** Earlier steps, in order, before the flow's own form (POST /api/transaction/v1/inquiry/step). */
  steps?: InquiryStep[];
  /** With steps: the path of the flow's own form, the last step (default "inquiry/step-<N+1>/"). */
  path?: string;
  /** With steps: the title of the last step's page. */
  titleKey?: LocaleKey;
  /** With steps: what the earlier steps answered, shown above the last form (whom the customer pays). */
  summary?: SummaryRow[];
}

export interface AmountSpec {
  /** "form.amount" (integer minor units typed by the customer) or "inquiry.billAmount" (from the look-up). */
  from: ValuePath;
  /** ISO 4217; absent means the currency of the debited account. */
  currency?: string;
  /** What the amount is called on verify and receipt ("Harga" for a purchase); absent: "Nominal". */
  labelKey?: LocaleKey;
}

export type CreditSpec =
  | { internal: string }
  | { accountId: ValuePath }
  | { accountNo: ValuePath }
  /** The settlement account of the flow's provider. */
  | { provider: 'settlementAccount' };

export interface FeeRule {
  kind: FeeKind;
  /** Integer minor units of the transaction currency, or of `currency` when given. */
  amount: number;
  /** A fee charged in another currency (a correspondent's USD), converted at the quote's rate. */
  currency?: string;
}

export interface PendingCode {
  sourceSystem: string;
  errorCode: string;
}

export interface PostingSpec {
  /** Value path of the debited account id, normally "form.sourceOfFund". */
  debit: ValuePath;
  credit: CreditSpec;
  fees?: FeeRule[];
  limitCategory: string;
  /** A named server executor: "ledger.transfer", "biller.pay", ... */
  execute: string;
  params?: Record<string, unknown>;
  /** Error codes that mean "in progress" (spec section 8) on top of the engine's defaults. */
  pendingCodes?: PendingCode[];
  /** A service executor run with the booking, in its database transaction: what the money buys is
   * recorded in its domain (an insurance policy); its details join the receipt. */
  service?: ServiceSpec;
}

/**
 * A flow that moves no money (card block, ARO start/stop, a credential change): verified and confirmed
 * like any flow, recorded as a journal with no ledger entries, with a receipt. The executor changes its
 * domain's state in the same database transaction as that record.
 */
export interface ServiceSpec {
  /** A server service executor (REGISTRY_NAMES.server.serviceExecutors). */
  execute: string;
  params?: Record<string, unknown>;
}

/**
 * A promo code field: checked at inquiry (the programme, its period and quota, the flow, not a credit
 * card as source of fund), its reward booked with the transaction, its quota taken at confirm.
 */
export interface PromoSpec {
  /** The form field (an optional string) the customer types the code in. */
  field: string;
}

/**
 * "When to transfer" (docs/flow-engine-v2.md section 10e): the form field whose schema is the shared
 * fragment schemas/forms/shared/when.json. Now posts as usual; a date or a recurrence is verified the
 * same way and then stored as an instruction (src/server/schedules) instead of posting, and the
 * scheduler posts each occurrence through the same path as a confirm.
 */
export interface ScheduleSpec {
  /** The form field holding the "when" object ({ kind: "now" | "date" | "recurring", ... }). */
  field: string;
  /** Transfers cleared only on business days (SKN, RTGS): a weekend or bank holiday runs the next one. */
  businessDaysOnly?: boolean;
  /** Form fields holding a live quote (a special rate's id): kept out of the instruction, so each
   * occurrence is quoted at the rate of the day it runs. */
  requote?: string[];
  /** A sentence said with the schedule on verify and the receipt (e.g. which rate a later run takes). */
  noteKey?: LocaleKey;
}

/**
 * A message to the customer's mailbox when a flow that moves no money is done (card blocked, limit
 * raised), written in the same database transaction. Its texts are locale keys whose `{{name}}`
 * placeholders are filled from `values` (and `{{referenceNo}}`), each written in that language.
 */
export interface NotifySpec {
  subjectKey: LocaleKey;
  bodyKey: LocaleKey;
  values?: Record<string, { value: ValuePath; format?: RowFormat }>;
  /** A route of the product where the customer can act on it. */
  link?: string;
}

export interface SummaryRow {
  labelKey: LocaleKey;
  value: ValuePath;
  format?: RowFormat;
  /** Leave the row out when the value is empty. */
  optional?: boolean;
}

export interface VerifySpec {
  /** Allowed methods; the first is the default. */
  methods: VerificationMethod[];
  summary: SummaryRow[];
}

export interface ReceiptSpec {
  rows: SummaryRow[];
  actions: ReceiptAction[];
}

/** What a machine state shows, and at which path under the flow's route. */
export interface StepMeta {
  /** "inquiry" (the form), "verify", "receipt", "form" (an extra form step), "notice"; in the
   * default machine also "step" (an earlier step of a multi-step inquiry) and "fds" (the FDS challenge). */
  view: 'inquiry' | 'verify' | 'receipt' | 'form' | 'notice' | 'step' | 'fds';
  /** Path segment(s) under the flow's route, e.g. "inquiry/", "inquiry/step-2/". */
  path: string;
  form?: FlowForm;
  titleKey?: LocaleKey;
  bodyKey?: LocaleKey;
  /** view "step": the id of the inquiry step (flow.inquiry.steps[].id). */
  step?: string;
}

/** A JSON XState config; every actor, guard and action named in it must be in the engine's registry. */
export interface MachineStateConfig {
  meta?: StepMeta;
  type?: 'final';
  initial?: string;
  entry?: string | string[];
  exit?: string | string[];
  on?: Record<string, TransitionConfig | TransitionConfig[] | string>;
  always?: TransitionConfig | TransitionConfig[] | string;
  invoke?: InvokeConfig;
  states?: Record<string, MachineStateConfig>;
  tags?: string[];
}

export interface TransitionConfig {
  target?: string;
  guard?: string;
  actions?: string | string[];
}

export interface InvokeConfig {
  src: string;
  id?: string;
  onDone?: TransitionConfig | TransitionConfig[] | string;
  onError?: TransitionConfig | TransitionConfig[] | string;
}

export interface MachineSpec {
  initial: string;
  states: Record<string, MachineStateConfig>;
}

export interface FlowFile {
  $schema?: string;
  id: string;
  area: string;
  /** Base route with a trailing slash: "/payment/bpjs/". Steps are joined under it ("inquiry/"). */
  route: string;
  /** When several flows share a route (the transfer types on /transfer/), each has a variant: ?type=<variant>. */
  variant?: string;
  /**
   * The route's parameters (":mf" of "/applyandinvest/mutualfund/:mf/subscription/") and the choice
   * field each fills: the form starts with the URL's value, every step's URL carries the form's.
   */
  routeParams?: Record<string, string>;
  titleKey: LocaleKey;
  menu?: FlowMenu;
  /** "casa": only customers with a savings or current account (others see the credit-card-only pop-up). */
  requires?: 'casa' | 'mainCard';
  /** Eligibility gates, checked on the server (form data, inquiry, eligibility) and before the form. */
  gates?: FlowGate[];
  /** FDS challenge before verify: "always", or "risk" (rules/fds.json decides at inquiry). */
  fds?: 'always' | 'risk';
  /** A money flow that takes a promo code (src/server/promo): the optional form field holding it. */
  promo?: PromoSpec;
  /** "When to transfer" (now, a date, recurring): the form field holding it; a future one is scheduled. */
  schedule?: ScheduleSpec;
  form: FlowForm;
  choices?: Record<string, ChoiceSpec>;
  provider?: ProviderRef;
  /** Fees, min/max, limit category and cut-off by the transaction's values (rules.ts). */
  rules?: FlowRule[];
  inquiry?: InquirySpec;
  /** A flow that moves money has `amount` and `posting`; one that moves none has `service` instead. */
  amount?: AmountSpec;
  posting?: PostingSpec;
  service?: ServiceSpec;
  /** A flow that moves no money may tell the customer in the mailbox once it is done. */
  notify?: NotifySpec;
  verify: VerifySpec;
  receipt: ReceiptSpec;
  /** null: the default inquiry -> verify -> receipt machine. */
  machine: MachineSpec | null;
}

/** A flow as loaded: the file, where it came from and its form schemas resolved. */
export interface LoadedFlow {
  flow: FlowFile;
  /** Path relative to the flows folder, e.g. "payment/bpjs.json". */
  file: string;
  /** Form schemas by their path under schemas/ (the main form and any extra step's). */
  schemas: Record<string, Record<string, unknown>>;
}

/** One thing wrong in a flow file, for an analyst to read. */
export interface FlowProblem {
  /** File relative to the project, e.g. "flows/payment/bpjs.json". */
  file: string;
  /** JSON path inside the file, e.g. "$.verify.summary[2].labelKey". */
  path: string;
  message: string;
}
