import { Navigate, type RouteObject } from 'react-router';

const history = async () => import('./account-history-page');
const investments = async () => import('./investment-history-page');
const statements = async () => import('./statement-pages');
const wealth = async () => import('./wealth-pages');
const loans = async () => import('./loan-pages');
const insurance = async () => import('./insurance-pages');

const BA_VIEWS = ['detail', 'history', 'claim-history', 'beneficiary', 'fund-detail', 'aia-detail'] as const;
const SLFI_VIEWS = [
  'detail',
  'history',
  'claim-history',
  'beneficiary',
  'fund-detail',
  'other-services',
] as const;

/** My account's pages: mounted by the app shell inside the authenticated layout, each loaded on demand. */
export const myAccountRoutes: RouteObject[] = [
  // Pages that are verified flows open the flow's form (the debit card request is one form: its
  // "inquirynext" step is the same form's second half).
  ...[
    ['/myaccount/ksei-transfer/', '/myaccount/ksei-transfer/inquiry/'],
    ['/myaccount/investment-ba/policy-update/', '/myaccount/investment-ba/policy-update/inquiry/'],
    ['/myaccount/insurance-slfi/policy-update/', '/myaccount/insurance-slfi/policy-update/inquiry/'],
    ['/myaccount/debitcard/inquirynext/', '/myaccount/debitcard/inquiry/'],
  ].map(([path, to]): RouteObject => ({ path, element: <Navigate to={to!} replace /> })),
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
  {
    path: '/myaccount/portfolio/',
    lazy: async () => ({ Component: (await wealth()).PortfolioPage }),
  },
  {
    path: '/myaccount/consolidated-portfolio/',
    lazy: async () => ({ Component: (await wealth()).ConsolidatedPortfolioPage }),
  },
  {
    path: '/myaccount/investment/product-detail/',
    lazy: async () => ({ Component: (await wealth()).ProductDetailPage }),
  },
  { path: '/myaccount/octoloan/', lazy: async () => ({ Component: (await loans()).OctoloanPage }) },
  {
    path: '/myaccount/octoloan/withdrawal-history/',
    lazy: async () => ({ Component: (await loans()).WithdrawalHistoryPage }),
  },
  {
    path: '/myaccount/octoloan/withdrawal-details/',
    lazy: async () => ({ Component: (await loans()).WithdrawalDetailsPage }),
  },
  {
    path: '/installment-summary/',
    lazy: async () => ({ Component: (await loans()).InstallmentSummaryPage }),
  },
  ...(
    [
      ['ba', '/myaccount/investment-ba/', BA_VIEWS],
      ['slfi', '/myaccount/insurance-slfi/', SLFI_VIEWS],
    ] as const
  ).flatMap(([group, prefix, views]) =>
    views.map((view): RouteObject => ({
      path: `${prefix}${view}/`,
      lazy: async () => {
        const { PolicyPage } = await insurance();
        return { element: <PolicyPage group={group} view={view} /> };
      },
    })),
  ),
];
