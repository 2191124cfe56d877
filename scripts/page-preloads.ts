// After the main app's build (`npm run build`): which chunks a signed-in page's HTML names
// (src/shared/page-preloads.ts), from the build's chunk files (vite.config.ts chunk-files) and the
// flows, into dist/.vite/page-preloads.json for the server.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageStepPathsOf } from '../src/shared/flows/steps';
import { loadFlowsOrThrow } from '../src/shared/flows/load-node';
import type { LoadedFlow } from '../src/shared/flows/types';
import { PAGE_PRELOADS_FILE, type PagePreloads, type PreloadLang } from '../src/shared/page-preloads';
import { CHUNK_FILES, type ChunkFiles } from './chunk-files';

const ROOT = path.resolve(import.meta.dirname, '..');
const LANGS: PreloadLang[] = ['en', 'id'];
/** The string groups a signed-in page adds before its first render (src/app/strings.ts). */
const STRING_GROUPS = ['login', 'login-pages', 'late'];

/**
 * Per flow page, what the app asks for when it opens there (src/engine/index.ts preloadFlowsOf): each
 * flow file of its route with its strings, and the form when the route has one flow.
 */
export function pagePreloadsOf(chunks: ChunkFiles, flows: Pick<LoadedFlow, 'flow' | 'file'>[]): PagePreloads {
  const signedIn = chunks.groups.shell ?? [];
  const flowPage = chunks.groups['flow-page'] ?? [];
  if (!signedIn.length || !flowPage.length)
    throw new Error('page-preloads: the build has no shell or flow-page chunk (vite.config.ts TOGETHER)');
  const own = (file: string | undefined, what: string) => {
    if (!file) throw new Error(`page-preloads: the build has no chunk for ${what}`);
    return file;
  };
  // what src/app/main.tsx and the data router add before a signed-in page's first render
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
    for (const { flow } of ofRoute)
      for (const step of pageStepPathsOf(flow)) flowPages[`${route}${step}`] = entry;
  }
  return { signedIn, signedInStrings, flowPage, flowPages };
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
