import { randomUUID } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from '../db/db';
import type { OtpChallenge, OtpService } from '../otp/otp-service';
import type { ApiError } from '../http/api-error';
import { otpOutcomeError, type OtpOutcome } from '../otp/otp-errors';
import { formatMoney, type Money } from '../../shared/money';
import type { FlowFile, RowFormat } from '../../shared/flows/types';
import type { Fee, InquiryResponse, PhoneOption, Receipt } from '../../shared/flows/api';
import { readValue } from '../../shared/flows/values';
import { formatPlainValue } from '../../shared/flows/format-value';
import { transactionDetail } from '../../shared/flows/detail';
import { lookupLocaleKey } from '../../shared/flows/locale-key';
import type { FlowCatalog, CatalogFlow } from './catalog';
import { validateFormOrThrow } from './catalog';
import { txErrors } from './errors';
import { convert, idrValue } from './fx';
import {
  BOOKING_COLUMNS,
  bookingValues,
  internalAccount,
  postConfirmed,
  type Booking,
  type Leg,
} from './ledger';
import { limitsAndUse, type Limits } from './limits';
import { accountById, choiceSources, executors, lookups, type Choice } from './registry';
import { applyProviderAnswer } from './settlement';
import {
  approvalStatus,
  openApproval,
  resendApproval,
  type ApprovalStatus,
  type ApprovalSummary,
  type ApprovalTicket,
} from '../approvals/store';
import type { ApprovalHub } from '../approvals/hub';
import { endDeadSession, type LiveSession } from '../auth/sessions';
import { sha256Hex } from '../auth/tokens';
import { invalidToken } from '../auth/texts';

/** An inquiry stays confirmable this long (it covers the 5-minute OTP or approval plus resends). */
export const INQUIRY_TTL_S = 15 * 60;

/** What the inquiry quoted and the confirm books: kept server-side, never trusted from the client. */
export interface Quote {
  amount: Money;
  fees: Fee[];
  total: Money;
  exchangeRate?: string;
  equivalent?: Money;
  details: Record<string, unknown>;
  legs: Leg[];
  debitAccountId: number;
  debitAmount: number;
  limitCategory: string;
  limitAmount: number;
  amountField: string;
  debitField: string;
}

/** The inquiry's answer always lists the customer's OTP phones (frozen ones carry frozenUntil). */
export type InquiryAnswer = InquiryResponse & { phones: PhoneOption[] };

export type VerificationAnswer =
  { method: 'otp'; otp: OtpChallenge } | ({ method: 'approval' } & ApprovalTicket);

export interface Caller {
  customerId: number;
  sessionId: number;
}

interface InquiryRow {
  id: string;
  customer_id: number;
  session_id: number;
  flow_id: string;
  form: Record<string, unknown>;
  quote: Quote;
  verification_method: 'otp' | 'approval' | null;
  otp_request_id: string | null;
  /** The journal that booked it (journal.inquiry_id), if any. */
  journal_id: number | null;
  expires_at: Date | string;
  expired: boolean;
}

const fieldOf = (p: string) => p.replace(/^form\./, '');
const pointer = (p: string) => `/form/${fieldOf(p)}`;

function asMoney(value: unknown, fallbackCurrency: string): Money | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value))
    return { amount: value, currency: fallbackCurrency };
  if (value && typeof value === 'object') {
    const m = value as Partial<Money>;
    if (typeof m.amount === 'number' && Number.isSafeInteger(m.amount) && typeof m.currency === 'string')
      return { amount: m.amount, currency: m.currency };
  }
  return undefined;
}

