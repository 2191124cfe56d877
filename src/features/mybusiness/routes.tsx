import type { RouteObject } from 'react-router';

/** My business and its merchant report: mounted by the app shell inside the authenticated layout, loaded on demand. */
export const myBusinessRoutes: RouteObject[] = [
  { path: '/mybusiness/', lazy: async () => ({ Component: (await import('./business-page')).BusinessPage }) },
  {
    path: '/mybusiness/take-payment/',
    lazy: async () => ({ Component: (await import('./take-payment-page')).TakePaymentPage }),
  },
  {
    path: '/mybusiness/merchant-report/',
    lazy: async () => ({ Component: (await import('./report-page')).MerchantReportPage }),
  },
];
