/**
 * Shared form-schema fragments (schemas/forms/shared/*.json: "when to transfer"): a form names one as a
 * property, `{ "$ref": "../shared/when.json" }`, a path relative to the form's own file, as JSON Schema
 * does. Every reader of form schemas (the checker and so the server, the validator compiler, the
 * stories) inlines them with this one function, so RJSF renders the fragment's fields and the browser's
 * precompiled validator and the server's ajv check the very same rules. (The browser gets each form's
 * schema already inlined, in the module the validator compiler writes.)
 */

type Json = Record<string, unknown>;

/** "forms/transfer/x.json" + "../shared/when.json" -> "forms/shared/when.json" (posix, no leading slash). */
export function resolveSchemaPath(fromFile: string, ref: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const seg of ref.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/**
 * The schema with each `{ "$ref": "<file>" }` replaced by that fragment (its `$id` and `description`
 * dropped, so the form's own `$id` stays the only one; siblings of the `$ref` win over the fragment's
 * keys). A fragment that cannot be read throws, naming it; a fragment naming itself is refused.
 */
export function inlineSchemaRefs(
  schema: Json,
  fromFile: string,
  read: (path: string) => Json | undefined,
  seen: readonly string[] = [fromFile],
): Json {
  const walk = (v: unknown, file: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, file));
    if (!v || typeof v !== 'object') return v;
    const o = v as Json;
    const ref = o.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const target = resolveSchemaPath(file, ref);
      if (seen.includes(target)) throw new Error(`schema fragment ${target} refers to itself`);
      const fragment = read(target);
      if (!fragment) throw new Error(`schema fragment ${target} (named by ${file}) does not exist`);
      const {
        $id: _id,
        description: _d,
        ...body
      } = inlineSchemaRefs(fragment, target, read, [...seen, target]);
      const { $ref: _ref, ...siblings } = o;
      return { ...body, ...(walk(siblings, file) as Json) };
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x, file)]));
  };
  return walk(schema, fromFile) as Json;
}
