import type { RouteObject } from 'react-router';

/** The pages the role dialogs and dashboard error 95 lead to: open an account, choose the main accounts. */
export const settingsRoutes: RouteObject[] = [
  {
    path: '/settings/account-visibility/',
    lazy: async () => ({ Component: (await import('./main-accounts-page')).MainAccountsPage }),
  },
  {
    path: '/applyandinvest/saving/',
    lazy: async () => ({ Component: (await import('./open-account-page')).OpenAccountPage }),
  },
];
