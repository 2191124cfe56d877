import { apiPost } from '@/shared/api/client';
import type { GoldSummary } from '@/shared/gold';

export type { GoldPrice, GoldPickup, GoldSummary, PickupStatus } from '@/shared/gold';

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
