import type { RouteObject } from 'react-router';

/**
 * Whether a route table serves a path, with the table flattened and its patterns compiled once.
 * react-router's `matchRoutes` flattens and compiles the whole table on every call: asked once per
 * spec path (~180 of them against ~400 routes) it cost the first authenticated page ~0.4 s of main
 * thread on a desktop, four times that on Lighthouse's phone.
 */
export function servedBy(routes: readonly RouteObject[]): (path: string) => boolean {
  const literal = new Set<string>();
  const patterns: RegExp[] = [];
  const add = (full: string) => {
    const path = normalize(full);
    if (!/[:*]/.test(path)) literal.add(path);
    else patterns.push(compile(path));
  };
  const walk = (table: readonly RouteObject[], base: string) => {
    for (const route of table) {
      const full =
        route.path == null ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
      if (route.path != null || route.index) add(full);
      if (route.children) walk(route.children, full);
    }
  };
  walk(routes, '');
  return (path) => {
    const p = normalize(path);
    return literal.has(p) || patterns.some((re) => re.test(p));
  };
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
