import { createElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { FlowStepHandle } from './ui/flow-page';
import type { i18n as I18n } from 'i18next';
import { FLOWS, flowsOfRoute, loadFlow } from './flows-data';
import { flowReady } from './flow-ready';
import { fdsPagesOf, menuEntriesOf, pagePathsOf, type FlowMenuEntry } from './routes-of';
import { isLaterStep } from '@/shared/flows';
import { stepStrings } from './strings';

export type { FlowMenuEntry };

// The renderer, RJSF and the machines load only on transaction pages (route `lazy`).
const loadPage = () => import('./ui/flow-page');

/** The verify, FDS challenge and receipt pages' code (ui/later-steps.ts) and strings, for a page opened on one of them. */
const preloadLaterSteps = (i18n: I18n) => {
  void import('./ui/later-steps').catch(() => undefined);
  stepStrings(i18n.language === 'en' ? 'en' : 'id').catch(() => undefined);
};

/**
 * What a flow page will ask for once it renders (the app preloads it with the page's chunks, so they
 * do not wait for the renderer): the route's flows with their strings added (flow-ready.ts, the very
 * promises the page reads), the form of a route with one flow (and the widgets it draws that load on
 * demand), and on a verify or receipt page those pages' code.
 */
function preloadFlowsOf(route: string, stepPath: string, i18n: I18n): void {
  const flows = flowsOfRoute(route);
  if (flows.some((f) => isLaterStep(f, stepPath))) preloadLaterSteps(i18n);
  for (const meta of flows) {
    flowReady(meta.id, i18n).catch(() => undefined);
    // the form as soon as the flow's file is in, not after its strings too
    void loadFlow(meta.id).then(async (flow) => {
      if (flows.length !== 1 || !flow?.form) return;
      const { loadForm, formWidgetsReady } = await import('./ui/form-loader');
      const [form] = await Promise.all([loadForm(flow.form.schema), formWidgetsReady(flow, flow.form)]);
      await formWidgetsReady(flow, flow.form, form.schema);
    });
  }
}

/** A step route's page: the one step component, told its step (the route's `handle.flowStep`). */
const stepPage = (flowStep: FlowStepHandle['flowStep']) => async (): Promise<{ element: ReactElement }> => ({
  element: createElement((await loadPage()).FlowStepPage, { flowStep }),
});

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
          preload: (i18n: I18n) => preloadFlowsOf(route, stepPath, i18n),
        },
        // One component for every step: moving between a flow's steps keeps its page mounted.
        lazy: stepPage({ route, stepPath }),
      })),
      // The FDS challenge of whichever flow of the area is in progress (/payment/fds-payment/, ...).
      ...fdsPagesOf(FLOWS).map((path): RouteObject => ({
        path,
        handle: { flowStep: { fdsPage: path, stepPath: 'fds-challenge/' }, preload: preloadLaterSteps },
        lazy: stepPage({ fdsPage: path, stepPath: 'fds-challenge/' }),
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
