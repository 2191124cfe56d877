import { inlineSchemaRefs } from './schema-refs';
import { uiSchemaWithSchedule } from './schedule';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import metaSchema from '../../../schemas/flow.schema.json';
import { REGISTRY_NAMES, RJSF_WIDGETS } from './registry-names';
import type {
  FlowFile,
  FlowForm,
  FlowProblem,
  LoadedFlow,
  MachineStateConfig,
  SummaryRow,
  TransitionConfig,
} from './types';
import { DEFAULT_STEPS, routeParamsOf, stepsOf } from './steps';
import { lookupLocaleKey } from './locale-key';
import { PAYMENT_DETAILS, PROVIDER_DETAILS, type ReferenceData } from './reference';
import { CUT_OFFS, LIMIT_CATEGORIES } from './rules';
import { PARAMS_SCHEMAS } from './registry-params';
import { SECRET_WIDGET, secretFields } from './secret';

/** What the checker reads; the Node loader (load-node.ts) fills it from the three folders. */
export interface FlowCheckInput {
  /** Flow files: `file` as shown to the analyst (e.g. "flows/payment/bpjs.json"), `name` relative to the flows folder. */
  flows: { file: string; name: string; text: string }[];
  /** Text of a schema under the schemas folder ("forms/payment/bpjs.json"), or undefined when missing. */
  readSchema(path: string): string | undefined;
  /** Locale files by language then namespace (the parsed locales/<lang>/<ns>.json). */
  locales: Record<string, Record<string, unknown>>;
  /** How to show the schemas folder in messages, default "schemas/". */
  schemasLabel?: string;
  /** Reference lists and provider categories (lists/, providers/), for choices and providers. */
  reference?: ReferenceData;
}

/** A JSON syntax error as a sentence with its line and column (1-based). */
export function jsonSyntaxMessage(text: string, err: unknown): string {
  const msg = (err as Error).message;
  const m = /position (\d+)/.exec(msg);
  const lc = /line (\d+) column (\d+)/.exec(msg);
  let where = '';
  if (lc) where = ` at line ${lc[1]}, column ${lc[2]}`;
  else if (m) {
    const before = text.slice(0, Number(m[1]));
    const line = before.split('\n').length;
    const column = Number(m[1]) - before.lastIndexOf('\n');
    where = ` at line ${line}, column ${column}`;
  } else if (/Unexpected end/.test(msg)) {
    const lines = text.split('\n');
    where = ` at line ${lines.length}, column ${lines[lines.length - 1]!.length + 1} (the file ends too early)`;
  }
  return `The file is not valid JSON${where}: ${msg.replace(/ in JSON at position \d+.*$/, '')}.`;
}

export interface FlowCheckResult {
  flows: LoadedFlow[];
  problems: FlowProblem[];
}

const LANGS = ['id', 'en'] as const;
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

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

let metaValidator: ReturnType<Ajv['compile']> | undefined;
function validateMeta(data: unknown): ErrorObject[] {
  metaValidator ??= newAjv().compile(metaSchema);
  metaValidator(data);
  return metaValidator.errors ?? [];
}

/** "$.verify.summary[2].labelKey" from "/verify/summary/2/labelKey". */
export function jsonPath(pointer: string | (string | number)[]): string {
  const parts = Array.isArray(pointer)
    ? pointer.map(String)
    : pointer
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return (
    '$' +
    parts
      .map((p) => (/^\d+$/.test(p) ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `["${p}"]`))
      .join('')
  );
}

const PATTERN_WORDS: Record<string, string> = {
  localeKey: 'a locale key with its namespace, like "flows:payment.bpjs.title"',
  name: 'a registry name made of letters and digits joined by dots, like "biller.bill"',
  valuePath: 'a value path such as "form.amount", "inquiry.customerName", "amount", "total" or "fees.admin"',
  currency: 'a three-letter currency code in capitals, like "IDR"',
};

/** Turns one ajv error into a sentence an analyst can act on. */
function describe(e: ErrorObject): { path: string; message: string } {
  const at = e.instancePath;
  const field = at.split('/').pop() || 'the file';
  switch (e.keyword) {
    case 'required': {
      const p = (e.params as { missingProperty: string }).missingProperty;
      return { path: jsonPath(`${at}/${p}`), message: `"${p}" is required here but missing.` };
    }
    case 'additionalProperties': {
      const p = (e.params as { additionalProperty: string }).additionalProperty;
      return {
        path: jsonPath(`${at}/${p}`),
        message: `"${p}" is not a known property here (check the spelling; see schemas/flow.schema.json).`,
      };
    }
    case 'pattern': {
      const def = /#\/definitions\/(\w+)\//.exec(e.schemaPath)?.[1];
      const words = def ? PATTERN_WORDS[def] : undefined;
      return {
        path: jsonPath(at),
        message: `"${field}" must be ${words ?? `text matching ${(e.params as { pattern: string }).pattern}`}.`,
      };
    }
    case 'enum':
      return {
        path: jsonPath(at),
        message: `"${field}" must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues
          .map((v) => JSON.stringify(v))
          .join(', ')}.`,
      };
    case 'type':
      if (/fees\/\d+\/amount$/.test(at))
        return {
          path: jsonPath(at),
          message: `A fee is a whole number of minor units (cents) of the transaction's currency: Rp 2.500 is 250000, not 2500.00 or "2.500".`,
        };
      return {
        path: jsonPath(at),
        message: `"${field}" must be of type ${(e.params as { type: string }).type}.`,
      };
    case 'minProperties':
    case 'maxProperties':
      return {
        path: jsonPath(at),
        message: /credit$/.test(at)
          ? '"credit" must have exactly one of "internal", "accountId" or "accountNo".'
          : `"${field}" ${e.message ?? 'has the wrong number of properties'}.`,
      };
    case 'uniqueItems':
      return { path: jsonPath(at), message: `"${field}" lists the same item twice.` };
    default:
      return { path: jsonPath(at), message: `"${field}" ${e.message ?? 'is not valid'}.` };
  }
}

