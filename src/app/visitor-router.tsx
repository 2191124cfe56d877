import {
  Component,
  createElement,
  lazy,
  Suspense,
  use,
  useEffect,
  useMemo,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { i18n as I18n } from 'i18next';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { isLoginArea } from '@/shared/login-area';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorView } from './pages/route-error-page';
import type { AppRouter } from './router';
import { AppRoot, publicRoutes } from './routes';
import { RootRedirect } from './session/require-session';
import { addStrings } from '@/shared/i18n/i18n';
import { lateStrings, loginPagesStrings } from './strings';

/**
 * The first router a visitor gets: react-router's declarative BrowserRouter over the login area's
 * routes only (the same route objects the data router mounts). The data router (router.tsx, own
 * chunk) takes over the first time the visitor goes anywhere else: after login, a deep link, '/'
 * with a session. From then on the app is the data router alone, login area included.
 */

type LazyResult = { element?: ReactNode; Component?: ComponentType | null };

/** Route objects written for the data router (`lazy`, `Component`) as plain elements, for useRoutes. */
export function declarativeRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const {
      lazy: load,
      Component: Page,
      children,
      ...rest
    } = route as RouteObject & {
      lazy?: () => Promise<LazyResult>;
    };
    let element = rest.element ?? (Page ? createElement(Page) : undefined);
    if (typeof load === 'function') {
      const Loaded = lazy(async () => {
        const m = await load();
        const loaded = m.element ?? (m.Component ? createElement(m.Component) : null);
        return { default: () => loaded };
      });
      element = createElement(Loaded);
    }
    return {
      ...rest,
      element,
      ...(children ? { children: declarativeRoutes(children) } : {}),
    } as RouteObject;
  });
}

let appRouter: Promise<AppRouter> | null = null;

/** Loads the data router's chunk (and the authenticated routes for a path outside the login area), once. */
const preloaded = new Set<string>();

export function loadAppRouter(i18n: I18n, path: string): Promise<AppRouter> {
  // (called again by each render that suspends on it: the preloads go once a path)
  if (!isLoginArea(path) && !preloaded.has(path)) {
    preloaded.add(path);
    // fetched beside the router's chunk instead of after it, and the page's own chunks as soon as
    // the route table says which they are
    void import('./authenticated-routes').then((m) => m.preloadShellPage(i18n, path));
    void import('./shell/shell-layout');
    const lang = i18n.language === 'en' ? 'en' : 'id';
    lateStrings(lang).catch(() => undefined);
    loginPagesStrings(lang).catch(() => undefined);
  }
  appRouter ??= import('./router').then((m) => m.createReadyAppRouter(i18n));
  return appRouter;
}

/** Any path outside the login area: suspends (the current page stays) until the data router is ready, then hands over. */
function LeaveLoginArea({ i18n, onLeave }: VisitorRouterProps) {
  const { pathname } = useLocation();
  if (isLoginArea(pathname)) return <NotFoundPage />;
  return <HandOver router={use(loadAppRouter(i18n, pathname))} onLeave={onLeave} />;
}

function HandOver({ router, onLeave }: { router: AppRouter; onLeave: (r: AppRouter) => void }) {
  useEffect(() => onLeave(router), [router, onLeave]);
  return null;
}

/** What the data router's errorElement does: a failed load or render shows RouteErrorView until the next navigation. */
type BoundaryState = { failure: { error: unknown } | null; pathname: string };

class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failure: null, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failure: null, pathname: props.pathname };
  }
  override render() {
    const { failure } = this.state;
    return failure ? <RouteErrorView error={failure.error} /> : this.props.children;
  }
}

function VisitorRoutes(props: VisitorRouterProps) {
  const { i18n } = props;
  const { pathname } = useLocation();
  // made once per i18n instance: the lazy elements inside must keep their identity
  const loginAreaRoutes = useMemo(
    () => declarativeRoutes(publicRoutes(authRoutes, () => addStrings(i18n, loginPagesStrings))),
    [i18n],
  );
  const page = useRoutes([
    {
      path: '/',
      element: <AppRoot />,
      children: [
        { index: true, element: <RootRedirect /> },
        ...loginAreaRoutes,
        { path: '*', element: <LeaveLoginArea {...props} /> },
      ],
    },
  ]);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

export interface VisitorRouterProps {
  i18n: I18n;
  /** Called once, with the ready data router, when the visitor leaves the login area. */
  onLeave: (router: AppRouter) => void;
}

export function VisitorRouter(props: VisitorRouterProps) {
  return (
    <BrowserRouter>
      <VisitorRoutes {...props} />
    </BrowserRouter>
  );
}
