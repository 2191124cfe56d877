import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/db';
import type { Reads } from '../db/keyed-reads';
import type { SmsGateway } from '../sms/gateway';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ChoiceSpec, FlowFile, FlowGate, GateKind } from '../../shared/flows/types';
import type {
  ChoiceSourceName,
  ExecutorName,
  LookupName,
  ServiceExecutorName,
} from '../../shared/flows/registry-names';

/*
 * The transaction core's contracts: what a domain implements for the flow engine, and what one domain
 * adds to the server (DomainPlugin). A leaf: it imports types of the infrastructure and src/shared only,
 * so a domain depends on the core and never the other way (the core meets the domains only through
 * the registry the composition root, src/server/domains.ts, hands it).
 */

/** What a look-up or choice source sees. */
export interface FlowContext {
  db: Queryable;
  customerId: number;
  flow: FlowFile;
  form: Record<string, unknown>;
  /** Given to an earlier inquiry step's look-up (one that texts a code); absent elsewhere. */
  sms?: SmsGateway;
  /** The quote's keyed reads (a batch's gathered ones); absent: each read on its own. */
  reads?: Reads;
}

export interface Choice {
  value: string;
  labelEng: string;
  labelIdn: string;
  detail?: Record<string, unknown>;
}

/** An inquiry's look-up (a flow's `inquiry.lookup`): the details shown on verify and the receipt. */
export type Lookup = (ctx: FlowContext, params: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** The options of a form field (a flow's `choices.<field>.source`). */
export type ChoiceSource = (ctx: {
  db: Queryable;
  customerId: number;
  spec: ChoiceSpec;
  /** The form field the options are for, when the list is shown to the customer. */
  field?: string;
}) => Promise<Choice[]>;

/** What the biller or operator answered; the flow engine decides which error codes mean pending. */
export type ProviderOutcome =
  { ok: true; details: Record<string, unknown> } | { ok: false; error: ApiErrorBody };

/** What a provider may read besides the booking's details: the database and the time of the call. */
export interface ProviderContext {
  db: Db;
  now: Date;
}

/** A held booking made final (paid or refused), as settlement.ts hands it to the provider's `settled`. */
export interface SettledBooking {
  journalId: number;
  customerId: number;
  flow: FlowFile;
  /** The receipt's details with what the provider answered. */
  details: Record<string, unknown>;
  outcome: ProviderOutcome;
}

/**
 * A biller or operator (or a fund manager, an issuer): `pay` is called once the booking is held;
 * `status` asks about one it answered "in progress" (or never answered), sent at `sentAt`, until its
 * answer is final. `settled` (optional) runs in the database transaction that makes the booking final,
 * after the journal's status changed (never for a booking already final): it writes the provider's
 * outcome into its domain (units allotted, proceeds credited through postEntries) and returns details
 * for the receipt.
 */
export interface Provider {
  pay(
    details: Record<string, unknown>,
    params: Record<string, unknown>,
    ctx?: ProviderContext,
  ): Promise<ProviderOutcome>;
  status(
    details: Record<string, unknown>,
    params: Record<string, unknown>,
    sentAt: Date,
    ctx?: ProviderContext,
  ): Promise<ProviderOutcome>;
  settled?(tx: Queryable, booking: SettledBooking): Promise<Record<string, unknown>>;
}

/**
 * An executor books the journal (a flow's `posting.execute`). Without `provider` the booking is final
 * at once (a transfer inside the bank); with it the money is held first (journal pending), the
 * provider is called outside the database transaction, and its answer settles the journal
 * (settlement.ts). What the money buys is recorded in the booking's transaction by the posting's
 * service executor (`posting.service`).
 */
export interface Executor {
  provider?: Provider;
  /**
   * Whether this booking waits for the provider (absent: every booking of a flow with one). A payment
   * the bank answers itself (a merchant of its own, paid by QRIS) is final at once: booked success,
   * the provider never asked.
   */
  holds?(details: Record<string, unknown>): boolean;
}

/** What a service executor sees: the customer, the flow, the checked form and the look-up's details. */
export interface ServiceRequestContext {
  customerId: number;
  flow: FlowFile;
  form: Record<string, unknown>;
  details: Record<string, unknown>;
  params: Record<string, unknown>;
}

/**
 * The executor of a flow that moves no money (a flow's `service.execute`). `check` runs at inquiry and
 * refuses early (its details join the inquiry's, shown on verify as `inquiry.<key>`); `apply` runs at
 * confirm inside the database transaction that writes the record (a journal with no entries): when it
 * throws, nothing is written and the OTP stays unused. What it returns joins the receipt's details,
 * except `secret` ({key: text}): shown once with the confirm's answer (Receipt.secret), stored nowhere.
 */
export interface ServiceExecutor {
  check?(db: Queryable, ctx: ServiceRequestContext): Promise<Record<string, unknown>>;
  apply(tx: Queryable, ctx: ServiceRequestContext & { journalId: number }): Promise<Record<string, unknown>>;
  /**
   * A request another party answers later (a fund manager at the next NAV): the record is booked
   * pending and settled as a held payment is (settlement.ts), through this provider's answers.
   */
  provider?: Provider;
}

/** What a gate checker sees. `form` is absent before the form is filled (form data, eligibility). */
export interface GateContext {
  customerId: number;
  flow: FlowFile;
  form?: Record<string, unknown>;
  now: Date;
  /** The keyed reads of this quote (one inquiry's, or a batch's gathered ones). */
  reads: Reads;
}

/** A named gate (a flow's `gates[].kind`): resolves when the customer passes, throws its apierror otherwise. */
export type GateChecker<G extends FlowGate = FlowGate> = (
  db: Queryable,
  gate: G,
  ctx: GateContext,
) => Promise<void>;

/** One checker per gate kind a flow file may name. */
export type GateCheckers = { [K in GateKind]: GateChecker<Extract<FlowGate, { kind: K }>> };

/**
 * Every named implementation the flow files may use, by name: what the domains add, put together by
 * the composition root (compose.ts checks each name is given once and every name of REGISTRY_NAMES
 * is given). The core's functions take it as a parameter or in their context; nothing holds it globally.
 */
export interface ServerRegistry {
  lookups: Record<LookupName, Lookup>;
  executors: Record<ExecutorName, Executor>;
  serviceExecutors: Record<ServiceExecutorName, ServiceExecutor>;
  choiceSources: Record<ChoiceSourceName, ChoiceSource>;
  gates: GateCheckers;
}

/** What the app hands every domain's `register`: how often its background jobs run (0: never; tests call them). */
export interface DomainOptions {
  /** How often held payments due a check are asked about (settlement.ts); 0: never (tests call it). */
  settlementIntervalMs?: number;
  /** How often due scheduled transfers and e-wallet auto top-ups are looked for; 0: never (tests call them). */
  schedulerIntervalMs?: number;
  /** How often customers' alerts are sent (alerts/plugin.ts); 0: never (tests call dispatchAlerts). */
  alertIntervalMs?: number;
}

/**
 * What one domain (one folder of src/server) adds to the server, in one object (its `domain.ts`): the
 * named implementations its flows use, and its HTTP routes with the background jobs they start. The
 * composition root lists the domains; adding one is its folder plus one line there.
 */
export interface DomainPlugin {
  /** The domain's name (its folder), as start-up errors name it. */
  name: string;
  lookups?: Partial<Record<LookupName, Lookup>>;
  executors?: Partial<Record<ExecutorName, Executor>>;
  serviceExecutors?: Partial<Record<ServiceExecutorName, ServiceExecutor>>;
  choiceSources?: Partial<Record<ChoiceSourceName, ChoiceSource>>;
  gates?: Partial<GateCheckers>;
  /**
   * Registers its routes plugin(s) on the app (with their options) and so starts its background jobs
   * (timers cleared on the app's close). Called in the composition root's order, after the app's
   * services (database, SMS and OTP, approvals hub, sessions, the registry) are decorated.
   */
  register?(app: FastifyInstance, opts: DomainOptions): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The composed registry (src/server/domains.ts), for the routes that call the transaction core. */
    registry: ServerRegistry;
  }
}
