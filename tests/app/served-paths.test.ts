// @vitest-environment node
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/features/auth/routes';
import { shellChildrenWith } from '../../src/app/authenticated-routes';
import { matchedBy, servedBy } from '../../src/app/served-paths';
import { AUTHENTICATED_PATHS, PUBLIC_PATHS } from '../../src/app/spec-routes';
import { routerAnswers } from '../kit/router-answers';

describe('servedBy', () => {
  const table: RouteObject[] = [
    {
      path: '/transfer/',
      children: [
        { index: true },
        { path: 'own/inquiry/' },
        { path: '/transfer/:kind/verify/' },
        { children: [{ path: 'history/:year?/' }] },
      ],
    },
    { path: '/files/*' },
    { path: '/a.b/' },
  ];
  const served = servedBy(table);

  it('serves literal paths, relative children and index routes, ignoring case and trailing slashes', () => {
    expect(served('/transfer/')).toBe(true);
    expect(served('/transfer')).toBe(true);
    expect(served('/transfer/own/inquiry/')).toBe(true);
    expect(served('/Transfer/Own/Inquiry')).toBe(true);
    expect(served('/transfer/own/')).toBe(false);
    expect(served('/a.b/')).toBe(true);
    expect(served('/aXb/')).toBe(false);
  });

  it('matches parameters, optional segments and splats as the router does', () => {
    expect(served('/transfer/skn/verify/')).toBe(true);
    expect(served('/transfer/skn/rtgs/verify/')).toBe(false);
    expect(served('/transfer/history/')).toBe(true);
    expect(served('/transfer/history/2026/')).toBe(true);
    expect(served('/files/')).toBe(true);
    expect(served('/files/a/b.pdf')).toBe(true);
    expect(served('/filesx/')).toBe(false);
  });

  // The whole route table, and react-router's answer for each path, asked once for both tests below.
  const routes = [...authRoutes, ...shellChildrenWith()];
  const routerMatch = routerAnswers(routes);

  it('agrees with react-router on every spec path against the whole route table', () => {
    const isServed = servedBy(routes);
    const paths = [...AUTHENTICATED_PATHS, ...PUBLIC_PATHS, '/nowhere/', '/transfer/nowhere/'];
    for (const p of paths) expect([p, isServed(p)]).toEqual([p, !!routerMatch(p)]);
  });

  it('finds the same routes as react-router for every spec path, so a page opened directly preloads its own chunks', () => {
    const match = matchedBy(routes);
    const paths = [...AUTHENTICATED_PATHS, ...PUBLIC_PATHS, '/nowhere/'];
    for (const p of paths) expect([p, match(p)]).toEqual([p, routerMatch(p)?.map((m) => m.route) ?? null]);
  });

  it("an index route or a child at a layout's path wins over the layout alone", () => {
    const match = matchedBy(table);
    expect(match('/transfer/')).toEqual([table[0], table[0]!.children![0]]);
    expect(match('/transfer/skn/verify/')?.at(-1)).toBe(table[0]!.children![2]);
    expect(match('/nowhere/')).toBeNull();
  });
});
