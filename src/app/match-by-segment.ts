import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

// react-router's matchRoutes flattens and ranks the whole table and tries its routes one by one, a
// regular expression each (~400 routes here: ~60 ms of a phone's main thread for a page's first
// match). A path can only match routes whose static first segment is its own (or that have none: a
// layout, the index, a parameter, a splat), so it is matched against that part of the table alone.

type Pruned = { routes: RouteObject[]; originals: Map<RouteObject, RouteObject> };
const prunedOf = new WeakMap<readonly RouteObject[], Map<string, Pruned>>();

const firstSegment = (path: string): string | undefined => path.split('/').find(Boolean)?.toLowerCase();
const joined = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/?$/, '/')}${path}`;

/** `routes` without the routes (and their children) that cannot match a path whose first segment is `segment`. */
function prune(
  routes: readonly RouteObject[],
  segment: string,
  parent: string,
  originals: Map<RouteObject, RouteObject>,
): RouteObject[] {
  const out: RouteObject[] = [];
  for (const route of routes) {
    const abs = route.path === undefined ? parent : joined(parent, route.path);
    const first = route.path === undefined ? undefined : firstSegment(abs);
    if (first !== undefined && !first.startsWith(':') && first !== '*' && first !== segment) continue;
    if (!route.children) {
      out.push(route);
      continue;
    }
    const copy = { ...route, children: prune(route.children, segment, abs, originals) } as RouteObject;
    originals.set(copy, route);
    out.push(copy);
  }
  return out;
}

/** As react-router's matchRoutes (the same route objects in its matches), against the part of the table that can match. */
export function matchBySegment(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const segment = firstSegment(pathname) ?? '';
  let bySegment = prunedOf.get(routes);
  if (!bySegment) prunedOf.set(routes, (bySegment = new Map()));
  let pruned = bySegment.get(segment);
  if (!pruned) {
    const originals = new Map<RouteObject, RouteObject>();
    pruned = { routes: prune(routes, segment, '/', originals), originals };
    bySegment.set(segment, pruned);
  }
  const matches = matchRoutes(pruned.routes, pathname);
  return matches && matches.map((m) => ({ ...m, route: pruned.originals.get(m.route) ?? m.route }));
}