/** Flow titles for the approval summary, read once from locales/<lang>/flows.json. */
function localeReader(root: string) {
  const cache = new Map<string, unknown>();
  const read = (lang: string, ns: string) => {
    const key = `${lang}/${ns}`;
    if (!cache.has(key)) {
      const file = path.join(root, 'locales', lang, `${ns}.json`);
      cache.set(key, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
    }
    return cache.get(key);
  };
  return (localeKey: string, lang: 'en' | 'id'): string => {
    const text = lookupLocaleKey((ns) => read(lang, ns), localeKey);
    return typeof text === 'string' ? text : localeKey;
  };
}

export interface TransactionServiceDeps {
  db: Db;
  otp: OtpService;
  catalog: FlowCatalog;
  hub: ApprovalHub;
}

/** The generic flow engine on the server: form data, inquiry, verification and confirm for any flow file. */
export function createTransactionService(deps: TransactionServiceDeps) {
  const { db, catalog } = deps;
  const t = localeReader(process.env.FLOWS_ROOT ?? path.resolve(import.meta.dirname, '..', '..', '..'));

  function flowOrThrow(flowId: string): CatalogFlow {
    const entry = catalog.get(flowId);
    if (!entry) throw txErrors.unknownFlow();
    return entry;
  }

  async function formData(caller: Caller, flowId: string): Promise<{ choices: Record<string, Choice[]> }> {
    const { flow } = flowOrThrow(flowId);
    const choices: Record<string, Choice[]> = {};
    for (const [field, spec] of Object.entries(flow.choices ?? {})) {
      const source = choiceSources[spec.source as keyof typeof choiceSources];
      choices[field] = source ? await source({ db, customerId: caller.customerId, spec }) : [];
    }
    return { choices };
  }

  /** Checks the debit account against the flow's choice rule for that field. */
  async function debitAccount(flow: FlowFile, form: Record<string, unknown>, customerId: number) {
    const field = fieldOf(flow.posting.debit);
    const id = Number(form[field]);
    const a = Number.isSafeInteger(id) ? await accountById(db, id) : undefined;
    const spec = flow.choices?.[field];
    if (
      !a ||
      a.customer_id !== customerId ||
      a.status !== 'active' ||
      a.product === 'internal' ||
      (spec?.products && !spec.products.includes(a.product)) ||
      (spec?.currency && spec.currency !== a.currency)
    )
      throw txErrors.accountNotAllowed(pointer(flow.posting.debit));
    return a;
  }

  async function creditAccount(
    flow: FlowFile,
    form: Record<string, unknown>,
    customerId: number,
    currency: string,
  ) {
    const credit = flow.posting.credit;
    if ('internal' in credit) return { id: await internalAccount(db, credit.internal, currency), currency };
    if ('accountId' in credit) {
      const id = Number(form[fieldOf(credit.accountId)]);
      const a = Number.isSafeInteger(id) ? await accountById(db, id) : undefined;
      if (!a || a.customer_id !== customerId || a.status !== 'active' || a.product === 'internal')
        throw txErrors.accountNotAllowed(pointer(credit.accountId));
      return { id: a.id, currency: a.currency };
    }
    const accountNo = String(form[fieldOf(credit.accountNo)] ?? '');
    const { rows } = await db.query<{ id: number; currency: string }>(
      `SELECT id, currency FROM accounts WHERE account_no = $1 AND status = 'active'
          AND customer_id IS NOT NULL AND product IN ('savings', 'current')`,
      [accountNo],
    );
    if (!rows[0]) throw txErrors.beneficiaryNotFound(pointer(credit.accountNo));
    return { id: Number(rows[0].id), currency: rows[0].currency.trim() };
  }

  /** Min, max per transaction, unused daily limit (all in IDR). */
  async function checkLimits(q: LimitQuote, customerId: number) {
    const { limits, used } = await limitsAndUse(db, customerId, q.limitCategory);
    limitsAllow(q, limits, used);
  }

  /** Throws the amount-rule error (below minimum, above maximum, over the daily limit), if any. */
  function limitsAllow(q: LimitQuote, limits: Limits, used: number): void {
    const idr = (amount: number): Money => ({ amount, currency: 'IDR' });
    if (q.limitAmount < limits.minAmount) throw txErrors.belowMinimum(q.amountField, idr(limits.minAmount));
    if (q.limitAmount > limits.maxPerTransaction)
      throw txErrors.aboveMaximum(q.amountField, idr(limits.maxPerTransaction));
    if (limits.dailyLimit !== null) {
      const unused = Math.max(0, limits.dailyLimit - used);
      if (q.limitAmount > unused) throw txErrors.dailyLimit(q.amountField, idr(unused));
    }
  }

  async function quote(caller: Caller, entry: CatalogFlow, form: Record<string, unknown>): Promise<Quote> {
    const { flow } = entry;
    const debit = await debitAccount(flow, form, caller.customerId);
    const details = flow.inquiry
      ? await lookups[flow.inquiry.lookup as keyof typeof lookups](
          { db, customerId: caller.customerId, flow, form },
          flow.inquiry.params ?? {},
        )
      : {};
    const currency = flow.amount.currency ?? debit.currency;
    const amount = asMoney(readValue({ form, inquiry: details }, flow.amount.from), currency);
    const amountField = flow.amount.from.startsWith('form.')
      ? pointer(flow.amount.from)
      : pointer(flow.posting.debit);
    if (!amount || amount.amount <= 0) throw txErrors.belowMinimum(amountField, { amount: 1, currency });
    const credit = await creditAccount(flow, form, caller.customerId, amount.currency);
    if (credit.id === debit.id)
      throw txErrors.sameAccount(
        pointer('accountId' in flow.posting.credit ? flow.posting.credit.accountId : flow.posting.debit),
      );
    const fees: Fee[] = (flow.posting.fees ?? [])
      .filter((f) => f.amount > 0)
      .map((f) => ({ kind: f.kind, amount: { amount: f.amount, currency: amount.currency } }));
    const feeSum = fees.reduce((s, f) => s + f.amount.amount, 0);
    const total: Money = { amount: amount.amount + feeSum, currency: amount.currency };

    // What leaves the source of fund, and what reaches the credit account, across currencies, at
    // the special rates of one window (the ones /exchange-rate/ shows now).
    const A = amount.currency;
    const rateAt = Date.now();
    let debitAmount = total.amount;
    let exchangeRate: string | undefined;
    let equivalent: Money | undefined;
    const legs: Leg[] = [];
    if (debit.currency !== A) {
      const c = await convert(db, total.amount, A, debit.currency, rateAt);
      if (!c) throw txErrors.currencyPair();
      debitAmount = c.amount;
      exchangeRate = c.rate;
      equivalent = { amount: c.amount, currency: debit.currency };
      legs.push(
        {
          accountId: await internalAccount(db, 'FX-POSITION', debit.currency),
          amount: debitAmount,
          currency: debit.currency,
        },
        { accountId: await internalAccount(db, 'FX-POSITION', A), amount: -total.amount, currency: A },
      );
    }
    let creditAmount = amount.amount;
    if (credit.currency !== A) {
      // The beneficiary's currency: how much of it the amount buys (rounded down).
      const unit = await convert(db, 1_000_000, credit.currency, A, rateAt);
      if (!unit) throw txErrors.currencyPair();
      creditAmount = Math.floor((amount.amount * 1_000_000) / unit.amount);
      exchangeRate ??= unit.rate;
      equivalent ??= { amount: creditAmount, currency: credit.currency };
      legs.push(
        { accountId: await internalAccount(db, 'FX-POSITION', A), amount: amount.amount, currency: A },
        {
          accountId: await internalAccount(db, 'FX-POSITION', credit.currency),
          amount: -creditAmount,
          currency: credit.currency,
        },
      );
    }
    legs.unshift({ accountId: debit.id, amount: -debitAmount, currency: debit.currency });
    legs.push({ accountId: credit.id, amount: creditAmount, currency: credit.currency });
    if (feeSum > 0)
      legs.push({ accountId: await internalAccount(db, 'FEE-INCOME', A), amount: feeSum, currency: A });

    const q: Quote = {
      amount,
      fees,
      total,
      ...(exchangeRate ? { exchangeRate } : {}),
      ...(equivalent ? { equivalent } : {}),
      details,
      legs,
      debitAccountId: debit.id,
      debitAmount,
      limitCategory: flow.posting.limitCategory,
      limitAmount: await idrValue(db, amount.amount, A),
      amountField,
      debitField: pointer(flow.posting.debit),
    };
    await checkLimits(q, caller.customerId);
    if (debit.balance - debitAmount < debit.floor) throw txErrors.insufficientBalance(amountField);
    return q;
  }

  async function inquire(caller: Caller, flowId: string, rawForm: unknown): Promise<InquiryAnswer> {
    const entry = flowOrThrow(flowId);
    const form = validateFormOrThrow(entry, rawForm);
    const q = await quote(caller, entry, form);
    const id = randomUUID();
    const booking: Booking = {
      status: executorOf(entry.flow).provider ? 'pending' : 'success',
      // As the core bank writes its narrative, "<Indonesian> / <English>", each with its detail; the
      // journal keeps each language apart (migration 057) for the history of each page.
      description: [
        t(entry.flow.titleKey, 'id'),
        transactionDetail(entry.flow, form, 'id'),
        '/',
        t(entry.flow.titleKey, 'en'),
        transactionDetail(entry.flow, form, 'en'),
      ]
        .filter(Boolean)
        .join(' '),
      amount: q.amount.amount,
      currency: q.amount.currency,
      limitCategory: q.limitCategory,
      limitAmount: q.limitAmount,
      receipt: receiptBodyOf(flowId, q),
      legs: q.legs,
    };
    const { rows } = await db.query<{ expires_at: Date | string }>(
      `INSERT INTO transaction_inquiries (id, customer_id, session_id, flow_id, form, quote, expires_at, ${BOOKING_COLUMNS})
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, now() + make_interval(secs => $7),
               $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18, $19, $20) RETURNING expires_at`,
      [
        id,
        caller.customerId,
        caller.sessionId,
        flowId,
        JSON.stringify(form),
        JSON.stringify(q),
        INQUIRY_TTL_S,
        ...bookingValues(booking),
      ],
    );
    return {
      inquiryId: id,
      flowId,
      ...publicQuote(q),
      expiresAt: new Date(rows[0]!.expires_at).toISOString(),
      phones: await deps.otp.phones(db, caller.customerId),
    };
  }

  const executorOf = (flow: FlowFile) => executors[flow.posting.execute as keyof typeof executors];

  /** What a receipt shows of a quote (the journal keeps it as its receipt). */
  const receiptBodyOf = (flowId: string, q: Quote) => ({ flowId, ...publicQuote(q) });

  function publicQuote(q: Quote) {
    return {
      amount: q.amount,
      fees: q.fees,
      total: q.total,
      ...(q.exchangeRate ? { exchangeRate: q.exchangeRate } : {}),
      ...(q.equivalent ? { equivalent: q.equivalent } : {}),
      details: q.details,
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

  /** The exact details the companion app shows: the flow's verify summary rows, resolved and in both languages. */
  async function approvalSummary(caller: Caller, row: InquiryRow, flow: FlowFile): Promise<ApprovalSummary> {
    const q = row.quote;
    const choiceCache = new Map<string, Choice[]>();
    const render = async (
      value: unknown,
      format: RowFormat | undefined,
      valuePath: string,
      lang: 'en' | 'id',
    ) => {
      if (value === undefined || value === null || value === '') return '';
      const m = asMoney(value, q.amount.currency);
      if (format === 'money' || (typeof value === 'object' && m))
        return m ? formatMoney(m, lang) : String(value);
      if (format === 'choice' && valuePath.startsWith('form.')) {
        const field = fieldOf(valuePath);
        const spec = flow.choices?.[field];
        if (spec) {
          if (!choiceCache.has(field)) {
            const src = choiceSources[spec.source as keyof typeof choiceSources];
            choiceCache.set(field, src ? await src({ db, customerId: caller.customerId, spec }) : []);
          }
          const c = choiceCache.get(field)!.find((o) => o.value === String(value));
          if (c) return lang === 'en' ? c.labelEng : c.labelIdn;
        }
        // An enum of the form schema: its ui:enumNames label, as the web shows it (never the raw value).
        const ui = flow.form.uiSchema?.[field] as { 'ui:enumNames'?: string[] } | undefined;
        const schema = catalog.get(flow.id)?.validateForm.schema as
          { properties?: Record<string, { enum?: unknown[] }> } | undefined;
        const idx = schema?.properties?.[field]?.enum?.indexOf(value) ?? -1;
        const key = idx >= 0 ? ui?.['ui:enumNames']?.[idx] : undefined;
        if (key) return t(key, lang);
      }
      return formatPlainValue(String(value), format, lang);
    };
    const rows: ApprovalSummary['rows'] = [];
    for (const r of flow.verify.summary) {
      const value = readValue(
        { form: row.form, inquiry: q.details, amount: q.amount, total: q.total, fees: q.fees },
        r.value,
      );
      const [eng, idn] = [
        await render(value, r.format, r.value, 'en'),
        await render(value, r.format, r.value, 'id'),
      ];
      if (!eng && r.optional) continue;
      rows.push({
        labelEng: t(r.labelKey, 'en'),
        labelIdn: t(r.labelKey, 'id'),
        valueEng: eng,
        valueIdn: idn,
      });
    }
    return {
      flowId: flow.id,
      title: { eng: t(flow.titleKey, 'en'), idn: t(flow.titleKey, 'id') },
      amount: q.amount,
      fees: q.fees,
      total: q.total,
      ...(q.exchangeRate ? { exchangeRate: q.exchangeRate } : {}),
      ...(q.equivalent ? { equivalent: q.equivalent } : {}),
      rows,
    };
  }

  async function startVerification(
    caller: Caller,
    input: { inquiryId: string; method: 'otp' | 'approval'; phoneId?: number },
  ): Promise<VerificationAnswer> {
    const row = await loadInquiry(caller, input.inquiryId);
    if (row.journal_id) throw txErrors.doubleTransaction();
    if (row.expired) throw txErrors.inquiryExpired();
    const { flow } = flowOrThrow(row.flow_id);
    if (!flow.verify.methods.includes(input.method)) throw txErrors.methodNotAllowed();
    // Rejected in the app means cancelled: no OTP fallback and no second request for this inquiry.
    if ((await approvalStatus(db, row.id, caller.customerId)) === 'rejected')
      throw txErrors.approvalRejected();
    if (input.method === 'otp') {
      let phoneId = input.phoneId;
      if (phoneId === undefined) {
        const phones = await deps.otp.phones(db, caller.customerId);
        if (!phones.length) throw txErrors.noPhone();
        phoneId = (phones.find((p) => !p.frozenUntil) ?? phones[0]!).phoneId;
      }
      const context = `${t(flow.titleKey, 'id')} ${formatMoney(row.quote.total, 'id')}`;
      // One commit for the code, its SMS and the inquiry's link to it.
      const otp = await db.transaction(async (tx) => {
        const challenge = await deps.otp.issue(tx, {
          customerId: caller.customerId,
          phoneId,
          purpose: 'transaction',
          context,
        });
        await tx.query(
          `UPDATE transaction_inquiries SET verification_method = 'otp', otp_request_id = $2 WHERE id = $1`,
          [row.id, challenge.requestId],
        );
        return challenge;
      });
      return { method: 'otp', otp };
    }
    const summary = await approvalSummary(caller, row, flow);
    const ticketed = await db.transaction(async (tx) => {
      const opened = await openApproval(tx, { inquiryId: row.id, customerId: caller.customerId, summary });
      await tx.query(`UPDATE transaction_inquiries SET verification_method = 'approval' WHERE id = $1`, [
        row.id,
      ]);
      return opened;
    });
    deps.hub.notify(caller.customerId, row.id);
    return { method: 'approval', ...ticketed };
  }

  async function resendVerification(caller: Caller, inquiryId: string): Promise<VerificationAnswer> {
    const row = await loadInquiry(caller, inquiryId);
    if (row.journal_id) throw txErrors.doubleTransaction();
    if (row.expired) throw txErrors.inquiryExpired();
    if (row.verification_method === 'otp' && row.otp_request_id) {
      return { method: 'otp', otp: await deps.otp.resend(db, row.otp_request_id, caller.customerId) };
    }
    if (row.verification_method === 'approval') {
      const ticketed = await resendApproval(db, inquiryId, caller.customerId);
      deps.hub.notify(caller.customerId, inquiryId);
      return { method: 'approval', ...ticketed };
    }
    throw txErrors.notVerified();
  }

  async function verificationStatus(caller: Caller, inquiryId: string): Promise<{ status: ApprovalStatus }> {
    const row = await loadInquiry(caller, inquiryId);
    const status = await approvalStatus(db, inquiryId, caller.customerId);
    if (status) return { status };
    return { status: row.expired ? 'expired' : 'waiting' };
  }

  async function receiptOf(
    journalId: number,
    via: Queryable = db,
  ): Promise<Receipt & { idempotencyKey: string }> {
    const { rows } = await via.query<{
      reference_no: string;
      status: Receipt['status'];
      details: { receipt: Omit<Receipt, 'referenceNo' | 'status' | 'createdAt'> };
      created_at: Date | string;
      idempotency_key: string;
    }>('SELECT reference_no, status, details, created_at, idempotency_key FROM journal WHERE id = $1', [
      journalId,
    ]);
    const r = rows[0]!;
    return {
      referenceNo: r.reference_no,
      status: r.status,
      ...r.details.receipt,
      createdAt: new Date(r.created_at).toISOString(),
      idempotencyKey: r.idempotency_key,
    };
  }

  const strip = ({ idempotencyKey: _k, ...receipt }: Receipt & { idempotencyKey: string }): Receipt =>
    receipt;

  /** Same key, same receipt; another key for a confirmed inquiry is a double transaction (0021). */
  async function answerForConfirmed(journalId: number, idempotencyKey: string): Promise<Receipt> {
    const r = await receiptOf(journalId);
    if (r.idempotencyKey !== idempotencyKey) throw txErrors.doubleTransaction();
    return strip(r);
  }

  /** Why an approval-verified inquiry cannot be booked (read only when the booking refused it). */
  async function approvalRefusal(caller: Caller, inquiryId: string): Promise<ApiError> {
    const status = await approvalStatus(db, inquiryId, caller.customerId);
    if (status === 'rejected') return txErrors.approvalRejected();
    if (status === 'expired') return txErrors.inquiryExpired();
    return txErrors.notVerified();
  }

  /**
   * Books a verified inquiry, once, in one call of the database's confirm_inquiry() (one round trip, one
   * commit): it checks and slides the session, and books what the inquiry stored when it was quoted,
   * under the customer's lock: concurrent confirms of one inquiry queue on that lock, and the loser
   * finds the journal already there (same key: the same receipt; another key: 0021). A rule broken at
   * this point books nothing and keeps the OTP unused, so the customer may retry; a wrong OTP's
   * attempt is kept. The code is hashed under the OTP request the client names; when that is not the
   * inquiry's current one (a new code was asked for, or an older client sent none), the answer names
   * the current one and the call is made again.
   */
  async function confirm(
    who: { token: string; browserId: string; accept: (live: LiveSession) => void },
    input: { inquiryId: string; idempotencyKey: string; otp?: string; otpRequestId?: string },
  ): Promise<Receipt> {
    const tokenHash = sha256Hex(who.token);
    let otpRequestId = input.otpRequestId ?? null;
    for (let attempt = 0; attempt < 3; attempt++) {
      let booked;
      try {
        booked = await postConfirmed<Quote>(db, {
          tokenHash,
          browserId: who.browserId,
          inquiryId: input.inquiryId,
          otpRequestId,
          codeHash:
            otpRequestId && input.otp !== undefined ? deps.otp.codeHash(otpRequestId, input.otp) : null,
          idempotencyKey: input.idempotencyKey,
        });
      } catch (err) {
        // Another inquiry of this customer was already booked with this idempotency key.
        const e = err as { code?: string; constraint?: string };
        if (e.code === '23505' && e.constraint !== 'journal_reference_no_key')
          throw txErrors.doubleTransaction();
        throw err;
      }
      if (booked.outcome === 'no_session') {
        await endDeadSession(db, who.token);
        throw invalidToken();
      }
      const { session } = booked;
      who.accept(session);
      if (booked.outcome === 'not_found') throw txErrors.inquiryNotFound();
      const { flowId, quote: q, limits } = booked.inquiry;
      switch (booked.outcome) {
        case 'ok': {
          const receiptBody = receiptBodyOf(flowId, q);
          const entry = flowOrThrow(flowId);
          const { provider } = executorOf(entry.flow);
          if (!provider)
            return {
              referenceNo: booked.referenceNo,
              status: 'success',
              ...receiptBody,
              createdAt: booked.createdAt,
            };
          // Money held (pending): the biller or operator is called now. Without an answer the journal
          // stays pending, as the spec's "in progress", and settleDuePayments asks again later.
          const outcome = await provider.pay(q.details, entry.flow.posting.params ?? {}).catch(() => null);
          if (outcome) {
            const held = { journalId: booked.journalId, receipt: receiptBody, checks: 0 };
            await applyProviderAnswer(db, entry.flow, held, outcome);
          }
          return strip(await receiptOf(booked.journalId));
        }
        case 'stale':
          otpRequestId = booked.otpRequestId;
          continue;
        case 'already':
          return answerForConfirmed(booked.journalId, input.idempotencyKey);
        case 'expired':
          throw txErrors.inquiryExpired();
        case 'not_verified':
          throw txErrors.notVerified();
        case 'otp_required':
          throw txErrors.otpRequired();
        case 'approval':
          throw await approvalRefusal(
            { customerId: session.customerId, sessionId: session.id },
            input.inquiryId,
          );
        case 'limits':
          limitsAllow(q, limits, booked.used);
          throw new Error('confirm_inquiry refused limits that allow the amount');
        case 'floor':
          throw txErrors.insufficientBalance(q.amountField);
        default:
          throw otpOutcomeError(booked.outcome.slice(4) as OtpOutcome, booked.attemptsLeft)!;
      }
    }
    throw txErrors.notVerified();
  }

  return {
    formData,
    inquire,
    startVerification,
    resendVerification,
    verificationStatus,
    confirm,
    loadInquiry,
  };
}

type LimitQuote = Pick<Quote, 'limitCategory' | 'limitAmount' | 'amountField'>;

export type TransactionService = ReturnType<typeof createTransactionService>;
