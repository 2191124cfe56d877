import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** schemas/api/auth: the same files the client validates against (one schema, several consumers). */
const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/api/auth');

export type JsonSchema = Record<string, unknown> & { $id: string };

const all = new Map<string, JsonSchema>();
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.json'))) {
  const schema = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as JsonSchema;
  all.set(file.replace(/\.json$/, ''), schema);
}

/** Shared pieces referenced by `$ref`; registered with app.addSchema before the routes. */
export const sharedAuthSchemas = ['customer-summary', 'otp-challenge'].map((name) => {
  const { $schema: _drop, ...rest } = authSchema(name);
  return rest;
});

/** A schema by file name without .json, e.g. 'login.request', exactly as the file says. */
export function authSchema(name: string): JsonSchema {
  const schema = all.get(name);
  if (!schema) throw new Error(`schemas/api/auth/${name}.json is missing`);
  return schema;
}

/**
 * The schema for a route: a copy without $id/$schema (one $id compiled by several routes would
 * clash) whose relative $refs point at the shared schemas' absolute $ids.
 */
export function routeSchema(name: string): Record<string, unknown> {
  const { $id, $schema: _drop, ...rest } = authSchema(name);
  const base = new URL('.', $id);
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' ? new URL(v, base).toString() : rewrite(v),
        ]),
      );
    }
    return node;
  };
  return rewrite(rest) as Record<string, unknown>;
}
