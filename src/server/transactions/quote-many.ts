import { gatheredReads } from '../db/keyed-reads';
import { ApiError } from '../http/api-error';
import type { PostingContext } from './context';
import { quoteStore } from './inquiry-store';
import type { Quote } from './quote';

/** One form's outcome: its stored inquiry, or the apierror its flow refused it with. */
export type ManyOutcome =
  { ok: true; inquiryId: string; quote: Quote; expiresAt: string } | { ok: false; error: ApiError };

/**
 * Quotes many forms of one customer at once (a mass transfer's rows) and stores them as inquiries:
 * each through its own flow exactly as one inquiry is quoted (storeQuote's prepareQuote: gates, the
 * form's schema, the look-up, the rules, limits and balance, the FDS rule), each refusal its own. What
 * costs is the database round trips: the reads every form makes (the source of fund, the limits, the
 * beneficiaries' accounts, what was sent to them) are gathered into one statement each
 * (keyed-reads.ts), and the inquiries are stored in one statement.
 */
export async function quoteMany(
  ctx: PostingContext,
  caller: { customerId: number; sessionId: number | null },
  forms: readonly { flowId: string; form: Record<string, unknown> }[],
): Promise<ManyOutcome[]> {
  const { prepareQuote, insertInquiries } = quoteStore({ ...ctx, reads: gatheredReads(ctx.db) });
  // All at once: each read waits for the others' keys of the same turn, not for a free connection.
  const prepared = await Promise.allSettled(forms.map((f) => prepareQuote(caller, f.flowId, f.form)));
  const unexpected = prepared.find(
    (p): p is PromiseRejectedResult => p.status === 'rejected' && !(p.reason instanceof ApiError),
  );
  if (unexpected) throw unexpected.reason;
  const good = prepared.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
  const expiry = await insertInquiries(good);
  const stored = new Map(good.map((p, i) => [p, expiry[i]!]));
  return prepared.map((p): ManyOutcome => {
    if (p.status === 'rejected') return { ok: false, error: p.reason as ApiError };
    return { ok: true, inquiryId: p.value.id, quote: p.value.quote, expiresAt: stored.get(p.value)! };
  });
}
