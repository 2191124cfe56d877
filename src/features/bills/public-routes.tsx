import type { RouteObject } from 'react-router';

/** Bill payment's page in the spec's login area: GoPay auto top-up (its own chunk). */
export const billsPublicRoutes: RouteObject[] = [
  {
    path: '/autotopup/gopay/',
    lazy: async () => ({ Component: (await import('./autotopup-page')).AutoTopUpPage }),
  },
];
