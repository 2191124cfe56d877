import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';
import type { BilingualText, FlightBooking, FlightOffer, VoucherPurchase } from '@/shared/travel';

export type { BilingualText, FlightBooking, FlightOffer, VoucherPurchase } from '@/shared/travel';

export interface Airport {
  code: string;
  name: BilingualText;
  city: string;
  country: string;
}
export type VoucherKind = 'game' | 'streaming' | 'shopping';
export interface VoucherBrand {
  code: string;
  name: BilingualText;
  kind: VoucherKind;
  from: Money;
}

/** The travel concierge's and the vouchers' calls (src/server/travel, src/server/vouchers). */
export const travelApi = {
  airports: (signal?: AbortSignal) =>
    apiPost<{ airports: Airport[] }>('/api/travel/v1/airports', {}, { signal }),
  search: (q: { from: string; to: string; date: string; passengers: number }, signal?: AbortSignal) =>
    apiPost<{ flights: FlightOffer[] }>('/api/travel/v1/search', q, { signal }),
  hold: (offerId: string, passengers: number) =>
    apiPost<{ holdId: string; expiresAt: string; flight: FlightOffer }>('/api/travel/v1/hold', {
      offerId,
      passengers,
    }),
  bookings: (signal?: AbortSignal) =>
    apiPost<{ bookings: FlightBooking[] }>('/api/travel/v1/bookings', {}, { signal }),
  voucherCatalogue: (signal?: AbortSignal) =>
    apiPost<{ brands: VoucherBrand[] }>('/api/voucher/v1/catalogue', {}, { signal }),
  voucherPurchases: (signal?: AbortSignal) =>
    apiPost<{ purchases: VoucherPurchase[] }>('/api/voucher/v1/purchases', {}, { signal }),
};

export type Lang = 'en' | 'id';
export const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');
export const pick = (t: BilingualText, lang: Lang) => (lang === 'en' ? t.en : t.id);
