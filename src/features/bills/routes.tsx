import { Navigate, type RouteObject } from 'react-router';

/**
 * The donation flows moved to the spec's /donation/inquiry|verify|receipt/ (variants ?type=donation
 * and ?type=zakat); their first paths stay as redirects, so old links and bookmarks still arrive.
 */
const movedDonations: RouteObject[] = ['donation', 'zakat'].flatMap((kind) =>
  ['', 'inquiry/', 'verify/', 'receipt/'].map((step): RouteObject => ({
    path: `/donation/${kind}/${step}`,
    element: <Navigate to={`/donation/${step || 'inquiry/'}?type=${kind}`} replace />,
  })),
);

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
  {
    path: '/payment/penerimaan-negara/option/',
    lazy: async () => {
      const { OptionPage } = await import('./option-page');
      return { element: <OptionPage base="/payment/penerimaan-negara/" titleKey="bills:penerimaanNegara" /> };
    },
  },
  {
    path: '/virtual-account/',
    lazy: async () => ({ Component: (await import('./virtual-account-page')).VirtualAccountPage }),
  },
  {
    path: '/virtual-card-number/',
    lazy: async () => ({ Component: (await import('./vcn-page')).VcnPage }),
  },
  ...movedDonations,
];
