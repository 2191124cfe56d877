import { stepsOf, type FlowFile } from '@/shared/flows';

/** Every flow file, bundled as data (small JSON; the renderer and RJSF stay lazy). */
const files = import.meta.glob<FlowFile>('/flows/**/*.json', { eager: true, import: 'default' });

export const FLOWS: FlowFile[] = Object.values(files).sort((a, b) => a.id.localeCompare(b.id));

export function flowById(id: string): FlowFile | undefined {
  return FLOWS.find((f) => f.id === id);
}

/** The flows of one base route (several for /transfer/, told apart by variant). */
export function flowsOfRoute(route: string, flows: FlowFile[] = FLOWS): FlowFile[] {
  return flows.filter((f) => f.route === route).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
}

/** Distinct step paths of a route's flows, e.g. ["inquiry/", "verify/", "receipt/"]. */
export function stepPathsOfRoute(route: string, flows: FlowFile[] = FLOWS): string[] {
  return [...new Set(flowsOfRoute(route, flows).flatMap((f) => stepsOf(f).map((s) => s.path)))];
}
