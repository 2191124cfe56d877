import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { directReads } from '../db/keyed-reads';
import { hasEnrolledDevice } from '../approvals/devices';
import { hasPasskey } from '../passkeys/store';
import type { InquiryResponse, PhoneOption } from '../../shared/flows/api';
import { INQUIRY_TTL_MS } from '../../shared/constants';
import type { FlowFile } from '../../shared/flows/types';
import { transactionDetail } from '../../shared/flows/detail';
import { secretFields } from '../../shared/flows/secret';
import { hashSecret } from '../auth/password';
import type { Caller, PostingContext, ServiceContext } from './context';
import { txErrors } from './errors';
import { BOOKING_COLUMNS, bookingValues, type Booking } from './ledger';
import { NO_LIMITS, quoting, type Quote } from './quote';
import { validateFormOrThrow } from './catalog';
import { providerFor } from './booking-executors';
import { checkGates } from './gates';
import { FDS_MARK, fdsRequired, isFlagged, passChallenge } from './fds';
import { earlierSteps, inquireStep } from './steps';
import { PROMO_MARK } from '../promo/quote-promo';
import { instructionOf, SCHEDULE_MARK, scheduledWhen, scheduleText } from './schedule';

/** The narrative of a scheduling record in the history, before the flow's own. */
const SCHEDULED_PREFIX = { id: 'Jadwal:', en: 'Scheduled:' };

/** An inquiry stays confirmable this long (it covers the 5-minute OTP or approval plus resends). */
export const INQUIRY_TTL_S = INQUIRY_TTL_MS / 1000;

/**
 * A look-up that prices something held for a while (a fare held for the booking) answers `heldUntil`
 * (an instant): its inquiry then expires no later, so it is never confirmable past what it was quoted on.
 */
function heldUntilOf(q: Quote): string | null {
  const v = q.details.heldUntil;
  return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null;
}

/**
 * Inquiries of flows that move no money (or whose posting has a service executor) start with this, so
 * a confirm knows, before it reads anything, to book them in a transaction with their executor (any
 * other money flow's confirm stays one statement).
 */
export const SERVICE_INQUIRY_PREFIX = 'svc-';

/** The inquiry's answer always lists the customer's OTP phones (frozen ones carry frozenUntil). */
export type InquiryAnswer = InquiryResponse & {
  phones: PhoneOption[];
  appEnrolled: boolean;
  passkeyEnrolled: boolean;
};

export interface InquiryRow {
  id: string;
  customer_id: number;
  session_id: number;
  flow_id: string;
  form: Record<string, unknown>;
  quote: Quote;
  verification_method: 'otp' | 'approval' | 'passkey' | null;
  otp_request_id: string | null;
  /** The journal that booked it (journal.inquiry_id), if any. */
  journal_id: number | null;
  expires_at: Date | string;
  expired: boolean;
}

export function publicQuote(q: Quote) {
  return {
    ...(q.amount ? { amount: q.amount } : {}),
    fees: q.fees,
    ...(q.total ? { total: q.total } : {}),
    ...(q.exchangeRate ? { exchangeRate: q.exchangeRate } : {}),
    ...(q.equivalent ? { equivalent: q.equivalent } : {}),
    ...(q.promo ? { promo: q.promo } : {}),
    details: q.details,
  };
}

/** What a receipt shows of a quote (the journal keeps it as its receipt). */
export const receiptBodyOf = (flowId: string, q: Quote) => ({ flowId, ...publicQuote(q) });

/**
 * The form as the server keeps it: each secret field (secret.ts) as its argon2id hash, so the stored
 * inquiry never holds a PIN or password in clear; an executor compares with verifySecret or stores the
 * hash itself (a new PIN's hash is the PIN's hash).
 */
async function hashedSecrets(flow: FlowFile, form: Record<string, unknown>) {
  const secrets = secretFields(flow).filter((f) => typeof form[f] === 'string');
  if (!secrets.length) return form;
  const out = { ...form };
  for (const f of secrets) out[f] = await hashSecret(form[f] as string);
  return out;
}

/** A quoted inquiry ready to store: its row of transaction_inquiries (prepareQuote, insertInquiries). */
export interface PreparedInquiry {
  id: string;
  customerId: number;
  sessionId: number | null;
  flowId: string;
  /** The form as kept (secret fields hashed). */
  form: Record<string, unknown>;
  quote: Quote;
  beneficiary: string | null;
  booking: Booking;
}

