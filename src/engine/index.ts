import type { RouteObject } from 'react-router';

/** Menu entry of a flow on its area's chooser page (/transfer/, /payment/, /purchase/, ...). */
export interface FlowMenuEntry {
  flowId: string;
  area: string;
  /** Route of the flow's first step, e.g. /payment/bpjs/inquiry/. */
  path: string;
  labelKey: string;
  icon?: string;
  order: number;
}

/** Routes of every flow file (inquiry, verify, receipt and declared extra steps). Filled by the engine. */
export const flowRoutes: RouteObject[] = [];
export const flowMenuEntries: FlowMenuEntry[] = [];
