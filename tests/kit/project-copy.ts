import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectFolders } from '../../src/shared/flows/load-node';

type Json = Record<string, unknown>;

function merge(into: Json, add: Json): Json {
  for (const [k, v] of Object.entries(add)) {
    const cur = into[k];
    into[k] =
      v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object' && !Array.isArray(cur)
        ? merge(cur as Json, v as Json)
        : v;
  }
  return into;
}

/**
 * A copy of the project's data folders (flows, schemas, locales and the v2 data: providers, lists,
 * rules) with files added as an analyst would write them: `files` by path under the copy, `strings`
 * merged into locales/<lang>/flows.json. Point FLOWS_ROOT at `root` to serve it.
 */
export function projectCopy(opts: { files: Record<string, unknown>; strings?: { en: Json; id: Json } }) {
  const project = projectFolders();
  const root = mkdtempSync(path.join(tmpdir(), 'flows-copy-'));
  for (const d of ['flows', 'schemas', 'locales', 'providers', 'lists', 'rules']) {
    const from = path.join(project.root!, d);
    if (existsSync(from)) cpSync(from, path.join(root, d), { recursive: true });
  }
  for (const [rel, value] of Object.entries(opts.files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }
  for (const lang of ['en', 'id'] as const) {
    const add = opts.strings?.[lang];
    if (!add) continue;
    const file = path.join(root, 'locales', lang, 'flows.json');
    writeFileSync(file, JSON.stringify(merge(JSON.parse(readFileSync(file, 'utf8')) as Json, add), null, 2));
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
