import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';

/** The answers of /api/gold/v1/* (src/server/gold/routes.ts). */
export interface GoldPrice {
  buyPerGram: Money;
  sellPerGram: Money;
  pricedAt: string;
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
  validUntil: string | null;
  days: number | null;
}

export interface GoldSummary {
  registered: boolean;
  account: { accountNo: string; grams: string; marketValue: Money } | null;
  price: GoldPrice;
  pickups: GoldPickup[];
}

export const goldApi = {
  summary: () => apiPost<GoldSummary>('/api/gold/v1/summary', {}),
  history: (days: 30 | 90 | 180 | 365) =>
    apiPost<{ points: Array<{ date: string; buyPerGram: number; sellPerGram: number }> }>(
      '/api/gold/v1/price-history',
      {
        days,
      },
    ),
};