const paramsValidators = new Map<object, ReturnType<Ajv['compile']>>();
/** Problems of a flow's params against the schema its implementation (or provider category) declares. */
function paramsProblems(
  schema: Record<string, unknown>,
  value: unknown,
  path: string,
  who: string,
): { path: string; message: string }[] {
  let v = paramsValidators.get(schema);
  if (!v) {
    v = newAjv().compile(schema);
    paramsValidators.set(schema, v);
  }
  if (v(value ?? {})) return [];
  const known = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  return (v.errors ?? []).map((e) => {
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const at = e.instancePath.split('/').slice(1);
    const where = jsonPath([
      ...path.replace(/^\$\.?/, '').split('.'),
      ...at,
      ...(extra ? [extra] : missing ? [missing] : []),
    ]);
    if (extra)
      return {
        path: where,
        message: `"${extra}" is not a param of ${who} (it takes ${known.length ? known.map((k) => `"${k}"`).join(', ') : 'no params'}; check the spelling).`,
      };
    if (missing)
      return {
        path: where,
        message: `${who[0]!.toUpperCase()}${who.slice(1)} needs the param "${missing}".`,
      };
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    return {
      path: where,
      message: `The param "${at.join('.') || 'params'}" of ${who} ${allowed ? `must be one of ${allowed.map((x) => JSON.stringify(x)).join(', ')}` : (e.message ?? 'is not valid')}.`,
    };
  });
}

