import { use, useEffect, useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { useLocation, type RouteObject } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { isLoginArea } from '@/shared/login-area';
import { declarativeRoutes, RoutesView } from './declarative-routes';
import { NotFoundPage } from './pages/not-found-page';
import { AppRoot, publicRoutes } from './routes';
import { RootRedirect } from './session/require-session';
import { addStrings } from '@/shared/i18n/i18n';
import { inTasks } from '@/shared/in-tasks';
import { lateStrings, loginPagesStrings } from './strings';

/**
 * The first table a visitor gets: the login area's routes only (the same route objects the whole app's
 * table mounts). The whole table (router.tsx, own chunk, with the shell and every page) takes over the
 * first time the visitor goes anywhere else: after login, a deep link, '/' with a session. From then on
 * the app is that table alone, login area included. Both are drawn by RoutesView in one BrowserRouter.
 */

let appTable: Promise<RouteObject[]> | null = null;

/** Loads the whole app's table (and the first page's chunks, for a path outside the login area), once. */
const preloaded = new Set<string>();

export function loadAppRoutes(i18n: I18n, path: string): Promise<RouteObject[]> {
  // (called again by each render that suspends on it: the preloads go once a path)
  if (!isLoginArea(path) && !preloaded.has(path)) {
    preloaded.add(path);
    // fetched beside the table's chunk instead of after it, and the page's own chunks as soon as
    // the route table says which they are
    // (the table built in a task after the chunk's evaluation: one task of both blocked a phone ~100 ms)
    void import('./authenticated-routes').then((m) => inTasks([() => m.preloadShellPage(i18n, path)]));
    void import('./shell/shell-layout');
    lateStrings(i18n.language === 'en' ? 'en' : 'id').catch(() => undefined);
  }
  appTable ??= import('./router').then((m) => m.readyAppRoutes(i18n));
  return appTable;
}

/** Any path outside the login area: suspends (the current page stays) until the whole table is ready, then hands over. */
function LeaveLoginArea({ i18n, onLeave }: VisitorRoutesProps) {
  const { pathname } = useLocation();
  if (isLoginArea(pathname)) return <NotFoundPage />;
  return <HandOver routes={use(loadAppRoutes(i18n, pathname))} onLeave={onLeave} />;
}

function HandOver({ routes, onLeave }: { routes: RouteObject[]; onLeave: (r: RouteObject[]) => void }) {
  useEffect(() => onLeave(routes), [routes, onLeave]);
  return null;
}

export interface VisitorRoutesProps {
  i18n: I18n;
  /** Called once, with the whole app's ready table, when the visitor leaves the login area. */
  onLeave: (routes: RouteObject[]) => void;
}

/** The login area's pages (inside the app's BrowserRouter). */
export function VisitorRoutes(props: VisitorRoutesProps) {
  const { i18n, onLeave } = props;
  // made once per i18n instance: the lazy elements inside keep their identity
  const routes = useMemo(
    () =>
      declarativeRoutes([
        {
          path: '/',
          element: <AppRoot />,
          children: [
            { index: true, element: <RootRedirect /> },
            ...publicRoutes(authRoutes, () => addStrings(i18n, loginPagesStrings)),
            { path: '*', element: <LeaveLoginArea i18n={i18n} onLeave={onLeave} /> },
          ],
        },
      ]),
    [i18n, onLeave],
  );
  return <RoutesView routes={routes} />;
}
