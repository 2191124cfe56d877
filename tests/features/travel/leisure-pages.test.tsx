import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { promoRoutes } from '@/features/promo/routes';
import { travelRoutes } from '@/features/travel/routes';
import type { PromoDetail } from '@/shared/promo';
import type { FlightBooking, FlightOffer } from '@/shared/travel';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import { ErrorProvider } from '@/shared/ui';
import { answer, apiError, callsTo, handlers, reset } from '../auth/api-mock';
import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import enLiving from '../../../locales/en/living.json';
import idCommon from '../../../locales/id/common.json';
import idErrors from '../../../locales/id/errors.json';
import idLiving from '../../../locales/id/living.json';

const mocks = { apiPost: vi.mocked(apiPost) };

function renderAt(routes: RouteObject[], path: string, lang: Lang = 'en') {
  const i18n = initI18n(
    {
      en: { common: enCommon, errors: enErrors, living: enLiving },
      id: { common: idCommon, errors: idErrors, living: idLiving },
    },
    lang,
  );
  const router = createMemoryRouter([...routes, { path: '*', element: <p data-testid="elsewhere" /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ErrorProvider onSessionExpired={() => undefined}>
        <RouterProvider router={router} />
      </ErrorProvider>
    </I18nextProvider>,
  );
  return router;
}

const idr = (rupiah: number) => ({ amount: rupiah * 100, currency: 'IDR' });
const flight = (o: Partial<FlightOffer>): FlightOffer => ({
  offerId: 'GA402-2027-01-20-CGK-DPS',
  airline: 'GA',
  airlineName: { en: 'Garuda Indonesia', id: 'Garuda Indonesia' },
  flightNumber: 'GA 402',
  from: 'CGK',
  to: 'DPS',
  date: '2027-01-20',
  departure: '2027-01-20T14:20:00.000Z',
  arrival: '2027-01-20T16:10:00.000Z',
  departureLocal: '21:20',
  arrivalLocal: '00:10',
  arrivalDayOffset: 1,
  durationMinutes: 110,
  fare: idr(1_500_000),
  seatsLeft: 12,
  baggageKg: 20,
  service: 'full',
  ...o,
});

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/travel/v1/airports', () => ({
    airports: [
      { code: 'CGK', name: { en: 'Jakarta', id: 'Jakarta' }, city: 'Jakarta', country: 'ID' },
      { code: 'DPS', name: { en: 'Denpasar', id: 'Denpasar' }, city: 'Denpasar', country: 'ID' },
    ],
  }));
});
afterEach(cleanup);

describe('the flight search', () => {
  const path = '/searchflight/?from=CGK&to=DPS&date=2027-01-20&pax=2';

  it('lists the flights with their times (+1 the next day), the fare for the passengers, and cannot choose one sold out or short of seats', async () => {
    handlers.set('/api/travel/v1/search', () => ({
      flights: [
        flight({}),
        flight({
          offerId: 'QZ114-2027-01-20-CGK-DPS',
          flightNumber: 'QZ 114',
          seatsLeft: 0,
          arrivalDayOffset: 0,
        }),
        flight({
          offerId: 'JT378-2027-01-20-CGK-DPS',
          flightNumber: 'JT 378',
          seatsLeft: 1,
          arrivalDayOffset: 0,
        }),
      ],
    }));
    renderAt(travelRoutes, path);
    const cards = await screen.findAllByTestId('flight-offer');
    expect(callsTo('/api/travel/v1/search')).toEqual([
      { from: 'CGK', to: 'DPS', date: '2027-01-20', passengers: 2 },
    ]);
    expect(cards[0]!.textContent).toContain('21:20');
    expect(cards[0]!.textContent).toContain('00:10+1');
    expect(cards[0]!.textContent).toContain('IDR 3,000,000 for 2 passengers');
    const choose = (i: number) => within(cards[i]!).getByTestId('flight-choose') as HTMLButtonElement;
    expect([choose(0).disabled, choose(1).disabled, choose(2).disabled]).toEqual([false, true, true]);
    expect(within(cards[1]!).getByTestId('flight-sold-out').textContent).toBe('Sold out');
  });

  it('holds the chosen flight and opens its booking; a refusal (sold out meanwhile) is said in the customer’s language', async () => {
    handlers.set('/api/travel/v1/search', () => ({ flights: [flight({})] }));
    handlers.set('/api/travel/v1/hold', () => {
      throw apiError(409, 'CLICKS', 'FLIGHT_SOLD_OUT', 'Sold out', 'Habis terjual');
    });
    const router = renderAt(travelRoutes, path, 'id');
    fireEvent.click(await screen.findByTestId('flight-choose'));
    expect((await screen.findByTestId('flight-refused')).textContent).toBe('Habis terjual (pesan)');
    handlers.set('/api/travel/v1/hold', () => ({ holdId: '42', expiresAt: '', flight: flight({}) }));
    fireEvent.click(screen.getByTestId('flight-choose'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/searchflight/book/inquiry/?hold=42',
      ),
    );
    expect(callsTo('/api/travel/v1/hold').at(-1)).toEqual({
      offerId: 'GA402-2027-01-20-CGK-DPS',
      passengers: 2,
    });
  });
});

