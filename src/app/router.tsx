import type { i18n as I18n } from 'i18next';
import type { RouteObject } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { addStrings } from '@/shared/i18n/i18n';
// In the same chunk as this module (scripts/vite/chunking.ts, the `shell` group): the whole table is there at once.
import { shellChildrenFor } from './authenticated-routes';
import { declarativeRoutes } from './declarative-routes';
import { buildRoutes } from './routes';
import { lateStrings, loginPagesStrings, loginStrings } from './strings';

/**
 * The whole app's table (login area, shell, pages) for RoutesView, its areas' strings added to `i18n`;
 * the login area's pages, the login page too, wait for the login area's strings (a customer who opened
 * a signed-in page has none of them until leaving it).
 */
export function appRoutes(i18n: I18n): RouteObject[] {
  const loginArea = () => Promise.all([addStrings(i18n, loginStrings), addStrings(i18n, loginPagesStrings)]);
  return declarativeRoutes(buildRoutes(authRoutes, shellChildrenFor(i18n), loginArea, true));
}

/**
 * The app's table once the strings every signed-in page speaks are added; the first page's code is
 * asked for meanwhile (visitor-router.tsx loadAppRoutes) and its draw waits for it (declarative-routes.tsx).
 */
export async function readyAppRoutes(i18n: I18n): Promise<RouteObject[]> {
  await addStrings(i18n, lateStrings);
  return appRoutes(i18n);
}
