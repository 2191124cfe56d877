import { randomBytes } from 'node:crypto';
import type { Queryable, Db } from '../db/db';
import { ApiError } from '../http/api-error';
import type { Money } from '../../shared/money';
import type { GoldPrice, GoldPricePoint, GoldSummary, PickupStatus } from '../../shared/gold';
export type { GoldPickup, GoldPrice, GoldSummary, PickupStatus } from '../../shared/gold';
import { PRICE_INTERVAL_MS, QUOTE_VALID_MS, simulatedGoldProvider, type GoldPriceProvider } from './provider';

const DAY_MS = 86_400_000;
/** A bar waits at the branch this long after it arrives (spec sections 4 and 9). */
export const PICKUP_VALID_DAYS = 30;

/** The Jakarta (WIB) calendar day of an instant, as epoch ms of its UTC midnight. */
const jakartaDay = (d: Date) => Date.parse(new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10));
const idr = (amount: number): Money => ({ amount, currency: 'IDR' });
const gramsText = (tenThousandths: number) => (tenThousandths / 10_000).toFixed(4);

export type PublishedPrice = GoldPrice;

/**
 * Today's price: the published one, or a new one from the provider when a minute has passed.
 * One server publishes each minute's price (the row is locked); the rest read it.
 */
export async function currentGoldPrice(
  db: Db,
  now: Date,
  provider: GoldPriceProvider = simulatedGoldProvider,
): Promise<PublishedPrice> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ buy_per_gram: number; sell_per_gram: number; updated_at: Date }>(
      'SELECT buy_per_gram, sell_per_gram, updated_at FROM gold_prices WHERE id = 1 FOR UPDATE',
    );
    const row = rows[0];
    if (!row) throw new Error('gold_prices has no row (migration 003 seeds it)');
    let price = { buy: row.buy_per_gram, sell: row.sell_per_gram };
    let pricedAt = new Date(row.updated_at);
    const minute = new Date(Math.floor(now.getTime() / PRICE_INTERVAL_MS) * PRICE_INTERVAL_MS);
    if (minute.getTime() > pricedAt.getTime()) {
      price = provider.priceAt(price, minute);
      pricedAt = minute;
      await tx.query(
        'UPDATE gold_prices SET buy_per_gram = $1, sell_per_gram = $2, updated_at = $3 WHERE id = 1',
        [price.buy, price.sell, minute.toISOString()],
      );
      await tx.query(
        `INSERT INTO gold_price_history (priced_at, buy_per_gram, sell_per_gram) VALUES ($1, $2, $3)
         ON CONFLICT (priced_at) DO NOTHING`,
        [minute.toISOString(), price.buy, price.sell],
      );
    }
    return {
      buyPerGram: idr(price.buy),
      sellPerGram: idr(price.sell),
      pricedAt: pricedAt.toISOString(),
      nextAt: new Date(Math.max(pricedAt.getTime(), minute.getTime()) + PRICE_INTERVAL_MS).toISOString(),
    };
  });
}

export interface GoldQuote {
  quoteId: string;
  side: 'buy' | 'sell';
  pricePerGram: Money;
  quotedAt: string;
  expiresAt: string;
}

