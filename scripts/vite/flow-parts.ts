// Flows load per flow (issue 20): what the menu and the routes need of every flow is eager and small
// (`flows/<x>.json?flow-meta`), a flow's whole file, form schema, validator and strings load when its
// page opens. A flow's strings are the subtrees of locales/<lang>/flows.json, two keys deep
// (`payment.bpjs`, `common.errors`), that it names, those several flows name included (each such flow's
// chunk repeats them); what no flow names (a bespoke page's) and every flow's title and menu label
// stay in the signed-in pages' strings.
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { FLOW_BODY_KEYS } from '../../src/shared/flows/body-keys.ts';
import { r } from './root.ts';

export const FLOWS_DIR = r('./flows');
/** The languages a flow's own strings come in (locales/<lang>/flows.json). */
const FLOW_LANGUAGES = ['en', 'id'];
type Json = null | string | number | boolean | Json[] | { [k: string]: Json };

function flowFilePaths(): string[] {
  return (readdirSync(FLOWS_DIR, { recursive: true }) as string[])
    .filter((f) => String(f).endsWith('.json'))
    .map((f) => path.join(FLOWS_DIR, String(f)))
    .sort();
}
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** Subtree paths (`payment.bpjs`, `common.errors`) of the flows: keys a flow file names. */
function flowsSubtreesOf(flow: Json): Set<string> {
  const out = new Set<string>();
  const walk = (v: Json) => {
    if (typeof v === 'string') {
      const m = /^flows:([\w-]+(?:\.[\w-]+)?)/.exec(v);
      if (m) out.add(m[1]!);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(flow);
  return out;
}
/** The form schemas a flow file names ("schema": "forms/payment/bpjs.json"): its form, its steps' forms. */
function formSchemasOf(flow: Json): string[] {
  const out = new Set<string>();
  const walk = (v: Json) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, w] of Object.entries(v)) {
        if (k === 'schema' && typeof w === 'string' && w.startsWith('forms/')) out.add(w);
        else walk(w);
      }
  };
  walk(flow);
  return [...out].sort();
}

/** Each flow file's subtrees (what it names). */
function namedSubtrees(): Map<string, string[]> {
  return new Map(flowFilePaths().map((f) => [f, [...flowsSubtreesOf(readJson(f))]]));
}
const getPath = (obj: Json, dotted: string): Json | undefined =>
  dotted
    .split('.')
    .reduce<Json | undefined>(
      (o, k) => (o && typeof o === 'object' && !Array.isArray(o) ? o[k] : undefined),
      obj,
    );
function setPath(obj: { [k: string]: Json }, dotted: string, value: Json) {
  const keys = dotted.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as { [k: string]: Json };
  o[keys.at(-1)!] = value;
}
function deletePath(obj: Json, dotted: string) {
  const keys = dotted.split('.');
  const parent = getPath(obj, keys.slice(0, -1).join('.') || '') ?? (keys.length === 1 ? obj : undefined);
  const o = keys.length === 1 ? obj : parent;
  if (o && typeof o === 'object' && !Array.isArray(o)) delete o[keys.at(-1)!];
}
/**
 * A flow's states with their page metadata only (what `stepsOf` reads: each page's view, path and
 * titles), none of their transitions, nor an extra step's form (it loads with the flow's file).
 */
function machineSkeleton(machine: Json): Json {
  if (!machine || typeof machine !== 'object' || Array.isArray(machine)) return machine;
  const states = (s: Json): Json =>
    s && typeof s === 'object' && !Array.isArray(s)
      ? Object.fromEntries(
          Object.entries(s).map(([name, st]) => {
            const o = (st ?? {}) as { [k: string]: Json };
            const meta = o.meta && typeof o.meta === 'object' && !Array.isArray(o.meta) ? o.meta : undefined;
            const page = meta && Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'form'));
            return [
              name,
              { ...(page ? { meta: page } : {}), ...(o.states ? { states: states(o.states) } : {}) },
            ];
          }),
        )
      : s;
  return { ...machine, states: states(machine.states ?? {}) };
}

