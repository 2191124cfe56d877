import { randomUUID } from 'node:crypto';
import { formatMoney } from '../../shared/money';
import type { Receipt } from '../../shared/flows/api';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ApprovalStatus, ApprovalSummary } from '../approvals/store';
import type { Caller, ServiceContext } from '../transactions/context';
import { txErrors } from '../transactions/errors';
import type { InquiryRow } from '../transactions/inquiry-store';
import type { Quote } from '../transactions/quote';
import type { VerificationRef, VerifyOnce } from '../transactions/verify-once';
import type { AuthenticationResponseJSON, PasskeySubject } from '../passkeys/verify-inquiry';
import { cartErrors } from './errors';
import type { CartItems } from './cart-items';

/** A cart verification lives as long as its item quotes (OTP and approval last 5 minutes of it). */
const CHECKOUT_TTL_S = 15 * 60;

export interface ItemResult {
  itemId: number;
  flowId: string;
  title: { en: string; id: string };
  status: 'success' | 'pending' | 'failed';
  receipt?: Receipt;
  error?: ApiErrorBody;
}

interface CheckoutItem {
  itemId: number;
  flowId: string;
  inquiryId: string;
}

/**
 * The cart's one verification (OTP or approval) of every item, then each item posted through the
 * engine's one posting path with its own result.
 */
export function cartCheckout(ctx: ServiceContext, once: VerifyOnce, items: CartItems) {
  const { db } = ctx;
  const { titleOf, quoteItem, itemRows, approvalSummary, list } = items;

  /**
   * Starts the one verification of the whole cart. Every item is quoted again first (an expired quote,
   * one of an earlier login, today's balances and rates), then the cart is checked as a whole: what it
   * takes from each account against the balance, and each limit category's sum against the daily
   * limit left. Any refusal names the item or account and books nothing.
   */
  async function checkout(
    caller: Caller,
    input: { method: 'otp' | 'approval' | 'passkey'; phoneId?: number },
  ) {
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
      passkey: () => ({
        purpose: 'cart',
        id: checkoutId,
        items: items.map((it, i) => ({ inquiryId: it.inquiryId, flowId: it.flowId, quote: quotes[i]! })),
      }),
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
    method: 'otp' | 'approval' | 'passkey';
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

  /** What the cart's passkey signs: its id and each item as quoted for it (read again from the inquiries). */
  async function passkeySubject(c: CheckoutRow): Promise<PasskeySubject> {
    const { rows } = await db.query<{ id: string; quote: Quote }>(
      'SELECT id, quote FROM transaction_inquiries WHERE id = ANY($1::text[])',
      [c.items.map((it) => it.inquiryId)],
    );
    const quoteOf = new Map(rows.map((r) => [r.id, r.quote]));
    return {
      purpose: 'cart',
      id: c.id,
      items: c.items.map((it) => ({
        inquiryId: it.inquiryId,
        flowId: it.flowId,
        quote: quoteOf.get(it.inquiryId) ?? {},
      })),
    };
  }

  async function resend(caller: Caller, checkoutId: string) {
    const c = await loadCheckout(caller, checkoutId);
    if (c.status !== 'waiting' || c.expired) throw cartErrors.checkoutNotFound();
    return once.resend(caller, refOf(c), () => passkeySubject(c));
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
  async function confirm(
    caller: Caller,
    input: { checkoutId: string; otp?: string; passkey?: AuthenticationResponseJSON; where?: string },
  ) {
    let c = await loadCheckout(caller, input.checkoutId);
    if (c.status === 'done') return { checkoutId: c.id, results: c.results ?? [] };
    if (c.status === 'waiting') {
      await once.verify(caller, refOf(c), {
        expired: c.expired,
        otp: input.otp,
        ...(input.passkey
          ? {
              passkey: {
                response: input.passkey,
                subject: () => passkeySubject(c),
                where: input.where ?? '',
              },
            }
          : {}),
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

  return { checkout, resend, status, confirm };
}
