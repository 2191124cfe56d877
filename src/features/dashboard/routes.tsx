import type { RouteObject } from 'react-router';
import { DashboardPage } from './dashboard-page';
import { ExchangeRatePage } from './exchange-rate-page';

/** Mounted by the app shell inside the authenticated layout. */
export const dashboardRoutes: RouteObject[] = [
  { path: '/dashboard/', element: <DashboardPage /> },
  { path: '/exchange-rate/', element: <ExchangeRatePage /> },
];
