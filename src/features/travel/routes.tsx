import type { RouteObject } from 'react-router';

/** Leisure (spec's left menu): the travel concierge, my bookings and vouchers. Paying is the engine's flows. */
export const travelRoutes: RouteObject[] = [
  {
    path: '/searchflight/',
    lazy: async () => ({ Component: (await import('./search-flight-page')).SearchFlightPage }),
  },
  {
    path: '/my-booking-list/',
    lazy: async () => ({ Component: (await import('./my-bookings-page')).MyBookingsPage }),
  },
  {
    path: '/topup-voucher/',
    lazy: async () => ({ Component: (await import('./voucher-page')).VoucherPage }),
  },
];
