import type { RouteObject } from 'react-router';
import { FLOWS } from './flows-data';
import { menuEntriesOf, pagePathsOf, type FlowMenuEntry } from './routes-of';

export type { FlowMenuEntry };

// The renderer, RJSF and the machines load only on transaction pages (route `lazy`).
const loadPage = () => import('./ui/flow-page');

/** Routes of every flow file (inquiry, verify, receipt and declared extra steps), under one pathless layout. */
export const flowRoutes: RouteObject[] = [
  {
    id: 'engine-flows',
    lazy: async () => ({ Component: (await loadPage()).FlowLayout }),
    children: pagePathsOf(FLOWS).map(({ route, stepPath, path }): RouteObject => ({
      path,
      lazy: async () => ({ Component: (await loadPage()).pageFor(route, stepPath) }),
    })),
  },
];

export const flowMenuEntries: FlowMenuEntry[] = menuEntriesOf(FLOWS);
