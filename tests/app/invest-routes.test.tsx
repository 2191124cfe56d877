import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/features/auth/routes';
import { shellChildrenWith } from '../../src/app/authenticated-routes';
import { buildRoutes, NOT_FOUND_ROUTE_ID, PLACEHOLDER_ROUTE_PREFIX } from '../../src/app/routes';
import { AUTHENTICATED_PATHS } from '../../src/app/spec-routes';

const routes = buildRoutes(authRoutes, shellChildrenWith());
const concrete = (p: string) => p.replace(':mf', 'MF-PCF').replace(':form', 'SAV-XTRA');
/** Sun Life and Sompo purchases are the engine engineer's (issue 22 item 7): not this area's yet. */
const notOurs = (p: string) => /\/applyandinvest\/(sunlife|sompo)\//.test(p);

describe('apply & invest and gold saving routes (spec section 2)', () => {
  const ours = AUTHENTICATED_PATHS.filter(
    (p) => (p.startsWith('/applyandinvest/') || p.startsWith('/gold-saving/')) && !notOurs(p),
  );

  it('are all there', () => {
    expect(ours.length).toBeGreaterThan(50);
    for (const p of ['/gold-saving/e-ktp-verification/', '/applyandinvest/mutualfund/:mf/switching/receipt/'])
      expect(ours).toContain(p);
  });

  it.each(ours.map((p) => [p]))('%s is a real page, not "not available yet"', (path) => {
    const m = matchRoutes(routes, concrete(path));
    const leaf = m?.[m.length - 1]?.route;
    expect(leaf?.id ?? '').not.toMatch(new RegExp(`^${PLACEHOLDER_ROUTE_PREFIX}`));
    expect(leaf?.id).not.toBe(NOT_FOUND_ROUTE_ID);
  });

  it('serves a fund code the spec writes as :mf, and leaves the generic form to the flows it names', () => {
    const fund = matchRoutes(routes, '/applyandinvest/mutualfund/MF-SDP/redemption/verify/');
    expect(fund?.at(-1)?.params).toMatchObject({ mf: 'MF-SDP' });
    const saving = matchRoutes(routes, '/applyandinvest/saving/inquiry/');
    expect(saving?.at(-1)?.route.path).toBe('/applyandinvest/saving/inquiry/');
    const other = matchRoutes(routes, '/applyandinvest/no-such-form/inquiry/');
    expect(other?.at(-1)?.route.path).toBe('/applyandinvest/:form/inquiry/');
    const plan = matchRoutes(routes, '/applyandinvest/mutualfund/crisp/subscription/inquiry/');
    expect(plan?.at(-1)?.route.path).toBe('/applyandinvest/mutualfund/crisp/subscription/inquiry/');
  });
});
