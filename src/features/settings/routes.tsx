import type { RouteObject } from 'react-router';

const pages = async () => import('./settings-pages');

/** Settings that need no verification: mounted by the app shell inside the authenticated layout, loaded on demand. */
export const settingsRoutes: RouteObject[] = [
  { path: '/settings/', lazy: async () => ({ Component: (await pages()).SettingsHubPage }) },
  {
    path: '/settings/personal-information/',
    lazy: async () => ({ Component: (await pages()).PersonalInformationPage }),
  },
  {
    path: '/settings/account-visibility/',
    lazy: async () => ({ Component: (await pages()).AccountVisibilityPage }),
  },
  {
    path: '/settings/transaction-limit/',
    lazy: async () => ({ Component: (await pages()).TransactionLimitPage }),
  },
  {
    path: '/settings/transaction-alert/',
    lazy: async () => ({ Component: (await pages()).TransactionAlertPage }),
  },
  {
    path: '/settings/all-transaction-alert/',
    lazy: async () => ({ Component: (await pages()).AllTransactionAlertPage }),
  },
];
