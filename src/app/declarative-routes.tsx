import {
  createElement,
  Suspense,
  use,
  useCallback,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { readable } from '@/shared/readable-promise';
import { matchBySegment } from './match-by-segment';
import {
  renderMatches,
  type RouteMatch,
  useLocation,
  useNavigate,
  type NavigateOptions,
  type RouteObject,
  type To,
} from 'react-router';
import { RouteErrorBoundary } from './pages/route-error-page';

/**
 * The whole app runs on react-router's declarative router (one copy of react-router, no data router):
 * route objects written with `lazy` and `Component`, as a data router takes them, become plain
 * elements. What the data router did for them is done here: a lazy route's code is loaded before its
 * page draws (navigations are transitions, so the old page stays until then), and a page that fails to
 * load or render shows RouteErrorView (an error boundary, reset by the next navigation).
 */

type LazyResult = { element?: ReactNode; Component?: ComponentType | null };
type LazyLoad = () => Promise<LazyResult>;

const loaded = new WeakMap<LazyLoad, Promise<ReactNode>>();
/** A lazy route's element, loaded once (a failure stays, as the data router keeps it, until a reload). */
function loadedElement(load: LazyLoad): Promise<ReactNode> {
  let p = loaded.get(load);
  if (!p) {
    // Readable once settled (readable-promise.ts): a page whose code is in draws at once, not after a
    // suspension (the first render over the prerendered frame would draw nothing meanwhile).
    p = readable(load().then((m) => m.element ?? (m.Component ? createElement(m.Component) : null)));
    loaded.set(load, p);
  }
  return p;
}

/**
 * One component for every lazy route: two routes whose code draws the same component (a flow's steps)
 * keep it mounted when the URL moves between them, as under the data router.
 */
function LazyRoute({ load }: { load: LazyLoad }) {
  return use(loadedElement(load));
}

/** Each lazy route's code, by the route that draws it (loadedFor). */
const lazyOf = new WeakMap<RouteObject, LazyLoad>();

/** Route objects written for the data router (`lazy`, `Component`) as plain elements. */
export function declarativeRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, Component: Page, children, ...rest } = route as RouteObject & { lazy?: LazyLoad };
    let element = rest.element ?? (Page ? createElement(Page) : undefined);
    if (typeof load === 'function') element = createElement(LazyRoute, { load });
    const out = {
      ...rest,
      element,
      ...(children ? { children: declarativeRoutes(children) } : {}),
    } as RouteObject;
    if (typeof load === 'function') lazyOf.set(out, load);
    return out;
  });
}

// useRoutes would match on every render, each retry of a suspended navigation included: matched once
// per table and path, as the data router matched once per navigation (and against the part of the
// table that can match: match-by-segment.ts).
interface Matched {
  pathname: string;
  matches: RouteMatch[] | null;
  element?: ReactNode;
}
const lastMatch = new WeakMap<readonly RouteObject[], Matched>();
function matchAt(routes: RouteObject[], pathname: string): Matched {
  const last = lastMatch.get(routes);
  if (last?.pathname === pathname) return last;
  const match: Matched = { pathname, matches: matchBySegment(routes, pathname) };
  lastMatch.set(routes, match);
  return match;
}
function matchedElement(routes: RouteObject[], pathname: string): ReactNode {
  const match = matchAt(routes, pathname);
  if (!('element' in match)) match.element = renderMatches(match.matches);
  return match.element;
}

/**
 * The code of every lazy route `pathname` draws through, loaded (failures too: the page shows them):
 * a first render that waits for it draws the page at once, over the prerendered frame, where it drew
 * nothing while they loaded.
 */
export async function loadedFor(routes: RouteObject[], pathname: string): Promise<void> {
  const loads = (matchAt(routes, pathname).matches ?? []).flatMap((m) => lazyOf.get(m.route) ?? []);
  await Promise.all(loads.map((load) => loadedElement(load).catch(() => undefined)));
}

/** A table of declarative routes drawn at the current location: its page, or RouteErrorView. */
export function RoutesView({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>{matchedElement(routes, pathname)}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * useNavigate's function, the same one for the component's life: the declarative router's changes with
 * every path (the data router's did not), and the error handler every page holds, and the effects that
 * depend on it, would change and run again at each navigation. The app's paths are absolute.
 */
export function useStableNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  return useCallback((to: To | number, options?: NavigateOptions) => {
    if (typeof to === 'number') void latest.current(to);
    else void latest.current(to, options);
  }, []);
}
