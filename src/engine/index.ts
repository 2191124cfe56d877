import type { RouteObject } from 'react-router';
import { FLOWS } from './flows-data';
import { fdsPagesOf, menuEntriesOf, pagePathsOf, type FlowMenuEntry } from './routes-of';

export type { FlowMenuEntry };

// The renderer, RJSF and the machines load only on transaction pages (route `lazy`).
const loadPage = () => import('./ui/flow-page');

/** Routes of every flow file (inquiry, verify, receipt, declared extra steps, FDS pages), under one pathless layout. */
export const flowRoutes: RouteObject[] = [
  {
    id: 'engine-flows',
    lazy: async () => ({ Component: (await loadPage()).FlowLayout }),
    children: [
      ...pagePathsOf(FLOWS).map(({ route, stepPath, path }): RouteObject => ({
        path,
        handle: { flowStep: { route, stepPath } },
        // One component for every step: moving between a flow's steps keeps its page mounted.
        lazy: async () => ({ Component: (await loadPage()).FlowStepPage }),
      })),
      // The FDS challenge of whichever flow of the area is in progress (/payment/fds-payment/, ...).
      ...fdsPagesOf(FLOWS).map((path): RouteObject => ({
        path,
        handle: { flowStep: { fdsPage: path, stepPath: 'fds-challenge/' } },
        lazy: async () => ({ Component: (await loadPage()).FlowStepPage }),
      })),
    ],
  },
];

export const flowMenuEntries: FlowMenuEntry[] = menuEntriesOf(FLOWS);
