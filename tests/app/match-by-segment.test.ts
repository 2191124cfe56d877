// @vitest-environment node
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/features/auth/routes';
import { shellChildrenWith } from '../../src/app/authenticated-routes';
import { matchBySegment } from '../../src/app/match-by-segment';
import { buildRoutes } from '../../src/app/routes';
import { AUTHENTICATED_PATHS, PUBLIC_PATHS } from '../../src/app/spec-routes';
import { FLOWS } from '../../src/engine/flows-data';
import { pagePathsOf } from '../../src/engine/routes-of';

/** What a match says: each route (the same objects), its params and where it matched. */
const said = (m: ReturnType<typeof matchRoutes>) =>
  m?.map(({ route, params, pathname, pathnameBase }) => ({ route, params, pathname, pathnameBase })) ?? null;

describe('matching against the part of the table a path can match (match-by-segment.ts)', () => {
  it("finds what react-router finds in the whole app's table, on every spec and flow page path", () => {
    const routes = buildRoutes(authRoutes, shellChildrenWith());
    // Each path once: a flow's page paths repeat the spec's (200 of 658 were repeats, each checked again).
    const paths = [
      ...new Set([
        ...AUTHENTICATED_PATHS,
        ...PUBLIC_PATHS,
        ...pagePathsOf(FLOWS).map((p) => p.path),
        '/',
        '/nowhere/',
        '/transfer/nowhere/',
        '/PAYMENT/BPJS/Inquiry',
        '/applyandinvest/mutualfund/SCHPRES/subscription/inquiry/',
      ]),
    ];
    expect(paths.length).toBeGreaterThan(450);
    for (const p of paths) expect(said(matchBySegment(routes, p)), p).toEqual(said(matchRoutes(routes, p)));
    // react-router ranks the whole table again for each path (17 ms apiece here): 8 s on a quiet 2-core
    // machine, far more on a loaded one, past the project's 20 s.
  }, 90_000);

  it('keeps layouts, index routes, parameters and splats whatever the first segment, relative paths too', () => {
    const leaf = (path: string): RouteObject => ({ path });
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { index: true },
          { path: 'login/', children: [leaf('forgot/')] },
          { children: [leaf('/transfer/inquiry/'), leaf('/payment/:biller/'), leaf(':area/help/')] },
          leaf('*'),
        ],
      },
    ];
    for (const p of ['/', '/login/forgot/', '/transfer/inquiry/', '/payment/bpjs/', '/gold/help/', '/x/y/z'])
      expect(said(matchBySegment(routes, p)), p).toEqual(said(matchRoutes(routes, p)));
  });
});
