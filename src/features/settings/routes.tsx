import type { RouteObject } from 'react-router';

/** Where dashboard error 95 leads: choosing the main accounts (open an account is the invest feature's /applyandinvest/saving/). */
export const settingsRoutes: RouteObject[] = [
  {
    path: '/settings/account-visibility/',
    lazy: async () => ({ Component: (await import('./main-accounts-page')).MainAccountsPage }),
  },
];
