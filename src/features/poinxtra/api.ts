import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';

export type PointKind =
  'earn' | 'bonus' | 'cashback' | 'voucher' | 'transfer-out' | 'transfer-in' | 'mileage';

export interface PointsSummary {
  points: number;
  bonusEnabled: boolean;
  /** The bonus period running today, when there is one. */
  bonusPeriod: { name: { en: string; id: string }; to: string; multiplier: number } | null;
  cashbackValue: Money;
  earnedThisYear: number;
  usedThisYear: number;
  byKind: { kind: PointKind; points: number }[];
}

export interface PointsHistory {
  total: number;
  page: number;
  pageSize: number;
  items: {
    id: number;
    at: string;
    kind: PointKind;
    points: number;
    description: { eng: string; idn: string };
    referenceNo?: string;
  }[];
}

export interface PointsCatalogue {
  cashbackPerPoint: Money;
  vouchers: { code: string; name: { en: string; id: string }; points: number }[];
  programmes: {
    code: string;
    name: { en: string; id: string };
    airline: string;
    pointsPerMile: number;
    minimumMiles: number;
  }[];
}

export const poinApi = {
  summary: (signal?: AbortSignal) => apiPost<PointsSummary>('/api/poinxtra/v1/summary', {}, { signal }),
  history: (page: number, signal?: AbortSignal) =>
    apiPost<PointsHistory>('/api/poinxtra/v1/history', { page }, { signal }),
  catalogue: (signal?: AbortSignal) => apiPost<PointsCatalogue>('/api/poinxtra/v1/catalogue', {}, { signal }),
  setBonus: (enabled: boolean) => apiPost<{ bonusEnabled: boolean }>('/api/poinxtra/v1/bonus', { enabled }),
};

export const langOf = (language: string): 'en' | 'id' => (language === 'en' ? 'en' : 'id');

/** Points as the customer reads them: 12.450 (id) / 12,450 (en). */
export const pointsText = (n: number, lang: 'en' | 'id') =>
  new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US').format(n);