// `flows/<x>.json?flow-meta`, `?flow-bundle` and `locales/<lang>/flows.json?flow-shared`
// (src/engine/flows-data.ts; the rules above).
export function flowPartsPlugin(): Plugin {
  return {
    name: 'flow-parts',
    load(id) {
      const [file, query] = id.split('?') as [string, string | undefined];
      if (!query || !file.endsWith('.json')) return null;
      if (file.startsWith(FLOWS_DIR) && query === 'flow-meta') {
        this.addWatchFile(file);
        const flow = readJson(file) as { [k: string]: Json };
        const meta = Object.fromEntries(
          Object.entries(flow).filter(
            ([k]) => !(FLOW_BODY_KEYS as readonly string[]).includes(k) && k !== '$schema',
          ),
        );
        if (flow.machine) meta.machine = machineSkeleton(flow.machine);
        // A multi-step inquiry's pages (stepsOf): each step's id, path and title, none of its form.
        const inquiry = flow.inquiry as { [k: string]: Json } | undefined;
        if (Array.isArray(inquiry?.steps))
          meta.inquiry = {
            ...(inquiry.path ? { path: inquiry.path } : {}),
            ...(inquiry.titleKey ? { titleKey: inquiry.titleKey } : {}),
            steps: inquiry.steps.map((st) => {
              const { id, path: p, titleKey } = st as { [k: string]: Json };
              return { id, path: p, ...(titleKey ? { titleKey } : {}) } as Json;
            }),
          };
        return `export default ${JSON.stringify(meta)};`;
      }
      // A flow's whole file and its strings in both languages: one chunk, one request; its forms' loaders.
      if (file.startsWith(FLOWS_DIR) && query === 'flow-bundle') {
        const strings: { [lang: string]: Json } = {};
        this.addWatchFile(file);
        for (const lang of FLOW_LANGUAGES) {
          const locale = r(`./locales/${lang}/flows.json`);
          this.addWatchFile(locale);
          const all = readJson(locale);
          const own: { [k: string]: Json } = {};
          for (const k of flowsSubtreesOf(readJson(file))) {
            const v = getPath(all, k);
            if (v !== undefined) setPath(own, k, v);
          }
          strings[lang] = { flows: own };
        }
        // Its forms' modules (schema and precompiled validator, scripts/compile-validators.ts), each
        // a chunk of its own that loads when the form draws: the app keeps no index of every form.
        const flow = readJson(file);
        const forms = formSchemasOf(flow).map(
          (schema) =>
            `${JSON.stringify(schema)}: () => import(${JSON.stringify(r(`./src/engine/generated/${schema.replace(/\.json$/, '.ts')}`))})`,
        );
        return `export const flow = ${JSON.stringify(flow)};
export const strings = ${JSON.stringify(strings)};
export const forms = {${forms.join(', ')}};`;
      }
      const shared = /[\\/]locales[\\/]([\w-]+)[\\/]flows\.json$/.exec(file);
      // What no flow names (a bespoke page's), for every signed-in page.
      if (shared && query === 'flow-shared') {
        for (const f of [file, ...flowFilePaths()]) this.addWatchFile(f);
        const all = readJson(file);
        for (const keys of namedSubtrees().values()) for (const k of keys) deletePath(all, k);
        return `export default ${JSON.stringify(all)};`;
      }
      // Every flow's title, menu label and description, for the pages that list flows (choosers, the
      // header's search, favourites, bills): not on every page, since it grows with every flow.
      if (shared && query === 'flow-names') {
        for (const f of [file, ...flowFilePaths()]) this.addWatchFile(f);
        const all = readJson(file);
        const names: { [k: string]: Json } = {};
        for (const f of flowFilePaths()) {
          const flow = readJson(f) as {
            titleKey?: string;
            menu?: { labelKey?: string; descriptionKey?: string };
          };
          for (const k of [flow.titleKey, flow.menu?.labelKey, flow.menu?.descriptionKey]) {
            const v = k?.startsWith('flows:') ? getPath(all, k.slice(6)) : undefined;
            if (v !== undefined) setPath(names, k!.slice(6), v);
          }
        }
        return `export default ${JSON.stringify(names)};`;
      }
      return null;
    },
  };
}
