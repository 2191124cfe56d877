/**
 * The gold price provider (the pawnshop partner's price feed). The bank asks it for a new price
 * at most once a minute; a real bank replaces this simulation with its adapter.
 */
import { createHash } from 'node:crypto';
import { SELL_RATIO } from './seed';

export interface GoldPrice {
  /** IDR minor units per gram: the customer buys at buy and sells at sell. */
  buy: number;
  sell: number;
}

export interface GoldPriceProvider {
  /** The price for the minute starting at `minute`, moving from the last one published. */
  priceAt(previous: GoldPrice, minute: Date): GoldPrice;
}

/** Moves at most ±0.2% a minute, the same for every server asking about the same minute. */
export const simulatedGoldProvider: GoldPriceProvider = {
  priceAt(previous, minute) {
    const h = createHash('sha256').update(minute.toISOString()).digest();
    const step = ((h.readUInt16BE(0) % 41) - 20) / 10_000; // -0.20% .. +0.20%
    const buy = Math.round((previous.buy * (1 + step)) / 100) * 100; // whole rupiah
    return { buy, sell: Math.round((buy * SELL_RATIO) / 100) * 100 };
  },
};

/**
 * How long one published price stands, and how long a customer's quote holds it: long enough to
 * verify the order by OTP or in the app after the form (the price is taken at confirm).
 */
export const PRICE_INTERVAL_MS = 60_000;
export const QUOTE_VALID_MS = 120_000;
