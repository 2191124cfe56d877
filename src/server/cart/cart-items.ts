import { createHash } from 'node:crypto';
import { secretFields } from '../../shared/flows/secret';
import { ApiError } from '../http/api-error';
import type { ApprovalSummary } from '../approvals/store';
import { approvalSummaries } from '../transactions/approval-summary';
import type { Caller, ServiceContext } from '../transactions/context';
import { publicQuote, quoteStore, type InquiryRow } from '../transactions/inquiry-store';
import type { Quote } from '../transactions/quote';
import { isFlagged } from '../transactions/fds';
import type { VerifyOnce } from '../transactions/verify-once';
import { cartErrors } from './errors';
import { hasPasskey } from '../passkeys/store';

/** How long the cart keeps an item after it was added (the customer is told when it goes). */
export const CART_ITEM_TTL_H = 24;
/** The most transactions one cart verifies at once. */
export const CART_MAX_ITEMS = 10;

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

export interface ItemRow {
  id: number;
  flow_id: string;
  form: Record<string, unknown>;
  inquiry_id: string | null;
  quote: Quote | null;
  added_at: Date | string;
  expires_at: Date | string;
  expired: boolean;
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
 * The cart's items: transactions of any flow kept on the server for the customer, each quoted as the
 * verify page's inquiry was, listed with its verify rows and the totals.
 */
export function cartItems(ctx: ServiceContext, once: VerifyOnce) {
  const { db, t } = ctx;
  const { storeQuote } = quoteStore(ctx);
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
    return {
      items,
      count: items.length,
      totals: await once.totalsOf(live),
      maxItems: CART_MAX_ITEMS,
      // The cart's verification offers the customer's passkey (where every item's flow allows it).
      passkeyEnrolled: await hasPasskey(db, caller.customerId),
    };
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

  return { titleOf, quoteItem, itemRows, approvalSummary, list, count, add, update, remove };
}

export type CartItems = ReturnType<typeof cartItems>;
