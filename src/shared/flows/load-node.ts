import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkFlows, jsonSyntaxMessage, type FlowCheckResult } from './check';
import type { FlowProblem, LoadedFlow } from './types';
import type { ListEntry, ProviderCategory, RefList, ReferenceData } from './reference';
import { isNumberRule } from './field-types';

/** The three folders a flow set lives in; tests pass a temporary copy. */
export interface FlowFolders {
  flowsDir: string;
  schemasDir: string;
  localesDir: string;
  /** Reference lists (lists/<name>.json) and provider categories (providers/<category>.json). */
  listsDir?: string;
  providersDir?: string;
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
    listsDir: path.join(root, 'lists'),
    providersDir: path.join(root, 'providers'),
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

const asEntries = (v: unknown): ListEntry[] | undefined =>
  Array.isArray(v) &&
  v.every(
    (e) =>
      e &&
      typeof e === 'object' &&
      typeof (e as ListEntry).code === 'string' &&
      typeof (e as ListEntry).name?.en === 'string' &&
      typeof (e as ListEntry).name?.id === 'string',
  )
    ? (v as ListEntry[])
    : undefined;

/**
 * Reads the reference lists and provider categories. A file that is not JSON, or whose entries lack a
 * code or a name in both languages, is a problem (with its file) and is left out.
 */
export function loadReferenceData(folders: FlowFolders = projectFolders()): {
  data: ReferenceData;
  problems: FlowProblem[];
} {
  const root = folders.root ?? path.dirname(folders.flowsDir);
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const data: ReferenceData = { lists: {}, providers: {} };
  const problems: FlowProblem[] = [];
  const read = (dir: string | undefined, each: (name: string, value: unknown, file: string) => void) => {
    if (!dir) return;
    for (const name of listJson(dir)) {
      const full = path.join(dir, name);
      const text = readFileSync(full, 'utf8');
      try {
        each(name.replace(/\.json$/, ''), JSON.parse(text), rel(full));
      } catch (err) {
        problems.push({ file: rel(full), path: '$', message: jsonSyntaxMessage(text, err) });
      }
    }
  };
  read(folders.listsDir, (name, value, file) => {
    const list = value as RefList;
    if (!asEntries(list?.entries))
      problems.push({
        file,
        path: '$.entries',
        message:
          'A list needs "entries", each with a "code" and a "name" in both languages ({ "en", "id" }).',
      });
    else data.lists[name] = { ...list, id: name };
  });
  read(folders.providersDir, (name, value, file) => {
    const cat = value as ProviderCategory;
    const entries = asEntries(cat?.providers);
    if (!entries)
      problems.push({
        file,
        path: '$.providers',
        message:
          'A provider category needs "providers", each with a "code", a "name" in both languages and a "settlementAccount".',
      });
    else {
      entries.forEach((e, i) => {
        if (typeof e.settlementAccount !== 'string' || !/^[A-Z0-9][A-Z0-9-]*$/.test(e.settlementAccount))
          problems.push({
            file,
            path: `$.providers[${i}].settlementAccount`,
            message: `"settlementAccount" must be the bank's internal account for this provider, in capitals (like "SETTLEMENT-PLN").`,
          });
        const n = e.number as { min?: unknown; max?: unknown } | undefined;
        if (
          n !== undefined &&
          (!isNumberRule(n) ||
            [n.min, n.max].some((x) => x !== undefined && !(Number.isInteger(x) && (x as number) > 0)) ||
            (typeof n.min === 'number' && typeof n.max === 'number' && n.min > n.max))
        )
          problems.push({
            file,
            path: `$.providers[${i}].number`,
            message: `"number" is the customer number's field type of spec section 5 and its length: { "type": "N" | "AN" | "ANS" | "ANSS" | "EMAIL", "min", "max" } (whole numbers, min not above max).`,
          });
      });
      data.providers[name] = { ...cat, category: name };
    }
  });
  return { data, problems };
}

/**
 * Reads and checks every flow under the folders. Flows with problems are left out of `flows`. Checked
 * once per process while the files stay as they were (the check compiles every form schema, and an
 * app build, the scheduler and many tests ask for the same folders): each call gets its own copy.
 */
export function loadFlowsFromDisk(
  folders: FlowFolders = projectFolders(),
  /** The folders' folderKey when the caller has just read it. */
  key = folderKey(folders),
): FlowCheckResult {
  let result = key === undefined ? undefined : checked.get(key);
  if (!result) {
    result = checkFolders(folders);
    // Kept only when no file changed while it was read.
    if (key === undefined || folderKey(folders) !== key) return result;
  }
  checked.delete(key!);
  checked.set(key!, result);
  if (checked.size > KEEP_CHECKED) checked.delete(checked.keys().next().value!);
  return structuredClone(result);
}

/** Checked flow sets by folderKey, the most recently used last. */
const checked = new Map<string, FlowCheckResult>();
const KEEP_CHECKED = 8;

/**
 * What a check of the folders reads, as one key: each folder's place under the root (messages name
 * files by it) and every file in it, name and bytes. Undefined when a folder cannot be listed or
 * holds a link to a folder (the check then runs and throws, or reads through it, as always). Also the
 * server's catalog's key: what it was built from is what this reads.
 */
export function folderKey(folders: FlowFolders): string | undefined {
  const root = folders.root ?? path.dirname(folders.flowsDir);
  const hash = createHash('sha256');
  const dirs = [
    folders.flowsDir,
    folders.schemasDir,
    folders.localesDir,
    folders.listsDir,
    folders.providersDir,
  ];
  try {
    for (const dir of dirs) {
      hash.update(`\0${dir === undefined ? 'none' : JSON.stringify(path.relative(root, dir))}\0`);
      if (!dir || !existsSync(dir)) continue;
      const files = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => !e.isDirectory())
        .map((e) => path.join(e.parentPath, e.name))
        .sort();
      for (const file of files) {
        const bytes = readFileSync(file);
        hash.update(`\0${path.relative(dir, file)}\0${bytes.length}\0`);
        hash.update(bytes);
      }
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

function checkFolders(folders: FlowFolders): FlowCheckResult {
  const root = folders.root ?? path.dirname(folders.flowsDir);
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const flows = listJson(folders.flowsDir).map((name) => {
    const full = path.join(folders.flowsDir, name);
    return { file: rel(full), name, text: readFileSync(full, 'utf8') };
  });
  const reference = loadReferenceData(folders);
  const result = checkFlows({
    reference: reference.data,
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
  return { ...result, problems: [...reference.problems, ...result.problems] };
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
