import { apiPost } from '@/shared/api/client';
import type { GoldPricePoint, GoldSummary } from '@/shared/gold';

export type { GoldPrice, GoldPickup, GoldPricePoint, GoldSummary, PickupStatus } from '@/shared/gold';

export const goldApi = {
  summary: () => apiPost<GoldSummary>('/api/gold/v1/summary', {}),
  history: (days: 30 | 90 | 180 | 365) =>
    apiPost<{ points: GoldPricePoint[] }>('/api/gold/v1/price-history', { days }),
};
