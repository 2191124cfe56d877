import type { RouteObject } from 'react-router';

/** Bill payment's own pages (the flows themselves are data): mounted by the app shell, loaded on demand. */
export const billsRoutes: RouteObject[] = [
  {
    path: '/payment/one-time-payment/',
    lazy: async () => ({ Component: (await import('./one-time-payment-page')).OneTimePaymentPage }),
  },
  {
    path: '/donation/zakat-calculator/',
    lazy: async () => ({ Component: (await import('./zakat-calculator-page')).ZakatCalculatorPage }),
  },
];
