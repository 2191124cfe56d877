import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** schemas/api: the very files the client validates and types against. */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/api');

type Json = unknown;
const cache = new Map<string, Record<string, Json>>();

function load(file: string): Record<string, Json> {
  let schema = cache.get(file);
  if (!schema) {
    schema = JSON.parse(readFileSync(path.join(API_DIR, file), 'utf8')) as Record<string, Json>;
    cache.set(file, schema);
  }
  return schema;
}

/**
 * A route schema with every $ref inlined (other files and local #/definitions) and no $id/$schema,
 * so each route compiles on its own: no shared-schema registration that could clash with another
 * plugin's, and the OpenAPI document stays self-contained. `file` is relative to schemas/api.
 */
export function dashboardSchema(file: string): Record<string, Json> {
  const inline = (node: Json, currentFile: string, root: Record<string, Json>): Json => {
    if (Array.isArray(node)) return node.map((n) => inline(n, currentFile, root));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, Json>;
    if (typeof obj.$ref === 'string') {
      const [target, pointer] = obj.$ref.split('#') as [string, string | undefined];
      const targetFile = target ? path.posix.join(path.posix.dirname(currentFile), target) : currentFile;
      const targetRoot = target ? load(targetFile) : root;
      let resolved: Json = targetRoot;
      for (const part of (pointer ?? '').split('/').filter(Boolean)) {
        resolved = (resolved as Record<string, Json>)[part];
      }
      if (resolved === undefined) throw new Error(`unresolvable $ref ${obj.$ref} in ${currentFile}`);
      const { $ref: _ref, ...siblings } = obj;
      const body = inline(resolved, targetFile, targetRoot) as Record<string, Json>;
      return { ...body, ...(inline(siblings, currentFile, root) as Record<string, Json>) };
    }
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(obj)) {
      if (k === '$id' || k === '$schema' || k === 'definitions') continue;
      out[k] = inline(v, currentFile, root);
    }
    return out;
  };
  const root = load(file);
  return inline(root, file, root) as Record<string, Json>;
}