function asList(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** Checks every flow and returns all problems at once (never stops at the first). */
export function checkFlows(input: FlowCheckInput): FlowCheckResult {
  const problems: FlowProblem[] = [];
  const loaded: LoadedFlow[] = [];
  const shownAs: string[] = [];
  const schemasLabel = input.schemasLabel ?? 'schemas/';
  const ajv = newAjv();
  const schemaCache = new Map<string, Record<string, unknown> | null>();
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  const routeVariants = new Map<string, { file: string; variant?: string }[]>();

  for (const src of input.flows) {
    const file = src.file;
    const report = (path: string, message: string) => problems.push({ file, path, message });
    let data: unknown;
    try {
      data = JSON.parse(src.text);
    } catch (err) {
      report('$', jsonSyntaxMessage(src.text, err));
      continue;
    }
    const metaErrors = validateMeta(data);
    const seen = new Set<string>();
    for (const e of metaErrors) {
      const d = describe(e);
      const k = `${d.path}|${d.message}`;
      if (!seen.has(k)) {
        seen.add(k);
        report(d.path, d.message);
      }
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    // Carry on with what is there, so one run shows every problem.
    const flow = data as Partial<FlowFile>;
    const schemas: Record<string, Record<string, unknown>> = {};

    const loadSchema = (ref: string, path: string): Record<string, unknown> | undefined => {
      if (!schemaCache.has(ref)) {
        const text = input.readSchema(ref);
        if (text === undefined) {
          schemaCache.set(ref, null);
        } else {
          try {
            const own = JSON.parse(text) as Record<string, unknown>;
            try {
              // Shared fragments (schema-refs.ts: "when to transfer") inlined, as every reader does.
              const parsed = inlineSchemaRefs(own, ref, (p) => {
                const t = input.readSchema(p);
                return t === undefined ? undefined : (JSON.parse(t) as Record<string, unknown>);
              });
              ajv.compile(parsed);
              schemaCache.set(ref, parsed);
            } catch (err) {
              report(
                path,
                `The form schema ${schemasLabel}${ref} does not compile: ${(err as Error).message}`,
              );
              schemaCache.set(ref, null);
              return undefined;
            }
          } catch (err) {
            report(path, `${schemasLabel}${ref}: ${jsonSyntaxMessage(text, err)}`);
            schemaCache.set(ref, null);
            return undefined;
          }
        }
      }
      const s = schemaCache.get(ref);
      if (s === null) {
        if (input.readSchema(ref) === undefined)
          report(path, `The form schema "${ref}" does not exist (looked for ${schemasLabel}${ref}).`);
        return undefined;
      }
      if (s) schemas[ref] = s;
      return s;
    };

    const checkKey = (key: unknown, path: string) => {
      if (typeof key !== 'string' || !key) return;
      const missing = LANGS.filter((l) => {
        const v = lookupLocaleKey((ns) => input.locales[l]?.[ns], key);
        return typeof v !== 'string' || v.trim() === '';
      });
      if (missing.length)
        report(
          path,
          `The text "${key}" is missing in ${missing
            .map((l) => (l === 'id' ? 'Indonesian' : 'English'))
            .join(
              ' and ',
            )} (add it to ${missing.map((l) => `locales/${l}/${key.split(':')[0] ?? 'flows'}.json`).join(' and ')}).`,
        );
    };

    const checkName = (
      name: unknown,
      kind: keyof typeof REGISTRY_NAMES.client | keyof typeof REGISTRY_NAMES.server,
      side: 'client' | 'server',
      path: string,
    ) => {
      if (typeof name !== 'string') return;
      const list = (REGISTRY_NAMES[side] as Record<string, readonly string[]>)[kind] ?? [];
      const extra = kind === 'widgets' ? (RJSF_WIDGETS as readonly string[]) : [];
      if (!list.includes(name) && !extra.includes(name))
        report(
          path,
          `"${name}" is not a known ${kind
            .replace(/s$/, '')
            .replace(/([A-Z])/g, ' $1')
            .toLowerCase()} (known: ${[...list, ...extra].join(', ')}; see src/shared/flows/registry-names.ts).`,
        );
    };

    /** Every field of a form, those of its conditional branches too (if/then/else, dependencies, allOf/anyOf/oneOf). */
    const formFields = (schema: Record<string, unknown> | undefined): Set<string> | undefined => {
      if (!schema?.properties || typeof schema.properties !== 'object') return undefined;
      const out = new Set<string>();
      const walk = (s: unknown) => {
        if (!s || typeof s !== 'object') return;
        const o = s as Record<string, unknown>;
        if (o.properties && typeof o.properties === 'object')
          for (const k of Object.keys(o.properties)) out.add(k);
        for (const k of ['then', 'else']) walk(o[k]);
        for (const k of ['allOf', 'anyOf', 'oneOf'])
          if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(walk);
        if (o.dependencies && typeof o.dependencies === 'object')
          for (const dep of Object.values(o.dependencies)) if (!Array.isArray(dep)) walk(dep);
      };
      walk(schema);
      return out;
    };

    const checkForm = (form: FlowForm | undefined, path: string): Record<string, unknown> | undefined => {
      if (!form || typeof form.schema !== 'string') return undefined;
      const schema = loadSchema(form.schema, `${path}.schema`);
      const fields = formFields(schema);
      // A field of a branch only is not a top-level property: "additionalProperties": false refuses it.
      if (schema?.additionalProperties === false && fields) {
        const top = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
        for (const f of fields)
          if (!top.includes(f))
            report(
              `${path}.schema`,
              `"${f}" appears only in a conditional branch of ${schemasLabel}${form.schema}, whose top has "additionalProperties": false: the form would refuse "${f}" whenever it is filled. Remove "additionalProperties": false (the branch's rules still apply).`,
            );
      }
      if (form.uiSchema && typeof form.uiSchema === 'object') {
        walkUi(form.uiSchema, `${path}.uiSchema`, fields, true);
        if (schema) checkUiAgainstSchema(form.uiSchema, schema, `${path}.uiSchema`);
      }
      return schema;
    };

    /** Every property schema (branches too) and every field some branch requires. */
    const propertiesOf = (schema: Record<string, unknown>) => {
      const props = new Map<string, Record<string, unknown>>();
      const required = new Set<string>();
      const walk = (s: unknown) => {
        if (!s || typeof s !== 'object') return;
        const o = s as Record<string, unknown>;
        for (const [k, v] of Object.entries((o.properties as Record<string, unknown>) ?? {}))
          props.set(k, { ...(props.get(k) ?? {}), ...(v as Record<string, unknown>) });
        if (Array.isArray(o.required)) for (const r of o.required) required.add(String(r));
        for (const k of ['then', 'else']) walk(o[k]);
        for (const k of ['allOf', 'anyOf', 'oneOf'])
          if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(walk);
        if (o.dependencies && typeof o.dependencies === 'object')
          for (const dep of Object.values(o.dependencies)) if (!Array.isArray(dep)) walk(dep);
      };
      walk(schema);
      return { props, required };
    };

    /** enumNames against the enum, and ui:errors only for rules the field has. */
    const checkUiAgainstSchema = (
      ui: Record<string, unknown>,
      schema: Record<string, unknown>,
      path: string,
    ) => {
      const { props, required } = propertiesOf(schema);
      for (const [field, fui] of Object.entries(ui)) {
        if (field.startsWith('ui:') || !fui || typeof fui !== 'object') continue;
        const prop = props.get(field);
        if (!prop) continue;
        const f = fui as Record<string, unknown>;
        const p = `${path}.${field}`;
        const names = f['ui:enumNames'];
        const en = prop.enum;
        if (Array.isArray(names)) {
          if (!Array.isArray(en))
            report(
              `${p}["ui:enumNames"]`,
              `"${field}" has names for its options but no "enum" in the form schema.`,
            );
          else if (names.length !== en.length)
            report(
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
              report(
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
    };

    const walkUi = (
      ui: Record<string, unknown>,
      path: string,
      fields: Set<string> | undefined,
      top: boolean,
    ) => {
      for (const [k, v] of Object.entries(ui)) {
        const p = `${path}${/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`}`;
        if (UI_TEXT_KEYS.includes(k)) checkKey(v, p);
        else if (k === 'ui:enumNames' && Array.isArray(v)) v.forEach((n, i) => checkKey(n, `${p}[${i}]`));
        else if (k === 'ui:errors' && v && typeof v === 'object')
          for (const [ek, ev] of Object.entries(v)) checkKey(ev, `${p}.${ek}`);
        else if (k === 'ui:widget') checkName(v, 'widgets', 'client', p);
        else if (k.startsWith('ui:') && !UI_KEYS.has(k))
          report(p, `"${k}" is not a uiSchema key (known: ${[...UI_KEYS].join(', ')}).`);
        else if (
          k === 'ui:order' ||
          k === 'ui:options' ||
          k === 'ui:submitButtonOptions' ||
          k.startsWith('ui:')
        )
          continue;
        else if (v && typeof v === 'object' && !Array.isArray(v)) {
          if (top && fields && !fields.has(k))
            report(p, `The uiSchema describes a field "${k}" that the form schema does not have.`);
          walkUi(v as Record<string, unknown>, p, undefined, false);
        }
      }
    };

    // ids and routes
    if (typeof flow.id === 'string') {
      const prev = ids.get(flow.id);
      if (prev) report('$.id', `The id "${flow.id}" is already used by ${prev}.`);
      else ids.set(flow.id, file);
      // An id's first part has no hyphen: area "bi-fast" gives ids "bifast.<name>".
      const prefix = typeof flow.area === 'string' ? `${flow.area.replaceAll('-', '')}.` : '';
      if (prefix && !flow.id.startsWith(prefix))
        report('$.id', `The id "${flow.id}" must start with its area, "${prefix}".`);
    }
    if (typeof flow.route === 'string') {
      const key = `${flow.route}?${flow.variant ?? ''}`;
      const prev = routes.get(key);
      if (prev)
        report(
          flow.variant ? '$.variant' : '$.route',
          `The route "${flow.route}"${flow.variant ? ` with variant "${flow.variant}"` : ''} is already used by ${prev}.`,
        );
      else routes.set(key, file);
      const list = routeVariants.get(flow.route) ?? [];
      list.push({ file, variant: flow.variant });
      routeVariants.set(flow.route, list);
    }

    checkKey(flow.titleKey, '$.titleKey');
    if (flow.amount?.labelKey) checkKey(flow.amount.labelKey, '$.amount.labelKey');
    if (flow.menu) {
      checkKey(flow.menu.labelKey, '$.menu.labelKey');
      checkKey(flow.menu.descriptionKey, '$.menu.descriptionKey');
    }

    // A schedule field takes the shared layout of "when to transfer" (schedule.ts), checked with the form.
    const mainSchema = checkForm(
      flow.form && typeof flow.form === 'object'
        ? { ...flow.form, uiSchema: uiSchemaWithSchedule(flow, flow.form.uiSchema) }
        : flow.form,
      '$.form',
    );
    const fields = formFields(mainSchema);
    // Multi-step inquiry: each earlier step's form and look-up; its fields count as the flow's.
    const steps = Array.isArray(flow.inquiry?.steps) ? flow.inquiry.steps : [];
    steps.forEach((st, i) => {
      const p = `$.inquiry.steps[${i}]`;
      const own = formFields(checkForm(st.form, `${p}.form`));
      if (fields && own) for (const f of own) fields.add(f);
      checkName(st.lookup, 'lookups', 'server', `${p}.lookup`);
      checkKey(st.titleKey, `${p}.titleKey`);
      // An earlier step's answers are kept as typed (steps.ts): a secret belongs in the last form.
      for (const f of secretFields({ form: st.form, machine: null }))
        report(
          `${p}.form.uiSchema.${f}`,
          `"${f}" is a secret field ("ui:widget": "${SECRET_WIDGET}"): put it in the flow's own (last) form, whose stored copy the server hashes.`,
        );
    });
    const secrets = new Set(secretFields(flow));
    const choices = flow.choices && typeof flow.choices === 'object' ? flow.choices : {};
    // Route parameters: each names a choice field of the form, and every one is in the route.
    if (typeof flow.route === 'string') {
      const inRoute = routeParamsOf(flow.route);
      const mapped = flow.routeParams && typeof flow.routeParams === 'object' ? flow.routeParams : {};
      for (const param of inRoute)
        if (!(param in mapped))
          report('$.routeParams', `The route parameter ":${param}" needs a field in "routeParams".`);
      for (const [param, field] of Object.entries(mapped)) {
        const p = `$.routeParams.${param}`;
        if (!inRoute.includes(param)) report(p, `The route "${flow.route}" has no parameter ":${param}".`);
        else if (fields && !fields.has(field)) report(p, `The form has no field "${field}".`);
        else if (!(field in choices))
          report(p, `"${field}" has no choice: the server must check the value a URL gives it.`);
      }
      if (inRoute.length && flow.menu)
        report(
          '$.menu',
          'A flow whose route has parameters has no menu entry (its page needs their values).',
        );
    }

    const checkValue = (value: unknown, path: string) => {
      if (typeof value !== 'string') return;
      const [head, name] = value.split('.');
      if (head === 'form' && fields && name && !fields.has(name))
        report(path, `"${value}" names a form field "${name}" that the form schema does not have.`);
      if (head === 'choice' && name && !(name in choices))
        report(path, `"${value}" names a choice "${name}" that "choices" does not declare.`);
    };

    for (const [field, spec] of Object.entries(choices)) {
      const p = `$.choices.${field}`;
      if (fields && !fields.has(field)) report(p, `The choice "${field}" is not a field of the form schema.`);
      if (!spec || typeof spec !== 'object') continue;
      checkName(spec.source, 'choiceSources', 'server', `${p}.source`);
      for (const k of ['dependsOn', 'excludeField', 'inferFrom'] as const) {
        const f = spec[k];
        if (typeof f === 'string' && fields && !fields.has(f))
          report(`${p}.${k}`, `"${f}" is not a field of the form schema.`);
      }
      if (spec.dependsOn && !spec.filterKey)
        report(
          p,
          `"dependsOn" needs a "filterKey": which detail of each option to compare with "${spec.dependsOn}".`,
        );
      if (spec.inferFrom && !spec.prefixKey)
        report(
          p,
          `"inferFrom" needs a "prefixKey": which detail of each option lists the prefixes of "${spec.inferFrom}" it stands for.`,
        );
      if (spec.inferFrom === field) report(`${p}.inferFrom`, `A choice cannot be inferred from itself.`);
      (Array.isArray(spec.fills) ? spec.fills : []).forEach((f, i) => {
        if (fields && !fields.has(f)) report(`${p}.fills[${i}]`, `"${f}" is not a field of the form schema.`);
        if (f === field) report(`${p}.fills[${i}]`, 'A choice cannot fill itself.');
      });
    }

    // Reference lists and providers (lists/, providers/).
    const ref = input.reference ?? { lists: {}, providers: {} };
    const listOf = (field: string) => {
      const spec = choices[field];
      if (!spec?.list) return undefined;
      if (spec.source === 'list') return ref.lists[spec.list]?.entries;
      if (spec.source === 'providers') return ref.providers[spec.list]?.providers;
      return undefined;
    };
    for (const [field, spec] of Object.entries(choices)) {
      if (!spec || (spec.source !== 'list' && spec.source !== 'providers')) continue;
      const p = `$.choices.${field}`;
      const known = spec.source === 'list' ? Object.keys(ref.lists) : Object.keys(ref.providers);
      const folder = spec.source === 'list' ? 'lists' : 'providers';
      if (typeof spec.list !== 'string')
        report(
          p,
          `A "${spec.source}" choice needs "list": the name of a file in ${folder}/ (known: ${known.join(', ')}).`,
        );
      else if (!known.includes(spec.list))
        report(`${p}.list`, `"${spec.list}" is not a file in ${folder}/ (known: ${known.join(', ')}).`);
      else if (spec.where) {
        const entries = listOf(field) ?? [];
        for (const k of Object.keys(spec.where))
          if (!entries.some((e) => k in e))
            report(`${p}.where.${k}`, `No entry of "${spec.list}" has a detail "${k}".`);
      }
    }
    const provider = flow.provider;
    const category = provider ? ref.providers[provider.category] : undefined;
    if (provider) {
      if (!category)
        report(
          '$.provider.category',
          `"${provider.category}" is not a provider category (a file in providers/; known: ${Object.keys(ref.providers).join(', ')}).`,
        );
      if (!!provider.code === !!provider.from)
        report(
          '$.provider',
          'A provider is either fixed ("code") or chosen by the customer ("from"): give one of the two.',
        );
      if (category && provider.code && !category.providers.some((p) => p.code === provider.code))
        report(
          '$.provider.code',
          `"${provider.code}" is not a provider of providers/${provider.category}.json (known: ${category.providers.map((p) => p.code).join(', ')}).`,
        );
      if (provider.from) {
        const f = provider.from.replace(/^form\./, '');
        const spec = choices[f];
        if (
          !provider.from.startsWith('form.') ||
          !spec ||
          spec.source !== 'providers' ||
          spec.list !== provider.category
        )
          report(
            '$.provider.from',
            `"${provider.from}" must be a form field whose choice is { "source": "providers", "list": "${provider.category}" }, so the customer picks from the server's own list.`,
          );
      }
    }
    const credit0 = flow.posting?.credit as Record<string, unknown> | undefined;
    if (credit0 && 'provider' in credit0 && !provider)
      report(
        '$.posting.credit.provider',
        'The credit goes to the provider\'s settlement account, but the flow names no "provider".',
      );
    /** inquiry.<key> a provider flow may show: what every provider answers plus what its category declares. */
    const providerKeys = (onReceipt: boolean): string[] | undefined =>
      category
        ? [
            ...PROVIDER_DETAILS,
            ...steps.map((st) => st.id),
            ...Object.keys(category.lookup?.answer.properties ?? {}),
            ...(onReceipt
              ? [...PAYMENT_DETAILS, ...Object.keys(category.payment?.answer.properties ?? {})]
              : []),
          ]
        : undefined;
    const checkSourced = (value: unknown, path: string, onReceipt: boolean) => {
      if (typeof value !== 'string') return;
      const [head, name, key] = value.split('.');
      // A service flow's executor adds details of its own (its check and apply), which no file declares.
      const keys = flow.service ? undefined : providerKeys(onReceipt);
      if (head === 'inquiry' && name && keys && !keys.includes(name))
        report(
          path,
          `"${value}": the provider category "${provider!.category}" never answers "${name}"${onReceipt ? '' : ' before payment'} (it answers ${keys.join(', ')}; declare it in providers/${provider!.category}.json).`,
        );
      // An earlier step's options are known only when it answers.
      if (head === 'choice' && name && key && choices[name]?.source !== 'inquiry') {
        const entries = listOf(name);
        if (!entries)
          report(path, `"${value}" reads a choice "${name}" that is not a "list" or "providers" choice.`);
        else if (key !== 'code' && key !== 'name' && !entries.some((e) => key in e))
          report(path, `"${value}": no entry of that list has a detail "${key}".`);
      }
    };

    if (flow.inquiry) checkName(flow.inquiry.lookup, 'lookups', 'server', '$.inquiry.lookup');
    /** A flow's params against its implementation's declared schema; params naming a form field must name one. */
    const checkParams = (
      kind: keyof typeof PARAMS_SCHEMAS,
      name: unknown,
      value: unknown,
      path: string,
      who: string,
    ) => {
      const schema = (PARAMS_SCHEMAS[kind] as unknown as Record<string, Record<string, unknown>>)[
        String(name)
      ];
      if (typeof name !== 'string' || !schema) return;
      for (const pr of paramsProblems(schema, value, path, `${who} "${name}"`)) report(pr.path, pr.message);
      const props = schema.properties as Record<string, Record<string, unknown>>;
      for (const [k, v] of Object.entries((value as Record<string, unknown>) ?? {}))
        if (props[k]?.['x-field'] && typeof v === 'string' && fields && !fields.has(v))
          report(
            `${path}.${k}`,
            `The param "${k}" names a form field "${v}" that the form schema does not have.`,
          );
    };
    if (flow.inquiry)
      checkParams('lookups', flow.inquiry.lookup, flow.inquiry.params, '$.inquiry.params', 'the look-up');
    if (flow.posting)
      checkParams('executors', flow.posting.execute, flow.posting.params, '$.posting.params', 'the executor');
    if (flow.posting?.service)
      checkParams(
        'serviceExecutors',
        flow.posting.service.execute,
        flow.posting.service.params,
        '$.posting.service.params',
        'the service executor',
      );
    if (flow.service)
      checkParams(
        'serviceExecutors',
        flow.service.execute,
        flow.service.params,
        '$.service.params',
        'the service executor',
      );
    for (const [f, spec] of Object.entries(choices))
      if (spec && typeof spec === 'object')
        checkParams('choiceSources', spec.source, spec.params, `$.choices.${f}.params`, 'the choice source');
    // A provider category may declare what its look-up's params are (lookup.params, a JSON Schema).
    const catParams = (category?.lookup as { params?: Record<string, unknown> } | undefined)?.params;
    if (catParams && flow.inquiry?.lookup === 'provider.inquiry')
      for (const pr of paramsProblems(
        catParams,
        flow.inquiry.params,
        '$.inquiry.params',
        `the providers of providers/${provider!.category}.json`,
      ))
        report(pr.path, pr.message);
    const checkCategory = (c: unknown, path: string) => {
      if (typeof c === 'string' && !(c in LIMIT_CATEGORIES))
        report(
          path,
          `"${c}" is not a limit category (declared in rules/limit-categories.json: ${Object.keys(LIMIT_CATEGORIES).join(', ')}).`,
        );
    };
    checkCategory(flow.posting?.limitCategory, '$.posting.limitCategory');
    (Array.isArray(flow.rules) ? flow.rules : []).forEach((r, i) => {
      const p = `$.rules[${i}]`;
      checkCategory(r.limitCategory, `${p}.limitCategory`);
      if (typeof r.cutOff === 'string' && !(r.cutOff in CUT_OFFS))
        report(
          `${p}.cutOff`,
          `"${r.cutOff}" is not a cut-off (declared in rules/cut-offs.json: ${Object.keys(CUT_OFFS).join(', ')}).`,
        );
      for (const k of Object.keys(r.when ?? {})) {
        checkValue(k, `${p}.when["${k}"]`);
        checkSourced(k, `${p}.when["${k}"]`, false);
      }
      r.fees?.forEach((f, j) => {
        if ('from' in f) {
          checkValue(f.from, `${p}.fees[${j}].from`);
          checkSourced(f.from, `${p}.fees[${j}].from`, false);
        }
      });
      if (r.min !== undefined && r.max !== undefined && r.min > r.max)
        report(p, `"min" (${r.min}) is above "max" (${r.max}).`);
      if (flow.service) report(p, 'A flow that moves no money has no rules of amounts, fees or limits.');
    });
    if (flow.amount) checkValue(flow.amount.from, '$.amount.from');
    if (flow.amount?.from?.startsWith('inquiry.') && !flow.inquiry)
      report(
        '$.amount.from',
        `The amount comes from the inquiry ("${flow.amount.from}") but the flow has no "inquiry" look-up.`,
      );
    if (flow.posting) {
      checkName(flow.posting.execute, 'executors', 'server', '$.posting.execute');
      if (flow.posting.service)
        checkName(flow.posting.service.execute, 'serviceExecutors', 'server', '$.posting.service.execute');
      checkValue(flow.posting.debit, '$.posting.debit');
      const credit = flow.posting.credit as Record<string, unknown> | undefined;
      if (credit) for (const k of ['accountId', 'accountNo']) checkValue(credit[k], `$.posting.credit.${k}`);
      const kinds = new Set<string>();
      flow.posting.fees?.forEach((f, i) => {
        if (kinds.has(f.kind)) report(`$.posting.fees[${i}].kind`, `The fee "${f.kind}" is listed twice.`);
        kinds.add(f.kind);
      });
    }
    if (flow.notify && typeof flow.notify === 'object') {
      // A mailbox message when a service flow is done: its texts, and each placeholder filled.
      const n = flow.notify;
      if (!flow.service) report('$.notify', 'Only a flow that moves no money ("service") tells the mailbox.');
      checkKey(n.subjectKey, '$.notify.subjectKey');
      checkKey(n.bodyKey, '$.notify.bodyKey');
      for (const [name, v] of Object.entries(n.values ?? {}))
        checkValue(v.value, `$.notify.values.${name}.value`);
      for (const key of [n.subjectKey, n.bodyKey])
        for (const lang of LANGS) {
          const text = lookupLocaleKey((ns) => input.locales[lang]?.[ns], key);
          for (const m of typeof text === 'string' ? text.matchAll(/\{\{(\w+)\}\}/g) : [])
            if (m[1] !== 'referenceNo' && !(m[1]! in (n.values ?? {})))
              report(
                '$.notify.values',
                `The text "${key}" (${lang}) names {{${m[1]}}}, which "values" does not give.`,
              );
        }
    }
    if (flow.promo && typeof flow.promo === 'object') {
      // A promo code: an optional string field of a flow that moves money (its reward goes in the ledger).
      const f = flow.promo.field;
      const prop = mainSchema ? propertiesOf(mainSchema) : undefined;
      const def = prop?.props.get(f);
      if (flow.service)
        report('$.promo', 'A promo code needs a flow that moves money ("amount" and "posting").');
      if (prop && !def) report('$.promo.field', `"${f}" is not a field of the form schema.`);
      else if (def && (def.type !== 'string' || typeof def.maxLength !== 'number' || def.maxLength > 15))
        report(
          '$.promo.field',
          `"${f}" must be a string of at most 15 characters ("maxLength") in the form schema.`,
        );
      if (prop?.required.has(f))
        report('$.promo.field', `"${f}" must be optional: a promo code is never required.`);
    }
    if (flow.schedule && typeof flow.schedule === 'object') {
      // "When to transfer": the shared fragment on a money flow's form, said on verify and the receipt.
      const f = flow.schedule.field;
      const prop = mainSchema ? propertiesOf(mainSchema) : undefined;
      const def = prop?.props.get(f) as { properties?: Record<string, { enum?: unknown[] }> } | undefined;
      if (!flow.posting) report('$.schedule', 'Only a flow that moves money ("posting") can be scheduled.');
      else if (flow.posting.service)
        report(
          '$.schedule',
          'A flow whose posting records what it buys ("posting.service") cannot be scheduled.',
        );
      if (prop && !def) report('$.schedule.field', `"${f}" is not a field of the form schema.`);
      else if (def && !['now', 'date', 'recurring'].every((k) => def.properties?.kind?.enum?.includes(k)))
        report(
          '$.schedule.field',
          `"${f}" must be the shared "when to transfer" fragment: { "$ref": "../shared/when.json" } in the form schema.`,
        );
      if (prop?.required.has(f))
        report('$.schedule.field', `"${f}" must be optional: a form sent without it transfers now.`);
      const order = flow.form?.uiSchema?.['ui:order'];
      if (Array.isArray(order) && !order.includes(f) && !order.includes('*'))
        report('$.form.uiSchema["ui:order"]', `"ui:order" must place the schedule field "${f}".`);
      for (const r of flow.schedule.requote ?? [])
        if (fields && !fields.has(r))
          report('$.schedule.requote', `"${r}" is not a field of the form schema.`);
      if (flow.schedule.noteKey) checkKey(flow.schedule.noteKey, '$.schedule.noteKey');
      const shows = (rows: SummaryRow[] | undefined) => rows?.some((r) => r.value === 'inquiry.schedule');
      if (!shows(flow.verify?.summary))
        report(
          '$.verify.summary',
          'A scheduled flow says when it runs before verify: add a row of "inquiry.schedule".',
        );
      if (!shows(flow.receipt?.rows))
        report(
          '$.receipt.rows',
          'A scheduled flow says when it runs on the receipt: add a row of "inquiry.schedule".',
        );
    }
    if (flow.service) {
      checkName(flow.service.execute, 'serviceExecutors', 'server', '$.service.execute');
      if (flow.amount || flow.posting)
        report(
          '$.service',
          'A flow moves money ("amount" and "posting") or none ("service"), not both: remove one of them.',
        );
    } else if (!flow.amount || !flow.posting)
      report(
        '$',
        `A flow that moves money needs both "amount" and "posting"${flow.amount ? '' : ' ("amount" is missing)'}${flow.posting ? '' : ' ("posting" is missing)'}; one that moves none has "service" instead.`,
      );
    const checkRows = (rows: SummaryRow[] | undefined, path: string, onReceipt: boolean) =>
      rows?.forEach((r, i) => {
        checkKey(r.labelKey, `${path}[${i}].labelKey`);
        checkValue(r.value, `${path}[${i}].value`);
        checkSourced(r.value, `${path}[${i}].value`, onReceipt);
        if (!onReceipt && typeof r.value === 'string' && r.value.startsWith('secret.'))
          report(
            `${path}[${i}].value`,
            `"${r.value}" is shown once, on the receipt: a verify row cannot read a receipt's secret.`,
          );
        if (typeof r.value === 'string' && r.value.startsWith('form.') && secrets.has(r.value.split('.')[1]!))
          report(
            `${path}[${i}].value`,
            `"${r.value}" is a secret field ("ui:widget": "${SECRET_WIDGET}"): it is never shown on verify, the receipt or the companion app.`,
          );
        if (r.format === 'choice' && typeof r.value === 'string' && r.value.startsWith('form.')) {
          const f = r.value.split('.')[1] ?? '';
          // The field may live in a conditional branch (then/else, dependencies, oneOf).
          const prop = mainSchema ? propertiesOf(mainSchema).props.get(f) : undefined;
          if (!(f in choices) && !prop?.enum)
            report(
              `${path}[${i}].format`,
              `"choice" shows the label of a chosen option, but "${f}" has no "choices" entry and no enum.`,
            );
        }
      });
    checkRows(flow.verify?.summary, '$.verify.summary', false);
    checkRows(flow.receipt?.rows, '$.receipt.rows', true);
    if (secrets.size && Array.isArray(flow.receipt?.actions) && flow.receipt.actions.includes('favourite'))
      report(
        '$.receipt.actions',
        'A flow with a secret field cannot be saved as a favourite (a favourite keeps the form): remove "favourite".',
      );
    if (flow.amount) checkSourced(flow.amount.from, '$.amount.from', false);

    if (flow.machine && typeof flow.machine === 'object') {
      const m = flow.machine;
      if (m.states && typeof m.states === 'object') {
        if (typeof m.initial === 'string' && !(m.initial in m.states))
          report('$.machine.initial', `The initial state "${m.initial}" is not one of the states.`);
        const stepPaths = new Map<string, string>();
        const stepViews = new Set<string>();
        const walkStates = (states: Record<string, MachineStateConfig>, path: string) => {
          const siblings = new Set(Object.keys(states));
          const checkTransition = (t: TransitionConfig | string | undefined, p: string) => {
            if (t === undefined) return;
            const target = typeof t === 'string' ? t : t.target;
            if (
              typeof target === 'string' &&
              !target.startsWith('#') &&
              !target.startsWith('.') &&
              !siblings.has(target)
            )
              report(
                typeof t === 'string' ? p : `${p}.target`,
                `The target "${target}" is not a state next to this one.`,
              );
            if (typeof t === 'object') {
              checkName(t.guard, 'guards', 'client', `${p}.guard`);
              asList(t.actions).forEach((a, i) =>
                checkName(
                  a,
                  'actions',
                  'client',
                  Array.isArray(t.actions) ? `${p}.actions[${i}]` : `${p}.actions`,
                ),
              );
            }
          };
          const checkTransitions = (t: unknown, p: string) => {
            if (Array.isArray(t)) t.forEach((x, i) => checkTransition(x as TransitionConfig, `${p}[${i}]`));
            else checkTransition(t as TransitionConfig | string | undefined, p);
          };
          for (const [name, st] of Object.entries(states)) {
            if (!st || typeof st !== 'object') continue;
            const p = `${path}.${name}`;
            for (const k of ['entry', 'exit'] as const)
              asList(st[k]).forEach((a, i) =>
                checkName(a, 'actions', 'client', Array.isArray(st[k]) ? `${p}.${k}[${i}]` : `${p}.${k}`),
              );
            for (const [ev, t] of Object.entries(st.on ?? {})) checkTransitions(t, `${p}.on.${ev}`);
            checkTransitions(st.always, `${p}.always`);
            if (st.invoke) {
              checkName(st.invoke.src, 'actors', 'client', `${p}.invoke.src`);
              checkTransitions(st.invoke.onDone, `${p}.invoke.onDone`);
              checkTransitions(st.invoke.onError, `${p}.invoke.onError`);
            }
            if (st.meta) {
              checkKey(st.meta.titleKey, `${p}.meta.titleKey`);
              checkKey(st.meta.bodyKey, `${p}.meta.bodyKey`);
              if (st.meta.form) checkForm(st.meta.form, `${p}.meta.form`);
              if (st.meta.view === 'form' && !st.meta.form)
                report(`${p}.meta`, 'A "form" step needs its own "form" (schema and uiSchema).');
              if (typeof st.meta.path === 'string') {
                const prev = stepPaths.get(st.meta.path);
                if (prev)
                  report(
                    `${p}.meta.path`,
                    `The step path "${st.meta.path}" is already used by state "${prev}".`,
                  );
                else stepPaths.set(st.meta.path, name);
                if (typeof st.meta.view === 'string') stepViews.add(st.meta.view);
              }
            }
            if (st.initial && st.states && !(st.initial in st.states))
              report(`${p}.initial`, `The initial state "${st.initial}" is not one of its states.`);
            if (st.states) walkStates(st.states, `${p}.states`);
          }
        };
        walkStates(m.states, '$.machine.states');
        // The spec's own paths may differ (gold saving's buy/, confirmation/): each view is what counts.
        for (const needed of DEFAULT_STEPS)
          if (![...stepViews].includes(needed.view))
            report(
              '$.machine',
              `The machine needs a state whose meta.view is "${needed.view}" (its page, e.g. "${needed.path}").`,
            );
      }
    }

    if (problems.every((pr) => pr.file !== file) && typeof flow.id === 'string') {
      loaded.push({ flow: flow as FlowFile, file: src.name, schemas });
      shownAs.push(file);
    }
  }

  for (const [route, list] of routeVariants)
    if (list.length > 1)
      for (const item of list)
        if (!item.variant)
          problems.push({
            file: item.file,
            path: '$.route',
            message: `Several flows share the route "${route}": each of them needs its own "variant".`,
          });

  const bad = new Set(problems.map((p) => p.file));
  return { flows: loaded.filter((_, i) => !bad.has(shownAs[i]!)), problems };
}

export { stepsOf };
