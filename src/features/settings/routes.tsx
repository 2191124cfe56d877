import { Navigate, type RouteObject } from 'react-router';

const pages = async () => import('./settings-pages');
const cards = async () => import('./card-pages');

/** Settings that need no verification: mounted by the app shell inside the authenticated layout, loaded on demand. */
/** Settings whose page is a verified flow: the spec's page opens the flow's form. */
const FLOW_SETTINGS = [
  'change-email',
  'change-mobile-number',
  'change-user-id',
  'change-secure-word',
  'change-password',
  'mandatory-form',
];

export const settingsRoutes: RouteObject[] = [
  ...FLOW_SETTINGS.map((p): RouteObject => ({
    path: `/settings/${p}/`,
    element: <Navigate to={`/settings/${p}/inquiry/`} replace />,
  })),
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
    path: '/settings/cc-card-management/',
    lazy: async () => ({ Component: (await cards()).CardManagementPage }),
  },
  ...['/settings/block-and-unblock-card/', '/settings/changed-status/:typeOfAction/'].map(
    (path): RouteObject => ({
      path,
      lazy: async () => ({ Component: (await cards()).BlockAndUnblockPage }),
    }),
  ),
  // A card action no flow serves (the flows' own /settings/manage-card/<action>/ routes rank first).
  ...['inquiry', 'verify', 'receipt'].map((step): RouteObject => ({
    path: `/settings/manage-card/:typeOfAction/${step}/`,
    lazy: async () => ({ Component: (await cards()).UnknownCardActionPage }),
  })),
  {
    path: '/settings/activate-and-manage-PIN/',
    lazy: async () => ({ Component: (await cards()).ActivateAndPinPage }),
  },
  {
    path: '/settings/passkeys/',
    lazy: async () => ({ Component: (await import('./passkeys-page')).PasskeysPage }),
  },
  {
    path: '/settings/companion-devices/',
    lazy: async () => ({ Component: (await import('./companion-devices-page')).CompanionDevicesPage }),
  },
  { path: '/settings/view-cvv/', lazy: async () => ({ Component: (await cards()).ViewCvvPage }) },
  { path: '/settings/bifast-alias/', lazy: async () => ({ Component: (await cards()).BifastAliasPage }) },
  {
    path: '/settings/all-transaction-alert/',
    lazy: async () => ({ Component: (await pages()).AllTransactionAlertPage }),
  },
];
