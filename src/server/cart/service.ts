import { createHash, randomUUID } from 'node:crypto';
import { formatMoney, type Money } from '../../shared/money';
import type { Receipt } from '../../shared/flows/api';
import { secretFields } from '../../shared/flows/secret';
import type { ApiErrorBody } from '../../shared/api-error';
import { ApiError } from '../http/api-error';
import type { ApprovalStatus, ApprovalSummary } from '../approvals/store';
import { approvalSummaries } from '../transactions/approval-summary';
import { serviceContext, type Caller, type TransactionServiceDeps } from '../transactions/context';
import { txErrors } from '../transactions/errors';
import { publicQuote, quoteStore, type InquiryRow } from '../transactions/inquiry-store';
import type { Quote } from '../transactions/quote';
import { isFlagged } from '../transactions/fds';
import { verifyOnce, type AccountTotal, type VerificationRef } from '../transactions/verify-once';
import { cartErrors } from './errors';

/** How long the cart keeps an item after it was added (the customer is told when it goes). */
export const CART_ITEM_TTL_H = 24;
/** The most transactions one cart verifies at once. */
export const CART_MAX_ITEMS = 10;
/** A cart verification lives as long as its item quotes (OTP and approval last 5 minutes of it). */
const CHECKOUT_TTL_S = 15 * 60;

export interface CartItem {
  itemId: number;
  flowId: string;
  title: { en: string; id: string };
  form: Record<string, unknown>;
  quote: ReturnType<typeof publicQuote>;
  addedAt: string;
  expiresAt: string;
  expired: boolean;
  /** The verify page's rows in both languages (the companion app shows the same). */
  rows: ApprovalSummary['rows'];
}

/** What the cart takes from one account in one currency, against what the account has. */
export type CartTotal = AccountTotal;

export interface ItemResult {
  itemId: number;
  flowId: string;
  title: { en: string; id: string };
  status: 'success' | 'pending' | 'failed';
  receipt?: Receipt;
  error?: ApiErrorBody;
}

interface ItemRow {
  id: number;
  flow_id: string;
  form: Record<string, unknown>;
  inquiry_id: string | null;
  quote: Quote | null;
  added_at: Date | string;
  expires_at: Date | string;
  expired: boolean;
}

