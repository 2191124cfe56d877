import type { ResourceLanguage } from 'i18next';
import { pageStepPathsOf, type FlowFile, type StepsOfFlow } from '@/shared/flows';
import type { FLOW_BODY_KEYS } from '@/shared/flows/body-keys';
import type { StringLoader } from '@/shared/i18n/i18n';
import type { CompiledForm } from './generated';

/**
 * What the menu and the routes need of a flow, for every flow at once: its file without the body a
 * transaction runs on (FLOW_BODY_KEYS), its machine's states with their page metadata only. Built by the
 * `flow-parts` plugin (scripts/vite/flow-parts.ts), so the signed-in pages carry a few dozen bytes (gzip) a flow.
 */
export type FlowMeta = Omit<FlowFile, (typeof FLOW_BODY_KEYS)[number]> & { inquiry?: StepsOfFlow['inquiry'] };

const metas = import.meta.glob<FlowMeta>('/flows/**/*.json', {
  eager: true,
  query: '?flow-meta',
  import: 'default',
});
/**
 * Each flow's whole file with its strings in both languages and its forms' loaders (scripts/vite/flow-parts.ts,
 * flow-parts): a chunk of its own, loaded when its page opens; one entry here a flow, whatever else it brings.
 */
interface FlowBundle {
  flow: FlowFile;
  strings: Record<'en' | 'id', ResourceLanguage>;
  /** Each form schema the flow names ("forms/payment/bpjs.json"): its compiled module, on demand. */
  forms: Record<string, () => Promise<CompiledForm>>;
}
const bundles = import.meta.glob<FlowBundle>('/flows/**/*.json', { query: '?flow-bundle' });

/** Ids and area names in code-point order: localeCompare's first call builds a collator (~25 ms of a phone's first page). */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const FLOWS: FlowMeta[] = Object.values(metas).sort((a, b) => byCodePoint(a.id, b.id));
const fileOf = new Map(Object.entries(metas).map(([file, meta]) => [meta.id, file]));

export function flowMetaById(id: string): FlowMeta | undefined {
  return FLOWS.find((f) => f.id === id);
}

const loaded = new Map<string, Promise<FlowFile | undefined>>();
const formModules = new Map<string, () => Promise<CompiledForm>>();

/** The compiled module of a form schema some loaded flow names (loadFlow), or undefined. */
export function formModule(schema: string): (() => Promise<CompiledForm>) | undefined {
  return formModules.get(schema);
}

/** The whole flow file (cached); undefined for a flow that does not exist. */
export function loadFlow(id: string): Promise<FlowFile | undefined> {
  let p = loaded.get(id);
  if (!p) {
    const file = fileOf.get(id);
    const get = file ? bundles[file] : undefined;
    p = get
      ? get().then((b) => {
          for (const [schema, load] of Object.entries(b.forms)) formModules.set(schema, load);
          return b.flow;
        })
      : Promise.resolve(undefined);
    loaded.set(id, p);
  }
  return p;
}

const stringLoaders = new Map<string, StringLoader>();
/** A flow's own strings, one loader per flow (so `addStrings` adds each once, and again on a language switch). */
export function flowStrings(id: string): StringLoader {
  let load = stringLoaders.get(id);
  if (!load) {
    const file = fileOf.get(id);
    load = async (lang) => {
      const get = file ? bundles[file] : undefined;
      return get ? (await get()).strings[lang] : {};
    };
    stringLoaders.set(id, load);
  }
  return load;
}

const byRoute = new WeakMap<readonly FlowMeta[], Map<string, FlowMeta[]>>();
/** The flows of one base route (several for /transfer/, told apart by variant), in their menu order. */
export function flowsOfRoute<F extends FlowMeta>(route: string, flows: readonly F[] = FLOWS as F[]): F[] {
  // grouped once per list: the route table asks for each of its ~100 routes
  let routes = byRoute.get(flows);
  if (!routes) {
    routes = new Map();
    for (const f of flows) routes.set(f.route, [...(routes.get(f.route) ?? []), f]);
    for (const list of routes.values()) list.sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
    byRoute.set(flows, routes);
  }
  return [...((routes.get(route) ?? []) as F[])];
}

/** Distinct step paths of a route's flows (pageStepPathsOf), e.g. ["inquiry/", "verify/", "receipt/"]. */
export function stepPathsOfRoute(route: string, flows: readonly FlowMeta[] = FLOWS): string[] {
  return [...new Set(flowsOfRoute(route, flows).flatMap(pageStepPathsOf))];
}
