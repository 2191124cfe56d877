import type { RouteObject } from 'react-router';

/**
 * Mounted by the app shell inside the authenticated layout. Each page loads when opened (a transaction
 * page does not carry the dashboard); the dashboard's HTML names its chunk (scripts/page-preloads.ts).
 */
export const dashboardRoutes: RouteObject[] = [
  {
    path: '/dashboard/',
    lazy: async () => ({ Component: (await import('./dashboard-page')).DashboardPage }),
  },
  {
    path: '/exchange-rate/',
    lazy: async () => ({ Component: (await import('./exchange-rate-page')).ExchangeRatePage }),
  },
];
