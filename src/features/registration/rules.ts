/**
 * Interprets the registration rule files (schemas/registration/**) in the browser, field by field,
 * for inline messages. The server validates the same files with ajv; tests run both on one table.
 * Understood: type, required (plus a top-level if/then on a const), and inside each property's
 * allOf: minLength, maxLength, pattern, not {pattern|enum}, anyOf, x-notEqualTo, x-notContains,
 * x-equalTo. Each allOf entry carries its message (x-message) in English and Indonesian.
 */
export interface RuleMessage {
  en: string;
  id: string;
}
interface Rule {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  not?: { pattern?: string; enum?: string[] };
  anyOf?: Rule[];
  'x-notEqualTo'?: string[];
  'x-notContains'?: string[];
  'x-equalTo'?: string;
  'x-message'?: RuleMessage;
}
interface PropertySchema {
  type?: 'string' | 'boolean';
  'x-requiredMessage'?: RuleMessage;
  allOf?: Rule[];
}
export interface RuleSchema {
  properties: Record<string, PropertySchema>;
  required?: string[];
  if?: { properties: Record<string, { const: unknown }>; required?: string[] };
  then?: { required?: string[] };
}
export type FormValues = Record<string, string | boolean | undefined>;

const regexCache = new Map<string, RegExp>();
const re = (p: string) => {
  let r = regexCache.get(p);
  if (!r) {
    r = new RegExp(p, 'u');
    regexCache.set(p, r);
  }
  return r;
};
// JSON Schema counts characters as code points, like ajv.
const len = (s: string) => [...s].length;

function passes(rule: Rule, value: string, form: FormValues): boolean {
  if (rule.minLength !== undefined && len(value) < rule.minLength) return false;
  if (rule.maxLength !== undefined && len(value) > rule.maxLength) return false;
  if (rule.pattern !== undefined && !re(rule.pattern).test(value)) return false;
  if (rule.not?.pattern !== undefined && re(rule.not.pattern).test(value)) return false;
  if (rule.not?.enum && rule.not.enum.includes(value)) return false;
  if (rule.anyOf && !rule.anyOf.some((r) => passes(r, value, form))) return false;
  const others = (fields: string[]) =>
    fields.map((f) => form[f]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (
    rule['x-notEqualTo'] &&
    others(rule['x-notEqualTo']).some((o) => o.toLowerCase() === value.toLowerCase())
  )
    return false;
  if (
    rule['x-notContains'] &&
    others(rule['x-notContains']).some((o) => value.toLowerCase().includes(o.toLowerCase()))
  )
    return false;
  if (rule['x-equalTo'] !== undefined && form[rule['x-equalTo']] !== value) return false;
  return true;
}

function requiredFields(schema: RuleSchema, form: FormValues): Set<string> {
  const req = new Set(schema.required ?? []);
  const cond = schema.if;
  if (cond && schema.then?.required) {
    const holds =
      (cond.required ?? []).every((f) => form[f] !== undefined) &&
      Object.entries(cond.properties).every(([f, s]) => form[f] === undefined || form[f] === s.const);
    if (holds) for (const f of schema.then.required) req.add(f);
  }
  return req;
}

/** The first broken rule's message for one field, or null when the field is fine. */
export function fieldError(schema: RuleSchema, field: string, form: FormValues): RuleMessage | null {
  const prop = schema.properties[field];
  if (!prop) return null;
  const value = form[field];
  if (value === undefined || value === null) {
    return requiredFields(schema, form).has(field)
      ? (prop['x-requiredMessage'] ?? { en: 'Required', id: 'Wajib diisi' })
      : null;
  }
  if (prop.type === 'boolean')
    return typeof value === 'boolean' ? null : { en: 'Invalid', id: 'Tidak valid' };
  if (typeof value !== 'string') return { en: 'Invalid', id: 'Tidak valid' };
  for (const rule of prop.allOf ?? [])
    if (!passes(rule, value, form)) return rule['x-message'] ?? { en: 'Invalid', id: 'Tidak valid' };
  return null;
}

/** The longest value a field's rules allow, or undefined when they set no maximum. */
export function maxLengthOf(schema: RuleSchema, field: string): number | undefined {
  const maxima = (schema.properties[field]?.allOf ?? []).flatMap((r) =>
    r.maxLength === undefined ? [] : [r.maxLength],
  );
  return maxima.length ? Math.min(...maxima) : undefined;
}

/**
 * A number as typed or pasted ("4111 1111 1111 1111", "0012-3456"): spaces, dashes and dots go
 * before the length counts, so a pasted number is not cut short; anything else stays for the rules
 * to name.
 */
export function numberEntry(text: string, max: number | undefined): string {
  const clean = text.replace(/[\s.-]/g, '');
  return max === undefined ? clean : [...clean].slice(0, max).join('');
}

/** Every field's message (only the broken ones). */
export function formErrors(schema: RuleSchema, form: FormValues): Record<string, RuleMessage> {
  const out: Record<string, RuleMessage> = {};
  for (const field of Object.keys(schema.properties)) {
    const e = fieldError(schema, field, form);
    if (e) out[field] = e;
  }
  return out;
}

export type PasswordStrength = 'notAcceptable' | 'weak' | 'good' | 'strong';

/** Shown under the password: not acceptable while a rule fails, then weak, good or strong. */
export function passwordStrength(schema: RuleSchema, form: FormValues): PasswordStrength {
  const pw = form.password;
  if (typeof pw !== 'string' || pw === '' || fieldError(schema, 'password', form)) return 'notAcceptable';
  let score = 0;
  if (len(pw) >= 10) score++;
  if (/[a-z]/.test(pw) && /[A-Z]/.test(pw)) score++;
  if ((pw.match(/[^A-Za-z0-9]/g) ?? []).length >= 2 || (pw.match(/[0-9]/g) ?? []).length >= 3) score++;
  return score <= 1 ? 'weak' : score === 2 ? 'good' : 'strong';
}