interface CheckoutItem {
  itemId: number;
  flowId: string;
  inquiryId: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** A stable text of a form (keys sorted), so the same transaction twice is seen as one. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
const fingerprint = (flowId: string, form: Record<string, unknown>) =>
  createHash('sha256')
    .update(`${flowId}\n${canonical(form)}`)
    .digest('hex');

/**
 * The cart: transactions of any flow kept on the server for the customer, verified once (OTP or
 * approval) and then each posted through the engine's one posting path with its own result.
 */
export function createCartService(deps: TransactionServiceDeps) {
  const ctx = serviceContext(deps);
  const { db, t } = ctx;
  const { storeQuote } = quoteStore(ctx);
  const once = verifyOnce(ctx);
  const approvalSummary = approvalSummaries(ctx);

  const titleOf = (flowId: string) => {
    const key = ctx.catalog.get(flowId)?.flow.titleKey ?? flowId;
    return { en: t(key, 'en'), id: t(key, 'id') };
  };

  /** An engine refusal of one item, named in the cart's words (anything else is not the customer's). */
  async function quoteItem(caller: Caller, itemId: number, flowId: string, form: unknown) {
    if (secretFields(ctx.flowOrThrow(flowId).flow).length) throw cartErrors.notForCart();
    let stored: Awaited<ReturnType<typeof storeQuote>>;
    try {
      stored = await storeQuote(caller, flowId, form);
    } catch (err) {
      if (err instanceof ApiError) throw cartErrors.itemRefused(itemId, titleOf(flowId), err);
      throw err;
    }
    // A cart is verified as a whole with no FDS page: what the risk rule flags (now, or when quoted
    // again at checkout) is verified on its own, after its challenge.
    if (isFlagged(stored.id)) throw cartErrors.needsChallenge(itemId, titleOf(flowId));
    return stored;
  }

  async function itemRows(customerId: number): Promise<ItemRow[]> {
    const { rows } = await db.query<ItemRow>(
      `SELECT c.id, c.flow_id, c.form, c.inquiry_id, i.quote, c.added_at, c.expires_at, c.expires_at <= now() AS expired
         FROM cart_items c LEFT JOIN transaction_inquiries i ON i.id = c.inquiry_id
        WHERE c.customer_id = $1 ORDER BY c.id`,
      [customerId],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async function rowsOf(caller: Caller, r: ItemRow): Promise<ApprovalSummary['rows']> {
    const entry = ctx.catalog.get(r.flow_id);
    if (!entry || !r.quote) return [];
    const inquiry = { form: r.form, quote: r.quote } as InquiryRow;
    return (await approvalSummary(caller, inquiry, entry.flow)).rows;
  }

  async function list(caller: Caller) {
    const rows = await itemRows(caller.customerId);
    const items: CartItem[] = [];
    for (const r of rows)
      items.push({
        itemId: r.id,
        flowId: r.flow_id,
        title: titleOf(r.flow_id),
        form: r.form,
        quote: r.quote ? publicQuote(r.quote) : { fees: [], details: {} },
        addedAt: iso(r.added_at),
        expiresAt: iso(r.expires_at),
        expired: r.expired,
        rows: await rowsOf(caller, r),
      });
    const live = rows.filter((r) => !r.expired && r.quote).map((r) => r.quote!);
    return { items, count: items.length, totals: await once.totalsOf(live), maxItems: CART_MAX_ITEMS };
  }

  async function count(caller: Caller) {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cart_items WHERE customer_id = $1',
      [caller.customerId],
    );
    return { count: rows[0]!.n };
  }

  /** Adds a transaction: its form is checked and quoted as the verify page's inquiry was. */
  async function add(caller: Caller, flowId: string, form: Record<string, unknown>) {
    const entry = ctx.flowOrThrow(flowId);
    // A receipt that shows something once (a virtual card number) is verified on its own page.
    if (entry.flow.receipt.rows.some((r) => r.value.startsWith('secret.'))) throw cartErrors.notAllowed();
    const n = (await count(caller)).count;
    if (n >= CART_MAX_ITEMS) throw cartErrors.full(CART_MAX_ITEMS);
    const stored = await quoteItem(caller, 0, entry.flow.id, form);
    const fp = fingerprint(flowId, stored.form);
    try {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO cart_items (customer_id, flow_id, form, fingerprint, inquiry_id, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, now() + make_interval(hours => $6)) RETURNING id`,
        [caller.customerId, flowId, JSON.stringify(stored.form), fp, stored.id, CART_ITEM_TTL_H],
      );
      return { itemId: Number(rows[0]!.id), count: n + 1 };
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw cartErrors.duplicate();
      throw err;
    }
  }

  /** Edits an item's form (back from its flow's form): quoted again; its 24 hours start again. */
  async function update(caller: Caller, itemId: number, form: Record<string, unknown>) {
    const { rows } = await db.query<{ flow_id: string }>(
      'SELECT flow_id FROM cart_items WHERE id = $1 AND customer_id = $2',
      [itemId, caller.customerId],
    );
    if (!rows[0]) throw cartErrors.itemNotFound();
    const stored = await quoteItem(caller, itemId, rows[0].flow_id, form);
    try {
      await db.query(
        `UPDATE cart_items SET form = $3::jsonb, fingerprint = $4, inquiry_id = $5,
                expires_at = now() + make_interval(hours => $6) WHERE id = $1 AND customer_id = $2`,
        [
          itemId,
          caller.customerId,
          JSON.stringify(stored.form),
          fingerprint(rows[0].flow_id, stored.form),
          stored.id,
          CART_ITEM_TTL_H,
        ],
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw cartErrors.duplicate();
      throw err;
    }
    return { itemId };
  }

  async function remove(caller: Caller, itemId: number) {
    const { rowCount } = await db.query('DELETE FROM cart_items WHERE id = $1 AND customer_id = $2', [
      itemId,
      caller.customerId,
    ]);
    if (!rowCount) throw cartErrors.itemNotFound();
    return count(caller);
  }

  /**
   * Starts the one verification of the whole cart. Every item is quoted again first (an expired quote,
   * one of an earlier login, today's balances and rates), then the cart is checked as a whole: what it
   * takes from each account against the balance, and each limit category's sum against the daily
   * limit left. Any refusal names the item or account and books nothing.
   */
  async function checkout(caller: Caller, input: { method: 'otp' | 'approval'; phoneId?: number }) {
    const rows = await itemRows(caller.customerId);
    if (!rows.length) throw cartErrors.empty();
    const expired = rows.find((r) => r.expired);
    if (expired) throw cartErrors.itemExpired(expired.id, titleOf(expired.flow_id));
    for (const r of rows)
      if (!ctx.flowOrThrow(r.flow_id).flow.verify.methods.includes(input.method))
        throw txErrors.methodNotAllowed();
    const items: CheckoutItem[] = [];
    const quotes: Quote[] = [];
    for (const r of rows) {
      const stored = await quoteItem(caller, r.id, r.flow_id, r.form);
      await db.query('UPDATE cart_items SET inquiry_id = $2 WHERE id = $1', [r.id, stored.id]);
      items.push({ itemId: r.id, flowId: r.flow_id, inquiryId: stored.id });
      quotes.push(stored.quote);
    }
    await once.checkAffordable(caller.customerId, quotes, cartErrors);

    const checkoutId = randomUUID();
    const sums = new Map<string, number>();
    for (const q of quotes)
      if (q.total) sums.set(q.total.currency, (sums.get(q.total.currency) ?? 0) + q.total.amount);
    const totalText = (lang: 'en' | 'id') =>
      [...sums].map(([currency, amount]) => formatMoney({ amount, currency }, lang)).join(' + ');
    const verification = await once.start(caller, {
      method: input.method,
      phoneId: input.phoneId,
      otpContext: `Keranjang ${items.length} transaksi ${totalText('id')}`.trim(),
      approvalInquiryId: items[0]!.inquiryId,
      summary: () => cartSummary(caller, items, quotes, totalText),
      record: (tx, ref) => insertCheckout(tx, checkoutId, caller, items, ref),
    });
    return { checkoutId, ...verification, ...(await list(caller)) };
  }

  async function insertCheckout(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    id: string,
    caller: Caller,
    items: CheckoutItem[],
    ref: VerificationRef,
  ) {
    await tx.query(
      `INSERT INTO cart_checkouts (id, customer_id, session_id, items, method, otp_request_id, approval_inquiry_id, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, now() + make_interval(secs => $8))`,
      [
        id,
        caller.customerId,
        caller.sessionId,
        JSON.stringify(items),
        ref.method,
        ref.otpRequestId,
        ref.approvalInquiryId,
        CHECKOUT_TTL_S,
      ],
    );
  }

  /** The companion app's one request: every item, each with its verify rows, and the totals. */
  async function cartSummary(
    caller: Caller,
    items: CheckoutItem[],
    quotes: Quote[],
    totalText: (lang: 'en' | 'id') => string,
  ): Promise<ApprovalSummary> {
    const rows: ApprovalSummary['rows'] = [];
    for (const [i, it] of items.entries()) {
      const q = quotes[i]!;
      const title = titleOf(it.flowId);
      const money = q.total ?? q.amount;
      rows.push({
        labelEng: `${i + 1}. ${title.en}`,
        labelIdn: `${i + 1}. ${title.id}`,
        valueEng: money ? formatMoney(money, 'en') : '',
        valueIdn: money ? formatMoney(money, 'id') : '',
      });
      const { rows: own } = await db.query<{ form: Record<string, unknown> }>(
        'SELECT form FROM transaction_inquiries WHERE id = $1',
        [it.inquiryId],
      );
      const entry = ctx.flowOrThrow(it.flowId);
      const detail = await approvalSummary(
        caller,
        { form: own[0]!.form, quote: q } as InquiryRow,
        entry.flow,
      );
      for (const r of detail.rows)
        rows.push({ ...r, labelEng: `  ${r.labelEng}`, labelIdn: `  ${r.labelIdn}` });
    }
    rows.push({ labelEng: 'Total', labelIdn: 'Total', valueEng: totalText('en'), valueIdn: totalText('id') });
    return {
      flowId: 'cart',
      title: {
        eng: `${items.length} transactions in the cart`,
        idn: `${items.length} transaksi di keranjang`,
      },
      fees: [],
      rows,
    };
  }

  interface CheckoutRow {
    id: string;
    items: CheckoutItem[];
    method: 'otp' | 'approval';
    otp_request_id: string | null;
    approval_inquiry_id: string | null;
    status: 'waiting' | 'verified' | 'done';
    results: ItemResult[] | null;
    expired: boolean;
  }

  async function loadCheckout(caller: Caller, checkoutId: string): Promise<CheckoutRow> {
    const { rows } = await db.query<CheckoutRow>(
      `SELECT id, items, method, otp_request_id, approval_inquiry_id, status, results, expires_at <= now() AS expired
         FROM cart_checkouts WHERE id = $1 AND customer_id = $2 AND session_id = $3`,
      [checkoutId, caller.customerId, caller.sessionId],
    );
    if (!rows[0]) throw cartErrors.checkoutNotFound();
    return rows[0];
  }

  const refOf = (c: CheckoutRow): VerificationRef => ({
    method: c.method,
    otpRequestId: c.otp_request_id,
    approvalInquiryId: c.approval_inquiry_id,
  });

  async function resend(caller: Caller, checkoutId: string) {
    const c = await loadCheckout(caller, checkoutId);
    if (c.status !== 'waiting' || c.expired) throw cartErrors.checkoutNotFound();
    return once.resend(caller, refOf(c));
  }

  async function status(caller: Caller, checkoutId: string): Promise<{ status: ApprovalStatus }> {
    const c = await loadCheckout(caller, checkoutId);
    if (c.status !== 'waiting') return { status: 'approved' };
    return { status: await once.status(caller, refOf(c), c.expired) };
  }

  /**
   * Confirms the cart once: the OTP (used up) or the approval, then each item is posted on its own
   * (its own idempotency key, its own result); a refused item books nothing and leaves the others
   * booked. Posted items leave the cart; refused ones stay, to be edited or removed. Asked again, it
   * answers the same results (or finishes the postings an interrupted call left).
   */
  async function confirm(caller: Caller, input: { checkoutId: string; otp?: string }) {
    let c = await loadCheckout(caller, input.checkoutId);
    if (c.status === 'done') return { checkoutId: c.id, results: c.results ?? [] };
    if (c.status === 'waiting') {
      await once.verify(caller, refOf(c), {
        expired: c.expired,
        otp: input.otp,
        markVerified: async (tx) => {
          await tx.query(
            `UPDATE cart_checkouts SET status = 'verified' WHERE id = $1 AND status = 'waiting'`,
            [c.id],
          );
        },
      });
      c = await loadCheckout(caller, input.checkoutId);
      if (c.status === 'done') return { checkoutId: c.id, results: c.results ?? [] };
    }
    const results: ItemResult[] = [];
    await once.postEach(
      caller.customerId,
      c.items.map((it) => ({ ...it, idempotencyKey: `cart-${c.id}-${it.itemId}` })),
      async (it, outcome) => {
        results.push({ itemId: it.itemId, flowId: it.flowId, title: titleOf(it.flowId), ...outcome });
        if (outcome.receipt)
          await db.query('DELETE FROM cart_items WHERE id = $1 AND customer_id = $2 AND inquiry_id = $3', [
            it.itemId,
            caller.customerId,
            it.inquiryId,
          ]);
      },
    );
    await db.query(`UPDATE cart_checkouts SET status = 'done', results = $2::jsonb WHERE id = $1`, [
      c.id,
      JSON.stringify(results),
    ]);
    return { checkoutId: c.id, results };
  }

  return { list, count, add, update, remove, checkout, resend, status, confirm };
}

export type CartService = ReturnType<typeof createCartService>;
export type { Money };
