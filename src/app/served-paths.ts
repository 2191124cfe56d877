import type { RouteObject } from 'react-router';

/**
 * The routes a path renders through (the chain from the table's top to the matching route), with the
 * table flattened and its patterns compiled once. react-router's `matchRoutes` flattens, ranks and
 * compiles the whole table on every call: asked once per spec path (~180 of them against ~400 routes)
 * it cost the first authenticated page ~0.4 s of main thread on a desktop, four times that on
 * Lighthouse's phone, and once for the page being opened ~0.15 s on that phone. A literal path wins
 * over a pattern, then patterns go in the table's order: what the router picks for every path the app
 * serves (tests/app/served-paths.test.ts); for a path it serves by a pattern only, the first pattern.
 */
export function matchedBy(routes: readonly RouteObject[]): (path: string) => RouteObject[] | null {
  const literal = new Map<string, RouteObject[]>();
  const leaves = new Set<string>();
  const patterns: { re: RegExp; chain: RouteObject[] }[] = [];
  const add = (full: string, chain: RouteObject[], leaf: boolean) => {
    const path = normalize(full);
    if (/[:*]/.test(path)) patterns.push({ re: compile(path), chain });
    // the first route at a path, except that a layout's own path yields to its index route or a child
    else if (!literal.has(path) || (leaf && !leaves.has(path))) {
      literal.set(path, chain);
      if (leaf) leaves.add(path);
    }
  };
  const walk = (table: readonly RouteObject[], base: string, above: RouteObject[]) => {
    for (const route of table) {
      const full =
        route.path == null ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
      const chain = [...above, route];
      // children first: a leaf at the layout's path then takes it before the layout does
      if (route.children) walk(route.children, full, chain);
      if (route.path != null || route.index) add(full, chain, !route.children?.length);
    }
  };
  walk(routes, '', []);
  return (path) => {
    const p = normalize(path);
    return literal.get(p) ?? patterns.find(({ re }) => re.test(p))?.chain ?? null;
  };
}

/** Whether a route table serves a path (matchedBy). */
export function servedBy(routes: readonly RouteObject[]): (path: string) => boolean {
  const match = matchedBy(routes);
  return (path) => match(path) !== null;
}

/** One slash between segments, none at the end, lower case (routes match case-insensitively). */
const normalize = (path: string) => `/${path.split('/').filter(Boolean).join('/')}`.toLowerCase();

/** `:x` one segment, `:x?` an optional one, a trailing `*` the rest. */
function compile(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      const optional = segment.endsWith('?');
      const text = (optional ? segment.slice(0, -1) : segment).replace(/[.*+^${}|()[\]\\]/g, '\\$&');
      return optional ? `(?:/${text})?` : `/${text}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}$`);
}
