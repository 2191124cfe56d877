import { useCallback } from 'react';
import { Outlet, useNavigate, type RouteObject } from 'react-router';
import { ErrorProvider } from '@/shared/ui/error-provider';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RequireSession, RootRedirect } from './session/require-session';
import { logout } from './session/logout';
import { PUBLIC_PATHS } from './public-paths';
import { billsPublicRoutes } from '@/features/bills/public-routes';
import { servedBy } from './served-paths';

// Everything the login page does not render loads with its route (own chunks), so /login/ carries
// no shell, menu, chooser or placeholder code (nor the MUI components only they use).
const placeholderPage = () => import('./pages/placeholder-page');

/** Route id under the authenticated layout; its children are patched in on first navigation (own chunk). */
export const SHELL_ROUTE_ID = 'shell';
export const NOT_FOUND_ROUTE_ID = 'not-found';
export const PLACEHOLDER_ROUTE_PREFIX = 'placeholder:';

/** Spec paths nobody serves yet, as "not available yet" routes. */
export function placeholders(
  paths: readonly string[],
  served: RouteObject[],
  visitor: boolean,
): RouteObject[] {
  const isServed = servedBy(served);
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

/** Makes every `lazy` route (and its children) also wait for `ready` (e.g. the strings its page needs). */
export function withReady(routes: RouteObject[], ready?: () => Promise<unknown>): RouteObject[] {
  if (!ready) return routes;
  return routes.map((route): RouteObject => {
    const load = route.lazy;
    return {
      ...route,
      ...(typeof load === 'function' ? { lazy: async () => (await Promise.all([load(), ready()]))[0] } : {}),
      ...(route.children ? { children: withReady(route.children, ready) } : {}),
    } as RouteObject;
  });
}

/**
 * The login area plus placeholders for its spec paths the auth feature does not serve; its lazy
 * pages wait for `ready` (the app passes the login pages' strings).
 */
export function publicRoutes(authRoutes: RouteObject[], ready?: () => Promise<unknown>): RouteObject[] {
  const served = [...authRoutes, ...billsPublicRoutes];
  return withReady([...served, ...placeholders(PUBLIC_PATHS, served, true)], ready);
}

/** The root route of both routers: the one error dialog of the page, then the page. */
export function AppRoot() {
  const navigate = useNavigate();
  // Stable callbacks: the error handler every page holds would otherwise change at each navigation
  // and re-run whatever effect depends on it (the shell asked for the customer again each time).
  const go = useCallback((p: string) => void navigate(p), [navigate]);
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

/** The whole table. `shellChildren` empty at start: the router patches them in lazily. */
export function buildRoutes(
  authRoutes: RouteObject[],
  shellChildren: RouteObject[] = [],
  publicReady?: () => Promise<unknown>,
): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <AppRoot />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <RootRedirect /> },
        ...publicRoutes(authRoutes, publicReady),
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
          children: [{ id: SHELL_ROUTE_ID, errorElement: <RouteErrorPage />, children: shellChildren }],
        },
        { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
