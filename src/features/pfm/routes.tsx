import type { RouteObject } from 'react-router';

/** Wealth and the financial planner: their charts (@mui/x-charts) load with these pages only. */
export const pfmRoutes: RouteObject[] = [
  {
    path: '/dashboard/wealth/',
    lazy: async () => ({ Component: (await import('./wealth-page')).WealthPage }),
  },
  { path: '/new-pfm/', lazy: async () => ({ Component: (await import('./pfm-page')).PfmPage }) },
];
