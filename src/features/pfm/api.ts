import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';

export type WealthCategory = 'casa' | 'deposits' | 'mutualFunds' | 'bonds' | 'gold' | 'creditCards' | 'loans';
export const SPEND_CATEGORIES = ['shopping', 'bills', 'topups', 'transfers', 'loans', 'other'] as const;
export type SpendCategory = (typeof SPEND_CATEGORIES)[number];

export interface Wealth {
  netWorth: Money;
  assets: Money;
  liabilities: Money;
  items: { category: WealthCategory; name: string; reference: string; original: Money; idr: Money }[];
}

export interface Spending {
  currency: 'IDR';
  months: {
    month: string;
    income: number;
    total: number;
    spending: Partial<Record<SpendCategory, number>>;
  }[];
}

export interface Forecast {
  currency: 'IDR';
  today: string;
  end: string;
  start: number;
  events: { date: string; kind: string; label: { eng: string; idn: string }; amount: number }[];
  balances: { date: string; balance: number }[];
  lowest: { date: string; balance: number };
}

export const pfmApi = {
  wealth: (signal?: AbortSignal) => apiPost<Wealth>('/api/wealth/v1/summary', {}, { signal }),
  spending: (months: number, signal?: AbortSignal) =>
    apiPost<Spending>('/api/pfm/v1/spending', { months }, { signal }),
  forecast: (signal?: AbortSignal) => apiPost<Forecast>('/api/pfm/v1/forecast', {}, { signal }),
};

/** Chart colours: the brand's red first, then calm ones that stay apart for colour-blind readers. */
export const PALETTE = ['#8B1A1A', '#1f77b4', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#7f7f7f'];
