import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { limitsAndUse } from '../transactions/limits';
import type { LimitCategory, LimitChannel, LimitView } from '../../shared/settings';

const rp = (n: number) => n * 100;

export type { LimitCategory, LimitChannel, LimitView } from '../../shared/settings';
export const CHANNELS: LimitChannel[] = ['internet', 'mobile'];
/** Categories a customer sets (own-account transfers have no limit to set). */
export const CATEGORIES = ['transfer', 'payment', 'purchase'] as const satisfies readonly LimitCategory[];

/** The bank's ceiling per category: no customer limit goes above it (IDR minor units). */
export const BANK_MAX: Record<LimitCategory, { maxPerTransaction: number; dailyLimit: number }> = {
  transfer: { maxPerTransaction: rp(500_000_000), dailyLimit: rp(1_000_000_000) },
  payment: { maxPerTransaction: rp(200_000_000), dailyLimit: rp(500_000_000) },
  purchase: { maxPerTransaction: rp(50_000_000), dailyLimit: rp(100_000_000) },
};

/**
 * A raise takes effect this long after it is verified. Someone who has taken over a session and a phone
 * could otherwise raise the limit and empty the account in the same minute; a day gives the customer the
 * alert of the raise (SMS and e-mail) and time to cancel it, while a lowering, which only protects, applies
 * at once.
 */
export const COOLING_OFF_HOURS = 24;

const limitError = (code: string, field: string, eng: string, idn: string, status = 422) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    {
      titleEng: 'Limit not changed',
      titleIdn: 'Limit tidak diubah',
      messageEng: eng,
      messageIdn: idn,
    },
    { [field]: { eng, idn } },
  );

/** Applies every verified raise whose cooling-off has ended (idempotent; any server may run it). */
export async function applyDueRaises(db: Queryable, customerId: number, nowIso: string): Promise<number> {
  const { rows } = await db.query<{
    id: number;
    category: string;
    channel: string;
    max_per_transaction: number;
    daily_limit: number;
  }>(
    `UPDATE limit_raise_requests SET status = 'applied', closed_at = $2::timestamptz
      WHERE customer_id = $1 AND status = 'cooling_off' AND effective_at <= $2::timestamptz
      RETURNING id, category, channel, max_per_transaction, daily_limit`,
    [customerId, nowIso],
  );
  for (const r of rows)
    await writeLimit(
      db,
      customerId,
      r.category as LimitCategory,
      r.channel as LimitChannel,
      Number(r.max_per_transaction),
      Number(r.daily_limit),
    );
  return rows.length;
}

/**
 * Applies every customer's due raises (the settings plugin runs it every minute), each customer's in one
 * transaction: a raise takes effect when its cooling-off ends, whether or not the customer opens the
 * limits page again. Returns how many were applied.
 */
export async function applyAllDueRaises(db: Db, nowIso: string): Promise<number> {
  const { rows } = await db.query<{ customer_id: string | number }>(
    `SELECT DISTINCT customer_id FROM limit_raise_requests WHERE status = 'cooling_off' AND effective_at <= $1::timestamptz`,
    [nowIso],
  );
  let n = 0;
  for (const r of rows) n += await db.transaction((tx) => applyDueRaises(tx, Number(r.customer_id), nowIso));
  return n;
}

async function writeLimit(
  db: Queryable,
  customerId: number,
  category: LimitCategory,
  channel: LimitChannel,
  maxPerTransaction: number,
  dailyLimit: number,
): Promise<void> {
  if (channel === 'internet') {
    // The engine's own row, which every confirm checks: a change applies to the next transaction.
    const { limits } = await limitsAndUse(db, customerId, category);
    await db.query(
      `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (customer_id, category) DO UPDATE SET max_per_transaction = $4, daily_limit = $5`,
      [customerId, category, limits.minAmount, maxPerTransaction, dailyLimit],
    );
  } else {
    await db.query(
      `INSERT INTO channel_limits (customer_id, category, channel, max_per_transaction, daily_limit)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (customer_id, category, channel) DO UPDATE SET max_per_transaction = $4, daily_limit = $5`,
      [customerId, category, channel, maxPerTransaction, dailyLimit],
    );
  }
}

