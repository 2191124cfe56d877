// Forms: each schema a flow names exists and compiles; its uiSchema knows its keys, fields, options and rules.
import { inlineSchemaRefs } from '../schema-refs';
import { uiSchemaWithSchedule } from '../schedule';
import { SECRET_WIDGET, secretFields } from '../secret';
import type { FlowForm, InquiryStep } from '../types';
import type { FlowUnderCheck } from './context';
import { jsonSyntaxMessage } from './json';
import { checkName } from './names';
import { checkKey } from './texts';

type Schema = Record<string, unknown>;

const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];
/** uiSchema keys RJSF knows (a typo such as "ui:widgit" is silently ignored by RJSF, so the checker says it). */
const UI_KEYS = new Set([
  ...UI_TEXT_KEYS,
  'ui:widget',
  'ui:enumNames',
  'ui:errors',
  'ui:options',
  'ui:order',
  'ui:submitButtonOptions',
  'ui:autofocus',
  'ui:autocomplete',
  'ui:classNames',
  'ui:style',
  'ui:disabled',
  'ui:readonly',
  'ui:hideError',
  'ui:inputType',
  'ui:label',
  'ui:emptyValue',
  'ui:enumDisabled',
  'ui:enumOrder',
  'ui:field',
  'ui:rows',
  'ui:globalOptions',
  'ui:addable',
  'ui:orderable',
  'ui:removable',
  'ui:copyable',
]);
/** Which schema keyword a ui:errors entry answers, for a property (`required`: the form's). */
const RULES_OF_PROPERTY = [
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'const',
  'format',
  'type',
  'multipleOf',
  'not',
  'minItems',
  'maxItems',
];

function loadSchema(ctx: FlowUnderCheck, ref: string, path: string): Schema | undefined {
  const { input, schemaCache, schemasLabel, ajv } = ctx.run;
  if (!schemaCache.has(ref)) {
    const text = input.readSchema(ref);
    if (text === undefined) {
      schemaCache.set(ref, null);
    } else {
      try {
        const own = JSON.parse(text) as Schema;
        try {
          // Shared fragments (schema-refs.ts: "when to transfer") inlined, as every reader does.
          const parsed = inlineSchemaRefs(own, ref, (p) => {
            const t = input.readSchema(p);
            return t === undefined ? undefined : (JSON.parse(t) as Schema);
          });
          ajv.compile(parsed);
          schemaCache.set(ref, parsed);
        } catch (err) {
          ctx.report(
            path,
            `The form schema ${schemasLabel}${ref} does not compile: ${(err as Error).message}`,
          );
          schemaCache.set(ref, null);
          return undefined;
        }
      } catch (err) {
        ctx.report(path, `${schemasLabel}${ref}: ${jsonSyntaxMessage(text, err)}`);
        schemaCache.set(ref, null);
        return undefined;
      }
    }
  }
  const s = schemaCache.get(ref);
  if (s === null) {
    if (input.readSchema(ref) === undefined)
      ctx.report(path, `The form schema "${ref}" does not exist (looked for ${schemasLabel}${ref}).`);
    return undefined;
  }
  if (s) ctx.schemas[ref] = s;
  return s;
}

/** Every field of a form, those of its conditional branches too (if/then/else, dependencies, allOf/anyOf/oneOf). */
export function formFields(schema: Schema | undefined): Set<string> | undefined {
  if (!schema?.properties || typeof schema.properties !== 'object') return undefined;
  const out = new Set<string>();
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Schema;
    if (o.properties && typeof o.properties === 'object')
      for (const k of Object.keys(o.properties)) out.add(k);
    for (const k of ['then', 'else']) walk(o[k]);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(walk);
    if (o.dependencies && typeof o.dependencies === 'object')
      for (const dep of Object.values(o.dependencies)) if (!Array.isArray(dep)) walk(dep);
  };
  walk(schema);
  return out;
}

/** Every property schema (branches too) and every field some branch requires. */
export function propertiesOf(schema: Schema) {
  const props = new Map<string, Schema>();
  const required = new Set<string>();
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Schema;
    for (const [k, v] of Object.entries((o.properties as Schema) ?? {}))
      props.set(k, { ...(props.get(k) ?? {}), ...(v as Schema) });
    if (Array.isArray(o.required)) for (const r of o.required) required.add(String(r));
    for (const k of ['then', 'else']) walk(o[k]);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(walk);
    if (o.dependencies && typeof o.dependencies === 'object')
      for (const dep of Object.values(o.dependencies)) if (!Array.isArray(dep)) walk(dep);
  };
  walk(schema);
  return { props, required };
}

/** A form: its schema loaded, its uiSchema walked; the schema, when it loads. */
export function checkForm(ctx: FlowUnderCheck, form: FlowForm | undefined, path: string): Schema | undefined {
  if (!form || typeof form.schema !== 'string') return undefined;
  const schema = loadSchema(ctx, form.schema, `${path}.schema`);
  const fields = formFields(schema);
  // A field of a branch only is not a top-level property: "additionalProperties": false refuses it.
  if (schema?.additionalProperties === false && fields) {
    const top = Object.keys((schema.properties as Schema | undefined) ?? {});
    for (const f of fields)
      if (!top.includes(f))
        ctx.report(
          `${path}.schema`,
          `"${f}" appears only in a conditional branch of ${ctx.run.schemasLabel}${form.schema}, whose top has "additionalProperties": false: the form would refuse "${f}" whenever it is filled. Remove "additionalProperties": false (the branch's rules still apply).`,
        );
  }
  if (form.uiSchema && typeof form.uiSchema === 'object') {
    walkUi(ctx, form.uiSchema, `${path}.uiSchema`, fields, true);
    if (schema) checkUiAgainstSchema(ctx, form.uiSchema, schema, `${path}.uiSchema`);
  }
  return schema;
}

