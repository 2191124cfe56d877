import type { RouteObject } from 'react-router';
import { FLOWS, stepPathsOfRoute } from './flows-data';
import { stepUrl } from '@/shared/flows';

/** Menu entry of a flow on its area's chooser page (/transfer/, /payment/, /purchase/, ...). */
export interface FlowMenuEntry {
  flowId: string;
  area: string;
  /** Route of the flow's first step, e.g. /payment/bpjs/inquiry/. */
  path: string;
  labelKey: string;
  icon?: string;
  order: number;
  descriptionKey?: string;
  requires?: 'casa';
}

// The renderer, RJSF and the machines load only on transaction pages (route `lazy`).
const loadPage = () => import('./ui/flow-page');

/** Routes of every flow file (inquiry, verify, receipt and declared extra steps), under one pathless layout. */
export const flowRoutes: RouteObject[] = [
  {
    id: 'engine-flows',
    lazy: async () => ({ Component: (await loadPage()).FlowLayout }),
    children: [...new Set(FLOWS.map((f) => f.route))].flatMap((route) =>
      stepPathsOfRoute(route).map((stepPath): RouteObject => ({
        path: `${route}${stepPath}`,
        lazy: async () => ({ Component: (await loadPage()).pageFor(route, stepPath) }),
      })),
    ),
  },
];

export const flowMenuEntries: FlowMenuEntry[] = FLOWS.filter((f) => f.menu)
  .map((f) => ({
    flowId: f.id,
    area: f.area,
    path: stepUrl(f, 'inquiry/'),
    labelKey: f.menu!.labelKey,
    icon: f.menu!.icon,
    order: f.menu!.order,
    ...(f.menu!.descriptionKey ? { descriptionKey: f.menu!.descriptionKey } : {}),
    ...(f.requires ? { requires: f.requires } : {}),
  }))
  .sort((a, b) => a.area.localeCompare(b.area) || a.order - b.order);