/** Every limit per category and channel, today's use on internet banking, and any raise under way. */
export async function limitViews(db: Queryable, customerId: number, nowIso: string): Promise<LimitView[]> {
  await applyDueRaises(db, customerId, nowIso);
  const [channelRows, pendingRows] = await Promise.all([
    db.query<{ category: string; channel: string; max_per_transaction: number; daily_limit: number }>(
      'SELECT category, channel, max_per_transaction, daily_limit FROM channel_limits WHERE customer_id = $1',
      [customerId],
    ),
    db.query<{
      id: number;
      category: string;
      channel: string;
      status: 'awaiting_verification' | 'cooling_off';
      max_per_transaction: number;
      daily_limit: number;
      requested_at: Date | string;
      effective_at: Date | string | null;
    }>(
      `SELECT id, category, channel, status, max_per_transaction, daily_limit, requested_at, effective_at
         FROM limit_raise_requests WHERE customer_id = $1 AND status IN ('awaiting_verification', 'cooling_off')`,
      [customerId],
    ),
  ]);
  const out: LimitView[] = [];
  for (const category of CATEGORIES) {
    const { limits, used } = await limitsAndUse(db, customerId, category);
    for (const channel of CHANNELS) {
      const own = channelRows.rows.find((r) => r.category === category && r.channel === channel);
      // A channel without its own row shares internet banking's limits.
      const maxPerTransaction = own ? Number(own.max_per_transaction) : limits.maxPerTransaction;
      const dailyLimit = own ? Number(own.daily_limit) : (limits.dailyLimit ?? BANK_MAX[category].dailyLimit);
      const p = pendingRows.rows.find((r) => r.category === category && r.channel === channel);
      out.push({
        category,
        channel,
        minAmount: limits.minAmount,
        maxPerTransaction,
        dailyLimit,
        usedToday: channel === 'internet' ? Number(used) : null,
        bankMax: BANK_MAX[category],
        pending: p
          ? {
              id: Number(p.id),
              status: p.status,
              maxPerTransaction: Number(p.max_per_transaction),
              dailyLimit: Number(p.daily_limit),
              requestedAt: new Date(p.requested_at).toISOString(),
              effectiveAt: p.effective_at ? new Date(p.effective_at).toISOString() : null,
            }
          : null,
      });
    }
  }
  return out;
}

export type ChangeOutcome =
  | { outcome: 'applied'; limit: LimitView }
  | { outcome: 'verificationNeeded'; limit: LimitView; coolingOffHours: number };

/**
 * A customer's change of one limit. Lower (or equal) on both values: applied at once, and any raise of
 * the same limit still under way is cancelled (the customer has just said they want less). Higher on
 * either: a raise request that needs verification, then waits COOLING_OFF_HOURS. Above the bank's
 * ceiling, below the category's minimum, or a per-transaction limit above the daily: refused, nothing changed.
 */
