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
      handle: { flowStep: { route, stepPath } },
      // One component for every step: moving between a flow's steps keeps its page mounted.
      lazy: async () => ({ Component: (await loadPage()).FlowStepPage }),
    })),
  },
];

export const flowMenuEntries: FlowMenuEntry[] = menuEntriesOf(FLOWS);
