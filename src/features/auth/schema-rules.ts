/**
 * Validates a flat form against the same JSON Schema the server uses (the subset those request
 * schemas use: required, type string/integer, minLength, maxLength, pattern, format date, const).
 * Interpreted rather than compiled, so it needs no eval under the strict CSP.
 */
export interface FieldSchema {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  title?: string;
  description?: string;
}

export interface ObjectSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, FieldSchema>;
}

export type Rule = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'format' | 'enum';

export interface FieldProblem {
  rule: Rule;
  min?: number;
  max?: number;
}

export function checkField(schema: FieldSchema, value: string, required: boolean): FieldProblem | null {
  if (value === '') return required ? { rule: 'required' } : null;
  if (schema.minLength !== undefined && value.length < schema.minLength)
    return { rule: 'minLength', min: schema.minLength, max: schema.maxLength };
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return { rule: 'maxLength', min: schema.minLength, max: schema.maxLength };
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
    return { rule: 'pattern', min: schema.minLength, max: schema.maxLength };
  if (schema.format === 'date' && !isIsoDate(value)) return { rule: 'format' };
  if (schema.enum && !schema.enum.includes(value)) return { rule: 'enum' };
  return null;
}

export function checkForm(
  schema: ObjectSchema,
  values: Record<string, string>,
  only?: readonly string[],
): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (only && !only.includes(name)) continue;
    const p = checkField(field, values[name] ?? '', required.has(name));
    if (p) out[name] = p;
  }
  return out;
}

function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}
