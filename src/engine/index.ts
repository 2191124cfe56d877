import type { RouteObject } from 'react-router';
import { FLOWS, flowStrings, flowsOfRoute, loadFlow } from './flows-data';
import { fdsPagesOf, menuEntriesOf, pagePathsOf, type FlowMenuEntry } from './routes-of';

export type { FlowMenuEntry };

// The renderer, RJSF and the machines load only on transaction pages (route `lazy`).
const loadPage = () => import('./ui/flow-page');

/**
 * What a flow page will ask for once it renders (the app preloads it with the page's chunks, so they
 * do not wait for the renderer): the route's flow files and their strings in the page's language, and
 * the form of a route with one flow.
 */
function preloadFlowsOf(route: string, language: string): void {
  const flows = flowsOfRoute(route);
  for (const meta of flows) {
    flowStrings(meta.id)(language === 'en' ? 'en' : 'id').catch(() => undefined);
    void loadFlow(meta.id).then(async (flow) => {
      if (flows.length !== 1 || !flow?.form) return;
      const { loadForm } = await import('./ui/form-loader');
      await loadForm(flow.form.schema);
    });
  }
}

/** Routes of every flow file (inquiry, verify, receipt, declared extra steps, FDS pages), under one pathless layout. */
export const flowRoutes: RouteObject[] = [
  {
    id: 'engine-flows',
    lazy: async () => ({ Component: (await loadPage()).FlowLayout }),
    children: [
      ...pagePathsOf(FLOWS).map(({ route, stepPath, path }): RouteObject => ({
        path,
        handle: {
          flowStep: { route, stepPath },
          preload: (language: string) => preloadFlowsOf(route, language),
        },
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

/**
 * Base routes that several flows share (/payment/credit-card/: own card, another bank's), each told
 * apart by `?type=`. A step of one opened without its type, and no transaction of the route in
 * progress, goes to the route's base: the app serves it (a page of its own, or the route's chooser).
 */
export const sharedFlowRoutes: string[] = [...new Set(FLOWS.map((f) => f.route))].filter(
  (route) => flowsOfRoute(route).length > 1,
);
