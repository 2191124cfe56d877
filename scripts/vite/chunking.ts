// The main app's chunks: its entry's static graph in one chunk, modules that always load together in one
// chunk each (issue 20; scripts/chunk-groups.ts), what several groups share in a chunk named by them.
import type { Plugin } from 'vite';
import { chunkGroups, type TogetherGroup } from '../chunk-groups.ts';
import { r } from './root.ts';

// What the main app's entry loads statically (computed when the module graph is complete, before
// chunks are made): one chunk, instead of the handful of shared chunks the automatic splitting
// makes of it because lazy chunks use parts of it too. Fewer requests, and gzip sees it as a whole.
const MAIN_ENTRY = r('./src/app/main.tsx');
/** The entry chunks of each app and the bundler's runtime ("assets/main-<hash>.js"). */
export const ALWAYS_LOADED = /^assets\/(main|register|mobile|rolldown-runtime)-[\w-]{8}\.js$/;
const mainStaticGraph = new Set<string>();

// Modules that always load together, one chunk each (issue 20; scripts/chunk-groups.ts): on HTTP/1.1 a
// phone fetches six files at a time, so thirty small chunks cost five round trips where two larger ones
// cost one.
const DASHBOARD_PAGES = [
  r('./src/features/dashboard/dashboard-page.tsx'),
  r('./src/features/dashboard/exchange-rate-page.tsx'),
];
export const TOGETHER: TogetherGroup[] = [
  // every signed-in page: the whole route table and the shell
  {
    name: 'shell',
    roots: [
      r('./src/app/router.tsx'),
      r('./src/app/authenticated-routes.tsx'),
      r('./src/app/shell/shell-layout.tsx'),
    ],
  },
  // the dashboard and the exchange rates (the page a customer lands on after logging in)
  { name: 'dashboard', roots: DASHBOARD_PAGES, after: ['shell'] },
  // every transaction page: the flow page and its form (RJSF, its validator's runtime)
  {
    name: 'flow-page',
    roots: [r('./src/engine/ui/flow-page.tsx'), r('./src/engine/ui/form-loader.ts')],
    after: ['shell'],
  },
  // what a transaction page adds once its form is sent: the verify, FDS challenge and receipt pages,
  // and the verify step's machinery (its submachines, loaded with them: verification-loader.ts; the
  // approval's wait for its decision)
  {
    name: 'flow-steps',
    roots: [
      r('./src/engine/ui/later-steps.ts'),
      r('./src/engine/machine/verification.ts'),
      r('./src/engine/services/approval-events.ts'),
    ],
    after: ['shell', 'flow-page'],
  },
];
const togetherGraphs = new Map<string, Set<string>>(TOGETHER.map((g) => [g.name, new Set()]));
/** What the groups import that other pages load too: its chunk, by the groups that import it (`shared~shell~flow-page`). */
const sharedChunkOf = new Map<string, string>();

/** Computes the groups' modules once the module graph is complete (the groups below read them). */
export function mainStaticGraphPlugin(): Plugin {
  return {
    name: 'main-static-graph',
    buildEnd() {
      const chunks = chunkGroups((id) => this.getModuleInfo(id), MAIN_ENTRY, TOGETHER);
      mainStaticGraph.clear();
      for (const id of chunks.get('main')!) mainStaticGraph.add(id);
      for (const { name } of TOGETHER) togetherGraphs.set(name, chunks.get(name)!);
      sharedChunkOf.clear();
      for (const [name, ids] of chunks)
        if (name.startsWith('shared~')) for (const id of ids) sharedChunkOf.set(id, name);
    },
  };
}

/** The main app's `output.codeSplitting`. */
export const codeSplitting = {
  includeDependenciesRecursively: false,
  // Made in this order (priority, then place): a group also takes the modules it imports
  // that no group made before it holds, so the entry's chunk comes first, then the shared
  // chunks, those more groups import first (what a shared module imports, at least as many
  // groups import), then the groups.
  groups: [
    { name: 'main', test: (id: string) => mainStaticGraph.has(id), priority: 100 },
    ...TOGETHER.map((_, i) => ({
      name: (id: string) => sharedChunkOf.get(id) ?? null,
      test: (id: string) => sharedChunkOf.get(id)?.split('~').length === i + 2,
      priority: 10 + i,
    })),
    ...TOGETHER.map(({ name }) => ({
      name,
      test: (id: string) => togetherGraphs.get(name)!.has(id),
      priority: 1,
    })),
  ],
};

// The entry and the bundler's runtime are in before any of its dynamic imports runs, and the
// imported file is asked for by the import itself: naming them in every on-demand chunk's preload
// list (a flow's file, now that it imports its forms) is bytes for nothing.
export const resolveDependencies = (file: string, deps: string[]) =>
  deps.filter((d) => d !== file && !ALWAYS_LOADED.test(d));
