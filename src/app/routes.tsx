import { useCallback } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { ErrorProvider } from '@/shared/ui/error-provider';
import { useStableNavigate } from './declarative-routes';
import { NotFoundPage } from './pages/not-found-page';
import { PageErrorBoundary } from './pages/route-error-page';
import { RequireSession, RootRedirect } from './session/require-session';
import { logout } from './session/logout';
import { PUBLIC_PATHS } from './public-paths';
import { billsPublicRoutes } from '@/features/bills/public-routes';
import { servedBy } from './served-paths';

// Everything the login page does not render loads with its route (own chunks), so /login/ carries
// no shell, menu, chooser or placeholder code (nor the MUI components only they use).
const placeholderPage = () => import('./pages/placeholder-page');

/** Route id under the authenticated layout: the shell's pages (own chunk). */
export const SHELL_ROUTE_ID = 'shell';
export const NOT_FOUND_ROUTE_ID = 'not-found';
export const PLACEHOLDER_ROUTE_PREFIX = 'placeholder:';

/** Spec paths nobody serves yet (not by `served`'s routes, or what `served` says), as "not available yet" routes. */
export function placeholders(
  paths: readonly string[],
  served: RouteObject[] | ((path: string) => boolean),
  visitor: boolean,
): RouteObject[] {
  const isServed = typeof served === 'function' ? served : servedBy(served);
  return paths
    .filter((p) => !isServed(p))
    .map((path) => ({
      id: `${PLACEHOLDER_ROUTE_PREFIX}${path}`,
      path,
      lazy: async () => {
        const { PlaceholderPage } = await placeholderPage();
        return { element: <PlaceholderPage visitor={visitor} /> };
      },
    }));
}

/**
 * Makes every `lazy` route (and its children) also wait for `ready` (e.g. the strings its page needs);
 * with `eager`, a page given as an element too (it then loads as a lazy one would).
 */
export function withReady(
  routes: RouteObject[],
  ready?: () => Promise<unknown>,
  eager = false,
): RouteObject[] {
  if (!ready) return routes;
  return routes.map((route): RouteObject => {
    const load = route.lazy;
    const { element, ...rest } = route;
    const waits = eager && typeof load !== 'function' && element !== undefined && element !== null;
    return {
      ...(waits ? rest : route),
      ...(typeof load === 'function' ? { lazy: async () => (await Promise.all([load(), ready()]))[0] } : {}),
      ...(waits ? { lazy: async () => (await ready(), { element }) } : {}),
      ...(route.children ? { children: withReady(route.children, ready, eager) } : {}),
    } as RouteObject;
  });
}

/**
 * The login area plus placeholders for its spec paths the auth feature does not serve; its lazy
 * pages (with `eager`, every page) wait for `ready` (the app passes the login area's strings).
 */
export function publicRoutes(
  authRoutes: RouteObject[],
  ready?: () => Promise<unknown>,
  eager = false,
): RouteObject[] {
  const served = [...authRoutes, ...billsPublicRoutes];
  return withReady([...served, ...placeholders(PUBLIC_PATHS, served, true)], ready, eager);
}

/** The root route of the login area's table and the whole app's: the one error dialog of the page, then the page. */
export function AppRoot() {
  const navigate = useStableNavigate();
  // Stable callbacks: the error handler every page holds would otherwise change at each navigation
  // and re-run whatever effect depends on it (the shell asked for the customer again each time).
  const go = useCallback((p: string) => navigate(p), [navigate]);
  const expired = useCallback(
    () => void logout('expired', { navigate: (p) => navigate(p, { replace: true }) }),
    [navigate],
  );
  return (
    <ErrorProvider navigate={go} onSessionExpired={expired}>
      <Outlet />
    </ErrorProvider>
  );
}

/**
 * The whole table: the login area, the authenticated shell and its pages, the 404. A failing page shows
 * RouteErrorView in the shell (its pages' boundary) or in place of the whole page (RoutesView's).
 */
export function buildRoutes(
  authRoutes: RouteObject[],
  shellChildren: RouteObject[] = [],
  publicReady?: () => Promise<unknown>,
  /** The login area's eager pages (the login page) wait for `publicReady` too. */
  publicEager = false,
): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <AppRoot />,
      children: [
        { index: true, element: <RootRedirect /> },
        ...publicRoutes(authRoutes, publicReady, publicEager),
        {
          id: 'shell-layout',
          lazy: async () => {
            const { ShellLayout } = await import('./shell/shell-layout');
            return {
              element: (
                <RequireSession>
                  <ShellLayout />
                </RequireSession>
              ),
            };
          },
          children: [{ id: SHELL_ROUTE_ID, element: <PageErrorBoundary />, children: shellChildren }],
        },
        { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
