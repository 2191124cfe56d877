// After the main app's build (`npm run build`): which chunks a signed-in page's HTML names
// (src/shared/page-preloads.ts), from the build's chunk groups (vite.config.ts, scripts/chunk-groups.ts)
// and every flow's page paths, into dist/.vite/page-preloads.json for the server.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageStepPathsOf } from '../src/shared/flows/steps';
import { loadFlowsOrThrow } from '../src/shared/flows/load-node';
import type { FlowFile } from '../src/shared/flows/types';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../src/shared/page-preloads';
import { CHUNK_GROUPS_FILE } from './chunk-groups';

const ROOT = path.resolve(import.meta.dirname, '..');

export function pagePreloadsOf(groups: Record<string, string[]>, flows: FlowFile[]): PagePreloads {
  const signedIn = groups.shell ?? [];
  const flowPage = groups['flow-page'] ?? [];
  if (!signedIn.length || !flowPage.length)
    throw new Error('page-preloads: the build has no shell or flow-page chunk (vite.config.ts TOGETHER)');
  const paths = flows.flatMap((f) => pageStepPathsOf(f).map((step) => `${f.route}${step}`));
  return { signedIn, flowPage, flowPagePaths: [...new Set(paths)].sort() };
}

export function writePagePreloads(dist = path.join(ROOT, 'dist')): void {
  const groups = JSON.parse(readFileSync(path.join(dist, CHUNK_GROUPS_FILE), 'utf8')) as Record<
    string,
    string[]
  >;
  const flows = loadFlowsOrThrow().map((f) => f.flow);
  writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), JSON.stringify(pagePreloadsOf(groups, flows)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writePagePreloads(process.argv[2]);
}
