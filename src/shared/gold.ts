import type { Money } from './money';

/** The answers of /api/gold/v1/*: one shape for the server that sends them and the pages that read them. */
export interface GoldPrice {
  buyPerGram: Money;
  sellPerGram: Money;
  pricedAt: string;
  /** When the next price is published (the page refreshes then). */
  nextAt: string;
}

export type PickupStatus = 'in_progress' | 'ready_for_pickup' | 'collected';

export interface GoldPickup {
  transactionRef: string;
  providerRef: string;
  pawnBranchRef: string;
  branch: string;
  zone: string;
  grams: string;
  status: PickupStatus;
  requestedAt: string;
  arrivedAt: string | null;
  collectedAt: string | null;
  /** Ready: the last day to collect (30 days after arrival). */
  validUntil: string | null;
  /** Ready: calendar days (WIB) left to collect: 0 on the last day, negative once past it. */
  days: number | null;
}

export interface GoldSummary {
  registered: boolean;
  account: { accountNo: string; grams: string; marketValue: Money } | null;
  price: GoldPrice;
  pickups: GoldPickup[];
}

/** One day of /api/gold/v1/price-history: the last published price of that day (IDR minor units per gram). */
export interface GoldPricePoint {
  date: string;
  buyPerGram: number;
  sellPerGram: number;
}
