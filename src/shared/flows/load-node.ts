import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkFlows, type FlowCheckResult } from './check';
import type { LoadedFlow } from './types';

/** The three folders a flow set lives in; tests pass a temporary copy. */
export interface FlowFolders {
  flowsDir: string;
  schemasDir: string;
  localesDir: string;
  /** Folder the messages show paths relative to (default: the parent of flowsDir). */
  root?: string;
}

/** The project's own folders. */
export function projectFolders(root = path.resolve(import.meta.dirname, '..', '..', '..')): FlowFolders {
  return {
    root,
    flowsDir: path.join(root, 'flows'),
    schemasDir: path.join(root, 'schemas'),
    localesDir: path.join(root, 'locales'),
  };
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function readLocales(localesDir: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  if (!existsSync(localesDir)) return out;
  for (const lang of readdirSync(localesDir)) {
    const dir = path.join(localesDir, lang);
    out[lang] = {};
    for (const f of listJson(dir)) {
      try {
        out[lang][f.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
      } catch {
        // i18n:check reports broken locale files; a key read from one is simply missing here
      }
    }
  }
  return out;
}

/** Reads and checks every flow under the folders. Flows with problems are left out of `flows`. */
export function loadFlowsFromDisk(folders: FlowFolders = projectFolders()): FlowCheckResult {
  const root = folders.root ?? path.dirname(folders.flowsDir);
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const flows = listJson(folders.flowsDir).map((name) => {
    const full = path.join(folders.flowsDir, name);
    return { file: rel(full), name, text: readFileSync(full, 'utf8') };
  });
  return checkFlows({
    flows,
    readSchema: (p) => {
      const full = path.resolve(folders.schemasDir, p);
      if (!full.startsWith(path.resolve(folders.schemasDir) + path.sep) || !existsSync(full))
        return undefined;
      return readFileSync(full, 'utf8');
    },
    locales: readLocales(folders.localesDir),
    schemasLabel: `${rel(folders.schemasDir)}/`,
  });
}

/** Loads flows for the server: throws with every problem listed when any flow is wrong. */
export function loadFlowsOrThrow(folders: FlowFolders = projectFolders()): LoadedFlow[] {
  const { flows, problems } = loadFlowsFromDisk(folders);
  if (problems.length)
    throw new Error(
      `Flow files have ${problems.length} problem(s):\n` +
        problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n'),
    );
  return flows;
}
