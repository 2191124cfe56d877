/**
 * The variants of a conditional form (if/then/else, dependencies, oneOf by a `const`): for each, the
 * values that open it. The story generator makes a story of each, so every branch is reviewed.
 */
export interface FormBranch {
  /** e.g. "method=rtgs" or "purpose (filled)". */
  label: string;
  /** What the form starts with to show that branch. */
  form: Record<string, unknown>;
}

type Schema = Record<string, unknown>;
const obj = (v: unknown): Schema | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : undefined;

/** A value that fits a property, for a field that only has to be filled (dependencies). */
function sampleOf(prop: Schema | undefined): unknown {
  if (!prop) return 'x';
  if (Array.isArray(prop.enum) && prop.enum.length) return prop.enum[0];
  if ('const' in prop) return prop.const;
  if (prop.type === 'integer' || prop.type === 'number') return Math.max(Number(prop.minimum ?? 1), 1);
  if (prop.type === 'boolean') return true;
  return 'x';
}

export function formBranches(schema: Schema | undefined): FormBranch[] {
  if (!schema) return [];
  const props = obj(schema.properties) ?? {};
  const out = new Map<string, FormBranch>();
  const add = (field: string, value: unknown) => {
    const label = `${field}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    out.set(label, { label, form: { [field]: value } });
  };
  const conditions = (s: Schema) => {
    const cond = obj(s.if);
    for (const [field, p] of Object.entries(obj(cond?.properties) ?? {})) {
      const c = obj(p);
      const all = obj(props[field])?.enum;
      // Every option of the field (each shows one side of the branch), else the value the branch names.
      if (Array.isArray(all)) all.forEach((v) => add(field, v));
      else if (c && 'const' in c) add(field, c.const);
      else if (Array.isArray(c?.enum)) c.enum.forEach((v) => add(field, v));
    }
    for (const k of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((x) => obj(x) && conditions(obj(x)!));
  };
  conditions(schema);
  for (const [field, dep] of Object.entries(obj(schema.dependencies) ?? {})) {
    const d = obj(dep);
    // A dependency by oneOf: each variant names the field's value that opens it.
    const variants = Array.isArray(d?.oneOf) ? (d.oneOf as unknown[]).map(obj) : [];
    const consts = variants.flatMap((v) => {
      const c = obj(obj(v?.properties)?.[field]);
      return c && 'const' in c ? [c.const] : Array.isArray(c?.enum) ? (c.enum as unknown[]) : [];
    });
    if (consts.length) consts.forEach((v) => add(field, v));
    else {
      const label = `${field} (filled)`;
      out.set(label, { label, form: { [field]: sampleOf(obj(props[field])) } });
    }
  }
  return [...out.values()];
}
