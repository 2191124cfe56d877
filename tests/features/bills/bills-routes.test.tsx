import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../../src/features/auth/routes';
import { shellChildrenWith } from '../../../src/app/authenticated-routes';
import { buildRoutes } from '../../../src/app/routes';
import { flowMenuEntries } from '../../../src/engine/index';

const routes = buildRoutes(authRoutes, shellChildrenWith());
const leaf = (path: string): RouteObject | undefined => matchRoutes(routes, path)?.at(-1)?.route;

describe('bills, donation and virtual card number pages', () => {
  it.each([
    '/donation/inquiry/',
    '/donation/verify/',
    '/donation/receipt/',
    '/payment/insurance/category/',
    '/virtual-account/',
    '/virtual-card-number/',
    '/virtual-card-number/inquiry/',
    '/virtual-card-number/verify/',
    '/virtual-card-number/receipt/',
    '/payment/penerimaan-negara/option/',
    '/payment/penerimaan-negara/bpn/inquiry/',
    '/payment/penerimaan-negara/bpn/verify/',
    '/payment/penerimaan-negara/bpn/receipt/',
  ])('%s is a real page, not the placeholder', (path) => {
    expect(leaf(path)?.id ?? '').not.toMatch(/^placeholder:|not-found/);
  });

  it("keeps the donation flows' first paths as redirects to the spec's", () => {
    const route = leaf('/donation/zakat/verify/');
    expect(route?.element).toBeTruthy();
    expect((route?.element as { props: { to: string } }).props.to).toBe('/donation/verify/?type=zakat');
    expect((leaf('/donation/donation/')?.element as { props: { to: string } }).props.to).toBe(
      '/donation/inquiry/?type=donation',
    );
  });

  it('leads the state revenue menu entry to the option page, and BPN to its own form', () => {
    const entry = (id: string) => flowMenuEntries.find((e) => e.flowId === id)?.path;
    expect(entry('payment.penerimaan-negara')).toBe('/payment/penerimaan-negara/option/');
    expect(entry('payment.bpn')).toBe('/payment/penerimaan-negara/bpn/inquiry/');
    // The insurance premium starts at its category step (the flow machine's first view).
    expect(entry('payment.insurance')).toBe('/payment/insurance/category/');
  });

  it('serves GoPay auto top-up in the login area (no shell), not the placeholder', () => {
    const m = matchRoutes(routes, '/autotopup/gopay/');
    expect(m?.at(-1)?.route.id ?? '').not.toMatch(/^placeholder:|not-found/);
    expect(m?.some((x) => x.route.id === 'shell')).toBe(false);
  });
});
