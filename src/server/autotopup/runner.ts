import type { Db, Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import type { FlowCatalog } from '../transactions/catalog';
import type { ServerRegistry } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { serviceContext } from '../transactions/context';
import { quoteStore } from '../transactions/inquiry-store';
import { posting } from '../transactions/post-quoted';

/** The flow every top-up books through: an ordinary e-wallet top-up (fees, limits, history). */
export const TOPUP_FLOW = 'purchase.ewallet';
/** How long one app server holds a link while it checks it. */
export const LINK_LEASE_S = 60;
/** After a refused top-up (no funds, a limit, the e-wallet refused) the link waits this long. */
export const RETRY_AFTER_S = 3600;

interface LinkRow {
  id: number;
  customer_id: number;
  provider: string;
  phone_number: string;
  source_account_id: number;
  threshold: number;
  topup_amount: number;
  wallet_balance: number;
  retry_after: Date | string | null;
}
interface TopupRow {
  id: number;
  seq: number;
  journal_id: number | null;
  amount: number;
}

export type CheckOutcome = 'busy' | 'enough' | 'waiting' | 'success' | 'pending' | 'failed';

const keyOf = (linkId: number, seq: number) => `autotopup-${linkId}-${seq}`;

/**
 * Auto top-up of linked e-wallets. One check of a link, on any app server (the scheduler and the
 * e-wallet's balance report both call it): it leases the link, settles a top-up still in flight, and
 * when the balance is below the threshold books one more top-up of the link's amount through the
 * e-wallet top-up flow (quoted with today's rules and fees, posted under the customer's lock, the
 * e-wallet paid, as the scheduled transfers are: pre-verified by the linking). The top-up row is written
 * before the booking under its idempotency key "autotopup-<link>-<n>", so a server that dies mid-way
 * leaves a row the next check finishes (the same key books once). Paid, the e-wallet's balance rises;
 * refused, nothing is booked and the link waits RETRY_AFTER_S before trying again.
 */
export function autoTopUpRunner(db: Db, catalog: FlowCatalog, registry: ServerRegistry) {
  const ctx = serviceContext({ db, catalog, registry });
  const { storeQuote } = quoteStore(ctx);
  const { postQuoted } = posting(ctx);

  async function journalOf(customerId: number, key: string) {
    const { rows } = await db.query<{
      id: number;
      status: 'success' | 'pending' | 'failed';
      details: unknown;
    }>('SELECT id, status, details FROM journal WHERE customer_id = $1 AND idempotency_key = $2', [
      customerId,
      key,
    ]);
    return rows[0];
  }

  /** Books the top-up of a row not booked yet (or finds the booking a lost run made). */
  async function book(link: LinkRow, t: TopupRow): Promise<{ journalId: number } | { error: ApiErrorBody }> {
    const key = keyOf(link.id, t.seq);
    const found = await journalOf(link.customer_id, key);
    if (found) return { journalId: Number(found.id) };
    try {
      const { id } = await storeQuote({ customerId: link.customer_id, sessionId: null }, TOPUP_FLOW, {
        sourceOfFund: String(link.source_account_id),
        company: link.provider,
        phoneNumber: link.phone_number,
        amount: Number(t.amount),
      });
      const r = await postQuoted({ customerId: link.customer_id, inquiryId: id, idempotencyKey: key });
      if (r.outcome === 'refused') return { error: r.error.toPayload().apierror };
      return { journalId: r.journalId };
    } catch (err) {
      if (err instanceof ApiError) return { error: err.toPayload().apierror };
      throw err;
    }
  }

  /** Records a top-up's outcome, and the balance it adds once paid, in one transaction. */
  async function settle(link: LinkRow, t: TopupRow, journalId: number | null, error?: ApiErrorBody) {
    const status = journalId
      ? (
          await db.query<{ status: string; details: { receipt?: { error?: unknown } } }>(
            'SELECT status, details FROM journal WHERE id = $1',
            [journalId],
          )
        ).rows[0]!
      : undefined;
    const outcome: CheckOutcome = !status ? 'failed' : (status.status as CheckOutcome);
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE ewallet_topups SET journal_id = $2, status = $3, error = $4::jsonb WHERE id = $1 AND status = 'pending'`,
        [t.id, journalId, outcome, JSON.stringify(error ?? status?.details.receipt?.error ?? null)],
      );
      if (outcome === 'success')
        await tx.query(
          `UPDATE ewallet_links SET wallet_balance = wallet_balance + $2, retry_after = NULL WHERE id = $1`,
          [link.id, t.amount],
        );
      if (outcome === 'failed')
        await tx.query(
          `UPDATE ewallet_links SET retry_after = now() + make_interval(secs => $2) WHERE id = $1`,
          [link.id, RETRY_AFTER_S],
        );
    });
    return outcome;
  }

  async function check(linkId: number): Promise<CheckOutcome> {
    const { rows } = await db.query<LinkRow>(
      `UPDATE ewallet_links SET lease_until = now() + make_interval(secs => $2)
        WHERE id = $1 AND status = 'active' AND (lease_until IS NULL OR lease_until < now())
        RETURNING id, customer_id, provider, phone_number, source_account_id, threshold, topup_amount,
                  wallet_balance, retry_after`,
      [linkId, LINK_LEASE_S],
    );
    const link = rows[0];
    if (!link) return 'busy';
    try {
      return await checkLeased({ ...link, id: Number(link.id) });
    } finally {
      await db.query('UPDATE ewallet_links SET lease_until = NULL WHERE id = $1', [linkId]);
    }
  }

  async function checkLeased(link: LinkRow): Promise<CheckOutcome> {
    // A top-up in flight first: booked (or lost before booking), its outcome known or not yet.
    const open = await db.query<TopupRow>(
      `SELECT id, seq, journal_id, amount FROM ewallet_topups WHERE link_id = $1 AND status = 'pending' ORDER BY seq LIMIT 1`,
      [link.id],
    );
    const t0 = open.rows[0];
    if (t0) {
      const booked = t0.journal_id ? { journalId: Number(t0.journal_id) } : await book(link, t0);
      const outcome =
        'error' in booked
          ? await settle(link, t0, null, booked.error)
          : await settle(link, t0, booked.journalId);
      if (outcome !== 'success') return outcome;
      const again = await db.query<{ wallet_balance: number }>(
        'SELECT wallet_balance FROM ewallet_links WHERE id = $1',
        [link.id],
      );
      link = { ...link, wallet_balance: again.rows[0]!.wallet_balance, retry_after: null };
    }
    if (Number(link.wallet_balance) >= Number(link.threshold)) return t0 ? 'success' : 'enough';
    if (link.retry_after && new Date(link.retry_after).getTime() > Date.now()) return 'waiting';
    const { rows } = await db.query<TopupRow>(
      `INSERT INTO ewallet_topups (link_id, seq, amount, balance_before, status)
       SELECT $1, COALESCE(max(seq), 0) + 1, $2, $3, 'pending' FROM ewallet_topups WHERE link_id = $1
       RETURNING id, seq, journal_id, amount`,
      [link.id, link.topup_amount, link.wallet_balance],
    );
    const t = rows[0]!;
    const booked = await book(link, t);
    return 'error' in booked ? settle(link, t, null, booked.error) : settle(link, t, booked.journalId);
  }

  /** Every link due a check: below its threshold (and not waiting after a refusal), or with a top-up in flight. */
  async function runDue(limit = 50): Promise<Record<CheckOutcome, number>> {
    const { rows } = await db.query<{ id: number }>(
      `SELECT l.id FROM ewallet_links l
        WHERE l.status = 'active' AND (l.lease_until IS NULL OR l.lease_until < now())
          AND ((l.wallet_balance < l.threshold AND (l.retry_after IS NULL OR l.retry_after < now()))
               OR EXISTS (SELECT 1 FROM ewallet_topups t WHERE t.link_id = l.id AND t.status = 'pending'))
        ORDER BY l.id LIMIT $1`,
      [limit],
    );
    const counts: Record<CheckOutcome, number> = {
      busy: 0,
      enough: 0,
      waiting: 0,
      success: 0,
      pending: 0,
      failed: 0,
    };
    for (const r of rows) counts[await check(Number(r.id))]++;
    return counts;
  }

  return { check, runDue };
}

/** The customer's link of that id, for their own calls (another customer's is as absent as none). */
export async function ownLink(db: Queryable, customerId: number, id: number) {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM ewallet_links WHERE id = $1 AND customer_id = $2 AND status = 'active'`,
    [id, customerId],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}