export async function changeLimit(
  db: Queryable,
  customerId: number,
  req: { category: LimitCategory; channel: LimitChannel; maxPerTransaction: number; dailyLimit: number },
  nowIso: string,
): Promise<ChangeOutcome> {
  const views = await limitViews(db, customerId, nowIso);
  const current = views.find((v) => v.category === req.category && v.channel === req.channel)!;
  const max = BANK_MAX[req.category];
  if (req.maxPerTransaction > max.maxPerTransaction)
    throw limitError(
      'LIMIT_ABOVE_MAXIMUM',
      '/maxPerTransaction',
      `The bank's maximum per transaction is IDR ${(max.maxPerTransaction / 100).toLocaleString('en-US')}.`,
      `Maksimum per transaksi dari bank adalah Rp ${(max.maxPerTransaction / 100).toLocaleString('id-ID')}.`,
    );
  if (req.dailyLimit > max.dailyLimit)
    throw limitError(
      'LIMIT_ABOVE_MAXIMUM',
      '/dailyLimit',
      `The bank's maximum a day is IDR ${(max.dailyLimit / 100).toLocaleString('en-US')}.`,
      `Maksimum per hari dari bank adalah Rp ${(max.dailyLimit / 100).toLocaleString('id-ID')}.`,
    );
  if (req.maxPerTransaction < current.minAmount)
    throw limitError(
      'LIMIT_BELOW_MINIMUM',
      '/maxPerTransaction',
      `The limit cannot be below the minimum transaction of IDR ${(current.minAmount / 100).toLocaleString('en-US')}.`,
      `Limit tidak boleh di bawah transaksi minimum Rp ${(current.minAmount / 100).toLocaleString('id-ID')}.`,
    );
  if (req.maxPerTransaction > req.dailyLimit)
    throw limitError(
      'LIMIT_PER_TRANSACTION_ABOVE_DAILY',
      '/maxPerTransaction',
      'The limit per transaction cannot be above the daily limit.',
      'Limit per transaksi tidak boleh melebihi limit harian.',
    );
  const raise = req.maxPerTransaction > current.maxPerTransaction || req.dailyLimit > current.dailyLimit;
  await db.query(
    `UPDATE limit_raise_requests SET status = 'cancelled', closed_at = $4::timestamptz
      WHERE customer_id = $1 AND category = $2 AND channel = $3 AND status IN ('awaiting_verification', 'cooling_off')`,
    [customerId, req.category, req.channel, nowIso],
  );
  if (!raise) {
    await writeLimit(db, customerId, req.category, req.channel, req.maxPerTransaction, req.dailyLimit);
    const after = (await limitViews(db, customerId, nowIso)).find(
      (v) => v.category === req.category && v.channel === req.channel,
    )!;
    return { outcome: 'applied', limit: after };
  }
  await db.query(
    `INSERT INTO limit_raise_requests (customer_id, category, channel, max_per_transaction, daily_limit, status, requested_at)
     VALUES ($1, $2, $3, $4, $5, 'awaiting_verification', $6::timestamptz)`,
    [customerId, req.category, req.channel, req.maxPerTransaction, req.dailyLimit, nowIso],
  );
  const after = (await limitViews(db, customerId, nowIso)).find(
    (v) => v.category === req.category && v.channel === req.channel,
  )!;
  return { outcome: 'verificationNeeded', limit: after, coolingOffHours: COOLING_OFF_HOURS };
}

/**
 * A raise verified (OTP or approval): it starts its cooling-off. Called by the verification step once the
 * engine runs limit raises as a flow; false when there is no such request awaiting verification.
 */
export async function verifyRaise(
  db: Queryable,
  customerId: number,
  requestId: number,
  nowIso: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE limit_raise_requests
        SET status = 'cooling_off', verified_at = $3::timestamptz,
            effective_at = $3::timestamptz + make_interval(hours => $4)
      WHERE id = $2 AND customer_id = $1 AND status = 'awaiting_verification' RETURNING id`,
    [customerId, requestId, nowIso, COOLING_OFF_HOURS],
  );
  return rows.length > 0;
}

/** The customer cancels a raise under way (before it applies); false when there is none to cancel. */
export async function cancelRaise(
  db: Queryable,
  customerId: number,
  requestId: number,
  nowIso: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE limit_raise_requests SET status = 'cancelled', closed_at = $3::timestamptz
      WHERE id = $2 AND customer_id = $1 AND status IN ('awaiting_verification', 'cooling_off') RETURNING id`,
    [customerId, requestId, nowIso],
  );
  return rows.length > 0;
}
