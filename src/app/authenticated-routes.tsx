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
import { flowMenuEntries, flowRoutes, type FlowMenuEntry } from '@/engine/index';
import type { RouteObject } from 'react-router';
import { placeholders } from './routes';
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
}

/** Children of the authenticated shell: features first, then choosers, then placeholders for the rest. */
export function authenticatedRoutes(f: FeatureRoutes): RouteObject[] {
  const features = [
    ...f.dashboardRoutes,
    ...(f.featureRoutes ?? []),
    ...f.flowRoutes,
    ...f.registrationAppRoutes,
  ];
  const featureServes = servedBy(features);
  const choosers: RouteObject[] = CHOOSER_AREAS.filter((a) => !featureServes(`/${a}/`)).map((area) => ({
    id: `chooser:${area}`,
    path: `/${area}/`,
    lazy: async () => {
      const { ChooserPage } = await import('./pages/chooser-page');
      return { element: <ChooserPage area={area} entries={f.flowMenuEntries} /> };
    },
  }));
  const served = [...features, ...choosers];
  return [...served, ...placeholders(AUTHENTICATED_PATHS, served, false)];
}

export const shellChildren = authenticatedRoutes({
  dashboardRoutes,
  featureRoutes: [
    ...favoritesRoutes,
    ...transferRoutes,
    ...myAccountRoutes,
    ...settingsRoutes,
    ...investRoutes,
    ...goldRoutes,
    ...helpRoutes,
    ...myBusinessRoutes,
    ...pfmRoutes,
    ...poinXtraRoutes,
    ...goalRoutes,
    ...billsRoutes,
    ...cartRoutes,
    ...batchRoutes,
    ...promoRoutes,
    ...travelRoutes,
  ],
  flowRoutes,
  registrationAppRoutes,
  flowMenuEntries: [...flowMenuEntries, ...batchMenuEntries],
});
