import { apiPost } from '@/shared/api/client';
import type { PromoDetail, PromoSummary } from '@/shared/promo';

export type { PromoDetail, PromoSummary, PromoTransaction, PromoText } from '@/shared/promo';

/** The promo code calls of spec section 7 (under /api/mailbox/v1/, src/server/promo/routes.ts). */
export const promoApi = {
  available: (signal?: AbortSignal) =>
    apiPost<{ promos: PromoSummary[] }>('/api/mailbox/v1/promocode/list', {}, { signal }),
  applied: (signal?: AbortSignal) =>
    apiPost<{ promos: PromoSummary[] }>('/api/mailbox/v1/promocode/history', {}, { signal }),
  detail: (code: string, signal?: AbortSignal) =>
    apiPost<PromoDetail>('/api/mailbox/v1/promocode/detail', { code }, { signal }),
  apply: (code: string) => apiPost<PromoDetail>('/api/mailbox/v1/promocode/apply', { code }),
};