/** Stores quoted inquiries, many rows to a statement; their expiry, index for index. */
async function insertInquiries(db: Queryable, rows: readonly PreparedInquiry[]): Promise<string[]> {
  const out: string[] = [];
  // 22 parameters a row, well under PostgreSQL's 65,535 a statement.
  for (let c = 0; c < rows.length; c += INSERT_CHUNK) {
    const chunk = rows.slice(c, c + INSERT_CHUNK);
    const params: unknown[] = [];
    const values = chunk.map((r) => {
      const at = params.length;
      const p = (i: number) => `$${at + i}`;
      params.push(
        r.id,
        r.customerId,
        r.sessionId,
        r.flowId,
        JSON.stringify(r.form),
        JSON.stringify(r.quote),
        INQUIRY_TTL_S,
        r.beneficiary,
        ...bookingValues(r.booking),
        heldUntilOf(r.quote),
      );
      const expires = `least(now() + make_interval(secs => ${p(7)}), coalesce(${p(22)}::timestamptz, 'infinity'))`;
      return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, ${p(6)}::jsonb, ${expires}, ${p(8)},
               ${p(9)}, ${p(10)}, ${p(11)}, ${p(12)}, ${p(13)}, ${p(14)}, ${p(15)}::jsonb, ${p(16)}, ${p(17)}, ${p(18)}, ${p(19)}, ${p(20)}, ${p(21)})`;
    });
    const { rows: stored } = await db.query<{ id: string; expires_at: Date | string }>(
      `INSERT INTO transaction_inquiries (id, customer_id, session_id, flow_id, form, quote, expires_at, beneficiary, ${BOOKING_COLUMNS})
       VALUES ${values.join(',\n')} RETURNING id, expires_at`,
      params,
    );
    const expiry = new Map(stored.map((r) => [r.id, new Date(r.expires_at).toISOString()]));
    out.push(...chunk.map((r) => expiry.get(r.id)!));
  }
  return out;
}

const INSERT_CHUNK = 1000;

/** Quotes stored as inquiries, for a web session or (the scheduler's) none. */
export function quoteStore(ctx: PostingContext) {
  const { db, t } = ctx;
  const { quote } = quoting(ctx);
  const reads = ctx.reads ?? directReads(db);

  /**
   * Quotes a form through its flow (gates, the form's schema, the look-up, the rules, limits and
   * balance, the FDS rule) into the inquiry it would store; throws the flow's apierror.
   */
  async function prepareQuote(
    caller: { customerId: number; sessionId: number | null },
    flowId: string,
    rawForm: unknown,
    stepToken?: string,
  ): Promise<PreparedInquiry> {
    const entry = ctx.flowOrThrow(flowId);
    // Eligibility first: an ineligible customer hears why, not which field is wrong.
    const raw = rawForm && typeof rawForm === 'object' ? (rawForm as Record<string, unknown>) : {};
    await checkGates(db, ctx.registry.gates, {
      customerId: caller.customerId,
      flow: entry.flow,
      form: raw,
      reads,
    });
    const own = validateFormOrThrow(entry, rawForm, t);
    // A multi-step inquiry: the earlier steps' forms and answers, kept by the server (steps.ts).
    const prior = await earlierSteps(db, caller, entry.flow, stepToken);
    // What the earlier steps checked stands: the last step cannot change it.
    const form = prior ? { ...own, ...prior.form } : own;
    // "When to transfer" (schedule.ts): a later date or a recurrence is checked by the schedule's rules,
    // quoted without today's balance, cut-off and daily limit, and its confirm stores an instruction.
    const when = scheduledWhen(entry.flow, form);
    const quoted = await quote(caller, entry, form, prior?.answers, { scheduled: !!when });
    const checked: Quote = when
      ? {
          ...quoted,
          details: { ...quoted.details, schedule: scheduleText(entry.flow, form, t) },
          schedule: instructionOf(entry.flow, form, quoted.details, when),
        }
      : quoted;
    // Secret fields (a PIN) were checked in clear by the quote; from here on only their hash is kept.
    const kept = await hashedSecrets(entry.flow, form);
    const q = checked.form ? { ...checked, form: kept } : checked;
    // An inquiry the FDS rule flags says so in its id (verify and confirm then ask for its challenge).
    // Only a customer at the page is asked: a scheduled occurrence was verified when it was set up.
    const flagged = caller.sessionId !== null && (await fdsRequired(reads, entry.flow, q, caller.customerId));
    const fds = flagged ? FDS_MARK : '';
    // A promo code taken says so too (confirm takes its quota in the booking's transaction).
    const promo = q.promo ? PROMO_MARK : '';
    const sched = when ? SCHEDULE_MARK : '';
    const id =
      entry.flow.service || entry.flow.posting?.service
        ? `${SERVICE_INQUIRY_PREFIX}${fds}${promo}${randomUUID()}`
        : `${fds}${promo}${sched}${randomUUID()}`;
    const booking: Booking = when
      ? {
          // Scheduling moves no money: a record with no ledger entries (as a service flow's), whose
          // confirm stores the instruction; each occurrence books its own journal when it runs.
          status: 'success',
          description: [
            SCHEDULED_PREFIX.id,
            t(entry.flow.titleKey, 'id'),
            transactionDetail(entry.flow, kept, 'id'),
            '/',
            SCHEDULED_PREFIX.en,
            t(entry.flow.titleKey, 'en'),
            transactionDetail(entry.flow, kept, 'en'),
          ]
            .filter(Boolean)
            .join(' '),
          amount: 0,
          currency: q.amount?.currency ?? 'IDR',
          limitCategory: NO_LIMITS,
          limitAmount: 0,
          receipt: receiptBodyOf(flowId, q),
          legs: [],
        }
      : {
          // Answered later by its provider (a biller, a fund manager at the next NAV): held until then.
          status: providerFor(ctx.registry, entry.flow, q.details) ? 'pending' : 'success',
          // As the core bank writes its narrative, "<Indonesian> / <English>", each with its detail; the
          // journal keeps each language apart (migration 057) for the history of each page.
          description: [
            t(entry.flow.titleKey, 'id'),
            transactionDetail(entry.flow, kept, 'id'),
            '/',
            t(entry.flow.titleKey, 'en'),
            transactionDetail(entry.flow, kept, 'en'),
          ]
            .filter(Boolean)
            .join(' '),
          amount: q.amount?.amount ?? 0,
          currency: q.amount?.currency ?? 'IDR',
          limitCategory: q.limitCategory,
          limitAmount: q.limitAmount,
          receipt: receiptBodyOf(flowId, q),
          legs: q.legs,
        };
    return {
      id,
      customerId: caller.customerId,
      sessionId: caller.sessionId,
      flowId,
      form: kept,
      quote: q,
      // Scheduling pays nobody yet: the beneficiary is "paid before" once an occurrence runs.
      beneficiary: when ? null : (q.beneficiary ?? null),
      booking,
    };
  }

  /**
   * Quotes a checked form and stores it as an inquiry with what it will book (a cart re-quotes its
   * items this way; the scheduler quotes each occurrence with no session).
   */
  async function storeQuote(
    caller: { customerId: number; sessionId: number | null },
    flowId: string,
    rawForm: unknown,
    stepToken?: string,
  ): Promise<{ id: string; quote: Quote; form: Record<string, unknown>; expiresAt: string }> {
    const p = await prepareQuote(caller, flowId, rawForm, stepToken);
    const [expiresAt] = await insertInquiries(db, [p]);
    return { id: p.id, quote: p.quote, form: p.form, expiresAt: expiresAt! };
  }

  return {
    storeQuote,
    prepareQuote,
    insertInquiries: (rows: readonly PreparedInquiry[]) => insertInquiries(db, rows),
  };
}

/** Inquiries: quoted, stored with what they will book, and read back for the session that made them. */
export function inquiryStore(ctx: ServiceContext) {
  const { db } = ctx;
  const { storeQuote } = quoteStore(ctx);

  async function inquire(
    caller: Caller,
    flowId: string,
    rawForm: unknown,
    stepToken?: string,
  ): Promise<InquiryAnswer> {
    const stored = await storeQuote(caller, flowId, rawForm, stepToken);
    return {
      inquiryId: stored.id,
      flowId,
      ...publicQuote(stored.quote),
      expiresAt: stored.expiresAt,
      phones: await ctx.otp.phones(db, caller.customerId),
      appEnrolled: await hasEnrolledDevice(db, caller.customerId),
      passkeyEnrolled: await hasPasskey(db, caller.customerId),
      ...(isFlagged(stored.id) ? { fdsRequired: true } : {}),
    };
  }

  async function loadInquiry(caller: Caller, inquiryId: string): Promise<InquiryRow> {
    const { rows } = await db.query<InquiryRow>(
      `SELECT i.id, i.customer_id, i.session_id, i.flow_id, i.form, i.quote, i.verification_method, i.otp_request_id,
              i.expires_at, i.expires_at <= now() OR i.leg_accounts IS NULL AS expired, j.id AS journal_id
         FROM transaction_inquiries i LEFT JOIN journal j ON j.inquiry_id = i.id
        WHERE i.id = $1 AND i.customer_id = $2 AND i.session_id = $3`,
      [inquiryId, caller.customerId, caller.sessionId],
    );
    if (!rows[0]) throw txErrors.inquiryNotFound();
    return rows[0];
  }

  /** One earlier step of a multi-step inquiry (gates first, as the final inquiry). */
  async function inquireStepOf(
    caller: Caller,
    input: { flowId: string; step: string; form: unknown; stepToken?: string },
  ) {
    const { flow } = ctx.flowOrThrow(input.flowId);
    const raw = input.form && typeof input.form === 'object' ? (input.form as Record<string, unknown>) : {};
    await checkGates(db, ctx.registry.gates, { customerId: caller.customerId, flow, form: raw });
    return inquireStep(db, caller, flow, input, ctx.registry.lookups, ctx.sms);
  }

  /** The FDS challenge of a flagged inquiry of this session, passed. */
  async function fdsChallenge(caller: Caller, inquiryId: string) {
    const row = await loadInquiry(caller, inquiryId);
    if (row.journal_id) throw txErrors.doubleTransaction();
    if (row.expired) throw txErrors.inquiryExpired();
    return passChallenge(db, inquiryId);
  }

  return { inquire, inquireStep: inquireStepOf, fdsChallenge, storeQuote, loadInquiry };
}
