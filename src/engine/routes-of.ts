import { FDS_CHALLENGE_PAGES, fdsPageOf, firstStepPath, stepsOf, stepUrl } from '@/shared/flows';
import { byCodePoint, stepPathsOfRoute, type FlowMeta } from './flows-data';

/** Menu entry of a flow on its area's chooser page (/transfer/, /payment/, /purchase/, ...). */
export interface FlowMenuEntry {
  flowId: string;
  area: string;
  /** Route of the flow's first step, e.g. /payment/bpjs/inquiry/ (or the page its menu names). */
  path: string;
  labelKey: string;
  icon?: string;
  order: number;
  descriptionKey?: string;
  requires?: 'casa' | 'mainCard';
}

/** Every page path of the given flows ("/payment/bpjs/inquiry/", ...), by base route. */
export function pagePathsOf(flows: readonly FlowMeta[]): { route: string; stepPath: string; path: string }[] {
  return [...new Set(flows.map((f) => f.route))].flatMap((route) =>
    stepPathsOfRoute(route, flows).map((stepPath) => ({ route, stepPath, path: `${route}${stepPath}` })),
  );
}

/**
 * The FDS challenge pages: every area's page of rules/fds.json (the spec's routes, served whether or
 * not a flow of the area asks for it yet), and `<route>fds-challenge/` of a flow of another area that does.
 */
export function fdsPagesOf(flows: readonly FlowMeta[]): string[] {
  const own = flows.filter((f) => stepsOf(f).some((s) => s.view === 'fds')).map(fdsPageOf);
  return [...new Set([...Object.values(FDS_CHALLENGE_PAGES), ...own])];
}

export function menuEntriesOf(flows: readonly FlowMeta[]): FlowMenuEntry[] {
  return flows
    .filter((f) => f.menu)
    .map((f) => ({
      flowId: f.id,
      area: f.area,
      path: f.menu!.path ?? stepUrl(f, firstStepPath(f)),
      labelKey: f.menu!.labelKey,
      icon: f.menu!.icon,
      order: f.menu!.order,
      ...(f.menu!.descriptionKey ? { descriptionKey: f.menu!.descriptionKey } : {}),
      ...(f.requires ? { requires: f.requires } : {}),
    }))
    .sort((a, b) => byCodePoint(a.area, b.area) || a.order - b.order);
}