describe('my bookings', () => {
  it('shows each booking’s status, its code, and why one failed', async () => {
    const base: FlightBooking = {
      referenceNo: '2611200000000001',
      bookedAt: '2026-11-20T03:00:00.000Z',
      status: 'issued',
      bookingCode: 'T52QWU',
      airlineName: { en: 'Batik Air', id: 'Batik Air' },
      flightNumber: 'ID 724',
      itinerary: 'CGK → KNO',
      route: { en: 'Jakarta to Medan', id: 'Jakarta ke Medan' },
      departureAt: '2026-12-17T06:45:00.000Z',
      departureText: { en: 'Thu, 17 Dec 2026 13:45 (CGK)', id: 'Kam, 17 Des 2026 13:45 (CGK)' },
      arrivalText: { en: '', id: '' },
      passengerNames: 'MR BUDI SANTOSO',
      passengerCount: 1,
      total: idr(2_000_000),
      error: null,
    };
    handlers.set('/api/travel/v1/bookings', () => ({
      bookings: [
        base,
        {
          ...base,
          referenceNo: '2',
          status: 'failed',
          bookingCode: null,
          error: {
            en: 'The airline could not issue the tickets.',
            id: 'Maskapai tidak dapat menerbitkan tiket.',
          },
        },
      ],
    }));
    renderAt(travelRoutes, '/my-booking-list/', 'id');
    const cards = await screen.findAllByTestId('booking');
    expect(cards.map((c) => within(c).getByTestId('booking-status').textContent)).toEqual([
      'Terbit',
      'Gagal, dana dikembalikan',
    ]);
    expect(within(cards[0]!).getByTestId('booking-code').textContent).toBe('T52QWU');
    expect(cards[1]!.textContent).toContain('Maskapai tidak dapat menerbitkan tiket.');
    expect(cards[1]!.textContent).toContain('Total (dikembalikan)');
  });
});

describe('a promo code', () => {
  const detail = (o: Partial<PromoDetail>): PromoDetail => ({
    code: 'VOUCHER10',
    name: { en: '10% back on vouchers', id: 'Cashback 10% voucher' },
    description: { en: 'Ten per cent back.', id: 'Sepuluh persen kembali.' },
    reward: 'cashback',
    rewardText: { en: 'Cashback 10% up to IDR 25,000', id: 'Cashback 10% hingga Rp 25.000' },
    startsAt: '2026-11-15T17:00:00.000Z',
    endsAt: '2026-12-15T17:00:00.000Z',
    daysLeft: 1,
    ended: false,
    transactions: [{ en: 'Buy a voucher', id: 'Beli voucher' }],
    minAmount: idr(20_000),
    tasks: 3,
    pendingTasks: 2,
    points: 0,
    completionPoints: 2_000,
    applied: true,
    quotaExhausted: false,
    usePaths: ['/topup-voucher/inquiry/'],
    history: [],
    ...o,
  });

  it('shows the programme (last day, days left, pending tasks) and opens its transaction with the code filled in', async () => {
    handlers.set('/api/mailbox/v1/promocode/detail', () => detail({}));
    const router = renderAt(promoRoutes, '/promocode/applied/?code=VOUCHER10');
    await screen.findByTestId('promo-detail');
    expect(screen.getByTestId('promo-days-left').textContent).toBe('1 day left');
    expect(screen.getByTestId('promo-pending').textContent).toBe('2 of 3 transactions to go');
    // Ends at midnight WIB of the 16th: the 15th is its last day.
    expect(screen.getByTestId('promo-detail').textContent).toContain('Finish15 Dec 2026');
    fireEvent.click(screen.getByTestId('promo-use'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/topup-voucher/inquiry/?promoCode=VOUCHER10',
      ),
    );
  });

  it('offers no way to use it once its quota is exhausted, and says why', async () => {
    handlers.set('/api/mailbox/v1/promocode/detail', () => detail({ quotaExhausted: true }));
    renderAt(promoRoutes, '/promocode/available/?code=VOUCHER10', 'id');
    await screen.findByTestId('promo-detail');
    expect(screen.getByTestId('promo-use').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('promo-detail').textContent).toContain('Kuota promo ini sudah habis.');
  });

  it('applies a typed code, or says why not under the field', async () => {
    handlers.set('/api/mailbox/v1/promocode/list', () => ({ promos: [] }));
    handlers.set('/api/mailbox/v1/promocode/apply', () => {
      throw apiError(409, 'CLICKS', 'PROMO_QUOTA_EXHAUSTED', 'Promo quota exhausted');
    });
    const router = renderAt(promoRoutes, '/promocode/');
    await screen.findByTestId('promo-empty');
    fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('Use 3 to 15 letters and digits')).toBeTruthy();
    expect(callsTo('/api/mailbox/v1/promocode/apply')).toEqual([]);
    fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: 'flashsale' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('Promo quota exhausted (message)')).toBeTruthy();
    expect(callsTo('/api/mailbox/v1/promocode/apply')).toEqual([{ code: 'FLASHSALE' }]);
    handlers.set('/api/mailbox/v1/promocode/apply', () => detail({ code: 'TERBANG' }));
    fireEvent.click(screen.getByTestId('promo-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?code=TERBANG'));
  });
});
