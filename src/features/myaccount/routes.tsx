import type { RouteObject } from 'react-router';

const history = async () => import('./account-history-page');
const investments = async () => import('./investment-history-page');
const statements = async () => import('./statement-pages');

/** My account's pages: mounted by the app shell inside the authenticated layout, each loaded on demand. */
export const myAccountRoutes: RouteObject[] = [
  {
    path: '/myaccount/',
    lazy: async () => ({ Component: (await import('./overview-page')).MyAccountPage }),
  },
  ...(['casa', 'rekpon', 'cc'] as const).map((kind): RouteObject => ({
    path: `/myaccount/history/${kind}/`,
    lazy: async () => {
      const { AccountHistoryPage } = await history();
      return { element: <AccountHistoryPage kind={kind} /> };
    },
  })),
  ...(
    [
      ['investment-mf', 'mutual_fund'],
      ['investment-bonds', 'bond'],
    ] as const
  ).map(([segment, kind]): RouteObject => ({
    path: `/myaccount/history/${segment}/`,
    lazy: async () => {
      const { InvestmentHistoryPage } = await investments();
      return { element: <InvestmentHistoryPage kind={kind} /> };
    },
  })),
  {
    path: '/myaccount/combined-statement/',
    lazy: async () => ({ Component: (await statements()).CombinedStatementPage }),
  },
  {
    path: '/myaccount/tax-report/',
    lazy: async () => ({ Component: (await statements()).TaxReportPage }),
  },
];