/** A price held for this customer for QUOTE_VALID_MS: what the buy and sell flows confirm against. */
export async function createGoldQuote(
  db: Db,
  customerId: number,
  side: 'buy' | 'sell',
  now: Date,
  provider?: GoldPriceProvider,
): Promise<GoldQuote> {
  const price = await currentGoldPrice(db, now, provider);
  const pricePerGram = side === 'buy' ? price.buyPerGram : price.sellPerGram;
  const id = randomBytes(12).toString('hex');
  const expiresAt = new Date(now.getTime() + QUOTE_VALID_MS);
  // Quotes are kept a day for disputes, then dropped (the customer's own only: one index range).
  await db.query('DELETE FROM gold_quotes WHERE customer_id = $1 AND expires_at < $2', [
    customerId,
    new Date(now.getTime() - 86_400_000).toISOString(),
  ]);
  await db.query(
    `INSERT INTO gold_quotes (id, customer_id, side, price_per_gram, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, customerId, side, pricePerGram.amount, now.toISOString(), expiresAt.toISOString()],
  );
  return { quoteId: id, side, pricePerGram, quotedAt: now.toISOString(), expiresAt: expiresAt.toISOString() };
}

export const quoteExpired = () =>
  new ApiError(409, 'GOLD', 'QUOTE_EXPIRED', {
    titleEng: 'The price has changed',
    titleIdn: 'Harga sudah berubah',
    messageEng: 'The gold price you were given is no longer valid. Check the new price and try again.',
    messageIdn: 'Harga emas yang diberikan sudah tidak berlaku. Periksa harga terbaru lalu coba lagi.',
  });

/**
 * For the gold buy and sell flows (engine): takes the customer's quote once, inside the booking's
 * transaction, and gives its price; an expired, used, foreign or wrong-side quote books nothing.
 */
export async function takeGoldQuote(
  tx: Queryable,
  quoteId: string,
  customerId: number,
  side: 'buy' | 'sell',
  now: Date,
): Promise<Money> {
  const { rows } = await tx.query<{ price_per_gram: number }>(
    `UPDATE gold_quotes SET used_at = $5
      WHERE id = $1 AND customer_id = $2 AND side = $3 AND used_at IS NULL AND expires_at > $4
      RETURNING price_per_gram`,
    [quoteId, customerId, side, now.toISOString(), now.toISOString()],
  );
  if (!rows[0]) throw quoteExpired();
  return idr(rows[0].price_per_gram);
}

export async function goldSummary(db: Db, customerId: number, now: Date): Promise<GoldSummary> {
  const price = await currentGoldPrice(db, now);
  const [account, pickups] = await Promise.all([
    db.query<{ account_no: string; balance: number }>(
      `SELECT account_no, balance FROM accounts WHERE customer_id = $1 AND product = 'gold' AND status = 'active'
        ORDER BY id LIMIT 1`,
      [customerId],
    ),
    db.query<{
      transaction_ref: string;
      provider_ref: string;
      pawn_branch_ref: string;
      branch: string;
      zone: string;
      grams: number;
      status: PickupStatus;
      requested_at: Date;
      arrived_at: Date | null;
      collected_at: Date | null;
    }>(
      `SELECT transaction_ref, provider_ref, pawn_branch_ref, branch, zone, grams, status, requested_at, arrived_at, collected_at
         FROM gold_pickups WHERE customer_id = $1 ORDER BY requested_at DESC, id DESC`,
      [customerId],
    ),
  ]);
  const a = account.rows[0];
  return {
    registered: !!a,
    account: a
      ? {
          accountNo: a.account_no,
          grams: gramsText(a.balance),
          // Valued at what the customer would get selling now, rounded half up to the sen.
          marketValue: idr(Math.round((a.balance * price.sellPerGram.amount) / 10_000)),
        }
      : null,
    price,
    pickups: pickups.rows.map((p) => {
      const arrived = p.arrived_at ? new Date(p.arrived_at) : null;
      const validUntil =
        arrived && p.status === 'ready_for_pickup'
          ? new Date(arrived.getTime() + PICKUP_VALID_DAYS * DAY_MS)
          : null;
      return {
        transactionRef: p.transaction_ref,
        providerRef: p.provider_ref,
        pawnBranchRef: p.pawn_branch_ref,
        branch: p.branch,
        zone: p.zone,
        grams: gramsText(p.grams),
        status: p.status,
        requestedAt: new Date(p.requested_at).toISOString(),
        arrivedAt: arrived?.toISOString() ?? null,
        collectedAt: p.collected_at ? new Date(p.collected_at).toISOString() : null,
        validUntil: validUntil?.toISOString() ?? null,
        days: validUntil ? (jakartaDay(validUntil) - jakartaDay(now)) / DAY_MS : null,
      };
    }),
  };
}

/** The last price of each day over `days` days, oldest first (the chart). */
export async function goldPriceHistory(db: Db, days: number, now: Date): Promise<GoldPricePoint[]> {
  const { rows } = await db.query<{ day: string; buy_per_gram: number; sell_per_gram: number }>(
    `SELECT DISTINCT ON (day) day, buy_per_gram, sell_per_gram FROM (
       SELECT to_char(priced_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS day, priced_at, buy_per_gram, sell_per_gram
         FROM gold_price_history WHERE priced_at > $1 AND priced_at <= $2) h
      ORDER BY day, priced_at DESC`,
    [new Date(now.getTime() - days * DAY_MS).toISOString(), now.toISOString()],
  );
  return rows.map((r) => ({ date: r.day, buyPerGram: r.buy_per_gram, sellPerGram: r.sell_per_gram }));
}
