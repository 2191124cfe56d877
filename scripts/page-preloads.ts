// After the main app's build (`npm run build`): which chunks a signed-in page's HTML names
// (src/shared/page-preloads.ts), from the build's chunk files (scripts/vite/emit-chunk-files.ts) and the
// flows, into dist/.vite/page-preloads.json for the server.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isLaterStep, pageStepPathsOf } from '../src/shared/flows/steps';
import { loadFlowsOrThrow } from '../src/shared/flows/load-node';
import type { LoadedFlow } from '../src/shared/flows/types';
import { PAGE_PRELOADS_FILE, type PagePreloads, type PreloadLang } from '../src/shared/page-preloads';
import { CHUNK_FILES, type ChunkFiles } from './chunk-files';

const ROOT = path.resolve(import.meta.dirname, '..');
const LANGS: PreloadLang[] = ['en', 'id'];
/** The string group a signed-in page adds before its first render (src/app/main.tsx, src/app/strings.ts). */
const STRING_GROUPS = ['late'];

/**
 * Per flow page, what the app asks for when it opens there (src/engine/index.ts preloadFlowsOf): each
 * flow file of its route with its strings, the form when the route has one flow, and on a verify or
 * receipt page the chunk of those pages.
 */
export function pagePreloadsOf(chunks: ChunkFiles, flows: Pick<LoadedFlow, 'flow' | 'file'>[]): PagePreloads {
  const signedIn = chunks.groups.shell ?? [];
  const flowPage = chunks.groups['flow-page'] ?? [];
  const flowSteps = chunks.groups['flow-steps'] ?? [];
  if (!signedIn.length || !flowPage.length || !flowSteps.length)
    throw new Error(
      'page-preloads: the build has no shell, flow-page or flow-steps chunk (vite.config.ts TOGETHER)',
    );
  const own = (file: string | undefined, what: string) => {
    if (!file) throw new Error(`page-preloads: the build has no chunk for ${what}`);
    return file;
  };
  // what src/app/main.tsx and the app's table (src/app/router.tsx) add before a signed-in page's first render
  const signedInStrings = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      STRING_GROUPS.map((g) => own(chunks.strings[`${g}-${lang}`], `${g}-${lang}`)),
    ]),
  ) as PagePreloads['signedInStrings'];
  const flowPages: PagePreloads['flowPages'] = {};
  for (const route of new Set(flows.map((f) => f.flow.route))) {
    const ofRoute = flows.filter((f) => f.flow.route === route);
    const entry: string[] = [];
    for (const { file } of ofRoute) entry.push(own(chunks.flows[file], file));
    const form = ofRoute.length === 1 ? ofRoute[0]!.flow.form?.schema : undefined;
    if (form) {
      entry.push(own(chunks.forms[form], form));
    }
    // a verify or receipt page (opened again by a reload) adds those pages' code
    const later = [...entry, ...flowSteps];
    for (const { flow } of ofRoute)
      for (const step of pageStepPathsOf(flow))
        flowPages[`${route}${step}`] = ofRoute.some((f) => isLaterStep(f.flow, step)) ? later : entry;
  }
  // the dashboard's and the exchange rates' code and strings (their routes wait for both:
  // src/features/dashboard/routes.tsx, src/app/authenticated-routes.tsx), in the HTML of the page a
  // customer lands on after logging in, not a round trip after the app's start
  const dashboard = chunks.groups.dashboard ?? [];
  if (!dashboard.length)
    throw new Error('page-preloads: the build has no dashboard chunk (vite.config.ts TOGETHER)');
  const dashboardChunks = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      [...dashboard, own(chunks.areas?.[`dashboard-${lang}`], `dashboard-${lang}`)],
    ]),
  ) as Record<PreloadLang, string[]>;
  const pageChunks: PagePreloads['pageChunks'] = {
    '/dashboard/': dashboardChunks,
    '/exchange-rate/': dashboardChunks,
  };
  return { signedIn, signedInStrings, pageChunks, flowPage, flowPages };
}

export function writePagePreloads(dist = path.join(ROOT, 'dist')): void {
  const chunks = JSON.parse(readFileSync(path.join(dist, CHUNK_FILES), 'utf8')) as ChunkFiles;
  writeFileSync(
    path.join(dist, PAGE_PRELOADS_FILE),
    JSON.stringify(pagePreloadsOf(chunks, loadFlowsOrThrow())),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writePagePreloads(process.argv[2]);
}