/** enumNames against the enum, and ui:errors only for rules the field has. */
function checkUiAgainstSchema(ctx: FlowUnderCheck, ui: Schema, schema: Schema, path: string) {
  const { props, required } = propertiesOf(schema);
  for (const [field, fui] of Object.entries(ui)) {
    if (field.startsWith('ui:') || !fui || typeof fui !== 'object') continue;
    const prop = props.get(field);
    if (!prop) continue;
    const f = fui as Schema;
    const p = `${path}.${field}`;
    const names = f['ui:enumNames'];
    const en = prop.enum;
    if (Array.isArray(names)) {
      if (!Array.isArray(en))
        ctx.report(
          `${p}["ui:enumNames"]`,
          `"${field}" has names for its options but no "enum" in the form schema.`,
        );
      else if (names.length !== en.length)
        ctx.report(
          `${p}["ui:enumNames"]`,
          `"${field}" has ${names.length} option name(s) for ${en.length} option(s) (${en.map((v) => JSON.stringify(v)).join(', ')}): one name per option, in the same order.`,
        );
    }
    const errors = f['ui:errors'];
    if (errors && typeof errors === 'object')
      for (const rule of Object.keys(errors)) {
        const has =
          rule === 'required' ? required.has(field) : RULES_OF_PROPERTY.includes(rule) && rule in prop;
        if (!has)
          ctx.report(
            `${p}["ui:errors"].${rule}`,
            `A message for the rule "${rule}", but "${field}" has no such rule in the form schema (it has: ${
              [
                ...(required.has(field) ? ['required'] : []),
                ...RULES_OF_PROPERTY.filter((r) => r in prop),
              ].join(', ') || 'none'
            }).`,
          );
      }
  }
}

function walkUi(
  ctx: FlowUnderCheck,
  ui: Schema,
  path: string,
  fields: Set<string> | undefined,
  top: boolean,
) {
  for (const [k, v] of Object.entries(ui)) {
    const p = `${path}${/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`}`;
    if (UI_TEXT_KEYS.includes(k)) checkKey(ctx, v, p);
    else if (k === 'ui:enumNames' && Array.isArray(v)) v.forEach((n, i) => checkKey(ctx, n, `${p}[${i}]`));
    else if (k === 'ui:errors' && v && typeof v === 'object')
      for (const [ek, ev] of Object.entries(v)) checkKey(ctx, ev, `${p}.${ek}`);
    else if (k === 'ui:widget') checkName(ctx, v, 'widgets', 'client', p);
    else if (k.startsWith('ui:') && !UI_KEYS.has(k))
      ctx.report(p, `"${k}" is not a uiSchema key (known: ${[...UI_KEYS].join(', ')}).`);
    else if (k === 'ui:order' || k === 'ui:options' || k === 'ui:submitButtonOptions' || k.startsWith('ui:'))
      continue;
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (top && fields && !fields.has(k))
        ctx.report(p, `The uiSchema describes a field "${k}" that the form schema does not have.`);
      walkUi(ctx, v as Schema, p, undefined, false);
    }
  }
}

/** The flow's form and its earlier inquiry steps' forms: its schema, and the fields of them all. */
export function checkForms(ctx: FlowUnderCheck): {
  mainSchema: Schema | undefined;
  fields: Set<string> | undefined;
  steps: InquiryStep[];
} {
  const { flow } = ctx;
  // A schedule field takes the shared layout of "when to transfer" (schedule.ts), checked with the form.
  const mainSchema = checkForm(
    ctx,
    flow.form && typeof flow.form === 'object'
      ? { ...flow.form, uiSchema: uiSchemaWithSchedule(flow, flow.form.uiSchema) }
      : flow.form,
    '$.form',
  );
  const fields = formFields(mainSchema);
  // Multi-step inquiry: each earlier step's form and look-up; its fields count as the flow's.
  const steps = Array.isArray(flow.inquiry?.steps) ? flow.inquiry.steps : [];
  const stepFields = steps.map((st, i) => formFields(checkForm(ctx, st.form, `$.inquiry.steps[${i}].form`)));
  steps.forEach((st, i) => {
    const p = `$.inquiry.steps[${i}]`;
    const own = stepFields[i];
    if (fields && own) for (const f of own) fields.add(f);
    // What a step's answer fills must be a field of a later form (the steps after it, or the last form).
    const later = [...stepFields.slice(i + 1), formFields(mainSchema)];
    (Array.isArray(st.fills) ? st.fills : []).forEach((f, j) => {
      if (later.every((l) => l && !l.has(f)))
        ctx.report(
          `${p}.fills[${j}]`,
          `"${f}" is not a field of a later form: a step's answer fills the forms after it.`,
        );
    });
    checkName(ctx, st.lookup, 'lookups', 'server', `${p}.lookup`);
    checkKey(ctx, st.titleKey, `${p}.titleKey`);
    // An earlier step's answers are kept as typed (steps.ts): a secret belongs in the last form.
    for (const f of secretFields({ form: st.form, machine: null }))
      ctx.report(
        `${p}.form.uiSchema.${f}`,
        `"${f}" is a secret field ("ui:widget": "${SECRET_WIDGET}"): put it in the flow's own (last) form, whose stored copy the server hashes.`,
      );
  });
  return { mainSchema, fields, steps };
}
