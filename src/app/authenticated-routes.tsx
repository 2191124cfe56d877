// Loaded on the first navigation outside the login area, so the login page's chunks carry no
// dashboard, engine or RJSF code.
import { dashboardRoutes } from '@/features/dashboard/routes';
import { favoritesRoutes } from '@/features/favorites/routes';
import { transferRoutes } from '@/features/transfers/routes';
import { myAccountRoutes } from '@/features/myaccount/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { goldRoutes } from '@/features/gold/routes';
import { investRoutes } from '@/features/invest/routes';
import { helpRoutes } from '@/features/help/routes';
import { myBusinessRoutes } from '@/features/mybusiness/routes';
import { pfmRoutes } from '@/features/pfm/routes';
import { poinXtraRoutes } from '@/features/poinxtra/routes';
import { goalRoutes } from '@/features/goals/routes';
import { billsRoutes } from '@/features/bills/routes';
import { cartRoutes } from '@/features/cart/routes';
import { batchMenuEntries, batchRoutes } from '@/features/batches/routes';
import { promoRoutes } from '@/features/promo/routes';
import { travelRoutes } from '@/features/travel/routes';
import { registrationAppRoutes } from '@/features/registration/app-routes';
import { flowMenuEntries, flowRoutes, sharedFlowRoutes, type FlowMenuEntry } from '@/engine/index';
import { flowNames } from '@/engine/strings';
import type { RouteObject } from 'react-router';
import { placeholders, withReady } from './routes';
import type { i18n as I18n } from 'i18next';
import { addStrings } from '@/shared/i18n/i18n';
import { areaStrings, type AreaNamespace } from './area-strings';
import { preloadPage } from './preload-page';
import { servedBy } from './served-paths';
import { AUTHENTICATED_PATHS } from './spec-routes';

/** Areas whose base page lists their flows (a flow's `area` and `menu`), with no page code of their own. */
export const CHOOSER_AREAS = [
  'transfer',
  'payment',
  'purchase',
  'donation',
  'bi-fast',
  'virtual-card-number',
  'poinxtra',
  'applyandinvest',
] as const;
export type ChooserArea = (typeof CHOOSER_AREAS)[number];

export interface FeatureRoutes {
  dashboardRoutes: RouteObject[];
  /** Other bespoke pages of the features (favourites, ...). */
  featureRoutes?: RouteObject[];
  flowRoutes: RouteObject[];
  registrationAppRoutes: RouteObject[];
  flowMenuEntries: readonly FlowMenuEntry[];
  /** Base routes several flows share (engine's sharedFlowRoutes): a chooser of them unless a page serves it. */
  sharedFlowRoutes?: readonly string[];
  /** What a chooser page waits for besides its code: the flows' names it lists. */
  choosersReady?: () => Promise<unknown>;
}

/** Children of the authenticated shell: features first, then choosers, then placeholders for the rest. */
export function authenticatedRoutes(f: FeatureRoutes): RouteObject[] {
  const features = [
    ...f.dashboardRoutes,
    ...(f.featureRoutes ?? []),
    ...f.flowRoutes,
    ...f.registrationAppRoutes,
  ];
  // A chooser page (an area's, or a shared route's) at `path`.
  const chooser = (key: string, path: string, of: { area: string } | { route: string }): RouteObject => ({
    id: `chooser:${key}`,
    path,
    lazy: async () => {
      const { ChooserPage } = await import('./pages/chooser-page');
      return { element: <ChooserPage {...of} entries={f.flowMenuEntries} /> };
    },
  });
  // The features' table compiled once (~400 routes); the choosers' few apart.
  const featureServes = servedBy(features);
  const choosers = CHOOSER_AREAS.filter((a) => !featureServes(`/${a}/`)).map((area) =>
    chooser(area, `/${area}/`, { area }),
  );
  const chooserServes = servedBy(choosers);
  const routeChoosers = (f.sharedFlowRoutes ?? [])
    .filter((route) => !featureServes(route) && !chooserServes(route))
    .map((route) => chooser(route, route, { route }));
  const routeChooserServes = servedBy(routeChoosers);
  const served = [...features, ...withReady([...choosers, ...routeChoosers], f.choosersReady)];
  const serves = (p: string) => featureServes(p) || chooserServes(p) || routeChooserServes(p);
  return [...served, ...placeholders(AUTHENTICATED_PATHS, serves, false)];
}

/** Strings a page waits for: its area's namespace, or every flow's name (a page that lists flows). */
export type PageStrings = AreaNamespace | 'flow-names';

/** Each feature's routes, and the strings its pages speak (they load with its pages). */
const FEATURES: readonly { routes: RouteObject[]; strings?: PageStrings | PageStrings[] }[] = [
  { routes: favoritesRoutes, strings: 'flow-names' },
  // the transfer types' chooser lists flows
  { routes: transferRoutes, strings: ['transfer', 'flow-names'] },
  { routes: myAccountRoutes, strings: 'myaccount' },
  { routes: settingsRoutes, strings: 'settings' },
  // the apply & invest hub lists flows
  { routes: investRoutes, strings: ['invest', 'flow-names'] },
  { routes: goldRoutes, strings: 'gold' },
  { routes: helpRoutes, strings: 'help' },
  { routes: myBusinessRoutes, strings: 'business' },
  { routes: pfmRoutes, strings: 'pfm' },
  { routes: poinXtraRoutes, strings: 'living' },
  { routes: goalRoutes, strings: 'living' },
  // the billers' lists
  { routes: billsRoutes, strings: ['bills', 'flow-names'] },
  { routes: cartRoutes, strings: 'cart' },
  // a batch is verified with the cart's panel and texts
  { routes: batchRoutes, strings: ['batch', 'cart'] },
  { routes: promoRoutes, strings: 'living' },
  { routes: travelRoutes, strings: 'living' },
];

/**
 * The shell's children; with `areaReady`, each feature's lazy pages also wait for their strings (the
 * router passes one that adds them to the app's i18n). Without it (route tests, matching), the same
 * table.
 */
export function shellChildrenWith(areaReady?: (strings: PageStrings) => Promise<unknown>): RouteObject[] {
  const ready = (ns?: PageStrings | PageStrings[]) =>
    areaReady && ns ? () => Promise.all([ns].flat().map(areaReady)) : undefined;
  return authenticatedRoutes({
    // the choosers list the batches too, whose names are the batch namespace's (batchMenuEntries)
    choosersReady: ready(['flow-names', 'batch']),
    dashboardRoutes: withReady(dashboardRoutes, ready('dashboard')),
    featureRoutes: FEATURES.flatMap((f) => withReady(f.routes, ready(f.strings))),
    flowRoutes,
    registrationAppRoutes: withReady(registrationAppRoutes, ready('register')),
    flowMenuEntries: [...flowMenuEntries, ...batchMenuEntries],
    sharedFlowRoutes,
  });
}

const shellOf = new WeakMap<I18n, RouteObject[]>();
/** The shell's children with their areas' strings added to `i18n`: built once, for the preload and the router. */
export function shellChildrenFor(i18n: I18n): RouteObject[] {
  let routes = shellOf.get(i18n);
  if (!routes)
    shellOf.set(
      i18n,
      (routes = shellChildrenWith((ns) =>
        addStrings(i18n, ns === 'flow-names' ? flowNames : areaStrings(ns)),
      )),
    );
  return routes;
}

/** Starts loading the page at `path` opened directly: its chunks and its area's strings (preload-page.ts). */
export function preloadShellPage(i18n: I18n, path: string): void {
  preloadPage(shellChildrenFor(i18n), path, i18n);
}
