import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/features/auth/routes';
import { CHOOSER_AREAS, shellChildrenWith } from '../../src/app/authenticated-routes';
import { sharedFlowRoutes } from '../../src/engine/index';
import { buildRoutes, NOT_FOUND_ROUTE_ID, SHELL_ROUTE_ID } from '../../src/app/routes';
import { AUTHENTICATED_PATHS, PUBLIC_PATHS } from '../../src/app/spec-routes';
import { MENU } from '../../src/app/menu';
import { activeMenuItem } from '../../src/app/shell/left-menu';
import { routerAnswers } from '../kit/router-answers';

const routes = buildRoutes(authRoutes, shellChildrenWith());
const concrete = (p: string) => p.replace(/:(\w+)/g, 'sample-$1');

const match = routerAnswers(routes);
function leaf(path: string): RouteObject | undefined {
  const m = match(path);
  return m?.[m.length - 1]?.route;
}
function underShell(path: string): boolean {
  return !!match(path)?.some((m) => m.route.id === SHELL_ROUTE_ID);
}

describe('route table', () => {
  it('covers every route family of spec section 2', () => {
    expect(AUTHENTICATED_PATHS.length).toBeGreaterThan(300);
    for (const p of [
      '/payment/bpjs/inquiry/',
      '/transfer/verify/',
      '/purchase/ewallet/receipt/',
      '/myaccount/blockcard/verify/',
      '/applyandinvest/loan/product-info/',
      '/applyandinvest/mutualfund/:mf/subscription/inquiry/',
      '/settings/change-password/',
      '/poinxtra/redeem/inquiry/',
      '/transfer/manage-underlaying-document/',
      '/register/userinformations/',
      '/settings/manage-card/:typeOfAction/receipt/',
      '/gold-saving/e-ktp-verification/',
    ])
      expect(AUTHENTICATED_PATHS).toContain(p);
    for (const p of AUTHENTICATED_PATHS) expect(p).toMatch(/^\/.*\/$/);
  });

  it.each(AUTHENTICATED_PATHS.map((p, i) => [p, i]))(
    '%s is a page behind the login, not the 404',
    (path, i) => {
      // the path without its trailing slash works too (checked on a sample: matching is costly in jsdom)
      const variants = i % 8 === 0 ? [concrete(path), concrete(path).replace(/\/$/, '')] : [concrete(path)];
      for (const p of variants) {
        const route = leaf(p);
        expect(route?.id, p).not.toBe(NOT_FOUND_ROUTE_ID);
        expect(route?.element ?? route?.Component ?? route?.lazy, p).toBeTruthy();
        expect(underShell(p), p).toBe(true);
      }
    },
  );

  it.each(PUBLIC_PATHS.map((p) => [p]))('%s is a public page, not the 404', (path) => {
    const route = leaf(path);
    expect(route?.id).not.toBe(NOT_FOUND_ROUTE_ID);
    expect(underShell(path)).toBe(false);
  });

  it.each([
    '/no-such-page/',
    '/payment/no-such-biller/inquiry/extra/',
    '/dashboardx/',
    '/login/nothing-here/',
  ])('%s is the 404', (path) => {
    expect(leaf(path)?.id).toBe(NOT_FOUND_ROUTE_ID);
  });

  it('serves the features that exist instead of placeholders', () => {
    expect(leaf('/login/')?.id ?? '').not.toMatch(/^placeholder:/);
    expect(leaf('/dashboard/')?.id ?? '').not.toMatch(/^placeholder:/);
    expect(leaf('/help/faq/')?.id ?? '').not.toMatch(/^placeholder:/);
  });

  it('serves the Sun Life (steps 1-3) and Sompo (steps 1-2) purchases as flow pages', () => {
    for (const p of [
      '/applyandinvest/sunlife/inquiry/step-1/',
      '/applyandinvest/sunlife/inquiry/step-2/',
      '/applyandinvest/sunlife/inquiry/step-3/',
      '/applyandinvest/sunlife/verify/',
      '/applyandinvest/sunlife/receipt/',
      '/applyandinvest/sompo/inquiry/step-1/',
      '/applyandinvest/sompo/inquiry/step-2/',
      '/applyandinvest/sompo/verify/',
      '/applyandinvest/sompo/receipt/',
    ])
      expect((leaf(p)?.handle as { flowStep?: { route?: string } })?.flowStep?.route, p).toMatch(
        /^\/applyandinvest\/(sunlife|sompo)\/$/,
      );
  });

  it("serves each area's FDS challenge page (the spec's routes) as a flow page", () => {
    for (const p of [
      '/transfer/fds-challenge/',
      '/payment/fds-payment/',
      '/donation/fds-donation/',
      '/purchase/fds/',
      '/virtual-card-number/fds/',
      '/myaccount/fds/',
    ]) {
      const route = leaf(p);
      expect(route?.id ?? '', p).not.toMatch(/^placeholder:/);
      expect((route?.handle as { flowStep?: { fdsPage?: string } })?.flowStep?.fdsPage, p).toBe(p);
    }
  });

  it('serves every My account and Settings route of spec section 2 with a page, no placeholder (issue 21)', () => {
    const ours = AUTHENTICATED_PATHS.filter((p) => /^\/(myaccount|settings|installment-summary)\//.test(p));
    expect(ours.length).toBeGreaterThan(90);
    // /myaccount/fds/ is the engine's FDS challenge page.
    const left = ours.filter(
      (p) => p !== '/myaccount/fds/' && /^placeholder:/.test(leaf(concrete(p))?.id ?? ''),
    );
    expect(left).toEqual([]);
    // A card action no flow serves has its own page; the flows' own actions keep their steps.
    expect(leaf('/settings/manage-card/bogus/verify/')?.path).toBe(
      '/settings/manage-card/:typeOfAction/verify/',
    );
    expect(leaf('/settings/manage-card/online/verify/')?.path).not.toContain(':typeOfAction');
  });

  it('serves mass transfer, mass payment, mass purchase and the scheduled batch edit with pages, no placeholder', () => {
    const mass = AUTHENTICATED_PATHS.filter((p) =>
      /mass-(transfer|payment|purchase)|masstransaction/.test(p),
    );
    expect(mass).toEqual(
      expect.arrayContaining([
        '/transfer/mass-transfer/inquiry/',
        '/transfer/mass-transfer/verify/',
        '/transfer/mass-transfer/receipt/',
        '/payment/mass-payment/inquiry/',
        '/payment/mass-payment/verify/',
        '/payment/mass-payment/receipt/',
        '/purchase/mass-purchase/',
        '/mytransaction/edit-scheduled-masstransaction/',
      ]),
    );
    for (const p of [...mass, '/transfer/mass-transfer/']) {
      const route = leaf(p);
      expect(route?.id ?? '', p).not.toMatch(/^placeholder:/);
      expect(route?.id, p).not.toBe(NOT_FOUND_ROUTE_ID);
      expect(route?.lazy ?? route?.Component, p).toBeTruthy();
    }
  });

  it('has choosers for every area of flows unless a feature serves them', () => {
    for (const a of CHOOSER_AREAS) expect(leaf(`/${a}/`)?.id ?? '').not.toMatch(/^placeholder:/);
  });

  it('serves the base of every route several flows share: its own page, else a chooser of those flows', () => {
    expect(sharedFlowRoutes).toEqual(
      expect.arrayContaining(['/payment/credit-card/', '/payment/utility/', '/transfer/', '/gold-saving/']),
    );
    for (const route of sharedFlowRoutes) {
      const id = leaf(route)?.id ?? '';
      expect(id, route).not.toBe(NOT_FOUND_ROUTE_ID);
      expect(id, route).not.toMatch(/^placeholder:/);
    }
    // A step opened without its ?type= lands on these (src/engine/ui/flow-page.tsx).
    expect(leaf('/payment/credit-card/')?.id).toBe('chooser:/payment/credit-card/');
    expect(leaf('/bi-fast/request-for-payment/')?.id).toBe('chooser:/bi-fast/request-for-payment/');
    // Where a page serves the base, it stays: the area's chooser, gold's own page.
    expect(leaf('/transfer/')?.id).toBe('chooser:transfer');
    expect(leaf('/gold-saving/')?.id ?? '').not.toMatch(/^chooser:/);
  });
});

describe('left menu', () => {
  it('has the groups and items of spec section 2, in order', () => {
    expect(MENU.map((g) => [g.id, g.items.map((i) => i.id)])).toEqual([
      [null, ['home', 'installmentSummary', 'myFavorites', 'myGoals', 'wealth']],
      [
        'transactions',
        [
          'myAccounts',
          'transfer',
          'billPayment',
          // Issue 41: QRIS, beside the bill payments (not in spec section 2's list; the product's addition).
          'qris',
          'biFast',
          'purchase',
          'virtualCardNumber',
          'donation',
          'poinXtra',
          'myBusiness',
        ],
      ],
      ['apply', ['apply', 'sharia', 'promoCode', 'gold']],
      ['leisure', ['travel', 'myBookings', 'vouchers']],
      ['settings', ['settings', 'myTransactions', 'help', 'contactUs', 'chat']],
    ]);
  });

  it.each(MENU.flatMap((g) => g.items).map((i) => [i.id, i.to]))(
    '%s leads to a page of the product',
    (_id, to) => {
      if (typeof to !== 'string') return expect(to).toEqual({ action: 'chat' });
      expect(AUTHENTICATED_PATHS).toContain(to);
      expect(leaf(to)?.id).not.toBe(NOT_FOUND_ROUTE_ID);
      expect(underShell(to)).toBe(true);
    },
  );
});

describe('active menu item', () => {
  it.each([
    ['/dashboard/', 'home'],
    ['/dashboard/wealth/', 'wealth'],
    ['/dashboard/my-goal', 'myGoals'],
    ['/payment/bpjs/inquiry/', 'billPayment'],
    ['/applyandinvest/productlist/', 'sharia'],
    ['/applyandinvest/saving/', 'apply'],
    ['/exchange-rate/', undefined],
  ])('%s -> %s', (path, id) => {
    expect(activeMenuItem(path)).toBe(id);
  });
});
