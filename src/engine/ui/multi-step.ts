import { readValue, type ChoiceOption, type FlowFile, type FlowForm, type StepMeta } from '@/shared/flows';

/**
 * A multi-step inquiry in the page (docs/flow-engine-v2.md section 6): which form a step shows, the
 * options the earlier steps' answers give the later ones, and what a step sends of its own.
 */

/** The form of the page a step shows: an earlier inquiry step's, an extra form step's, or the flow's own. */
export function formOfStep(flow: FlowFile, meta: StepMeta | undefined): FlowForm | undefined {
  if (meta?.view === 'step') return flow.inquiry?.steps?.find((s) => s.id === meta.step)?.form;
  if (meta?.view === 'form') return meta.form;
  return flow.form;
}

/** "Step N of M" of a multi-step inquiry's page; undefined for a flow with one form, or another page. */
export function stepCounter(
  flow: FlowFile,
  meta: StepMeta | undefined,
): { n: number; m: number } | undefined {
  const steps = flow.inquiry?.steps ?? [];
  if (!steps.length || !meta) return undefined;
  const m = steps.length + 1;
  if (meta.view === 'inquiry') return { n: m, m };
  if (meta.view !== 'step') return undefined;
  const i = steps.findIndex((s) => s.id === meta.step);
  return i < 0 ? undefined : { n: i + 1, m };
}

/** The options of `source: "inquiry"` choices, from the answers of the steps done (`inquiry.<stepId>.options`). */
export function stepChoices(
  flow: FlowFile,
  answers: Record<string, Record<string, unknown>>,
): Record<string, ChoiceOption[]> {
  const out: Record<string, ChoiceOption[]> = {};
  for (const [field, spec] of Object.entries(flow.choices ?? {})) {
    if (spec.source !== 'inquiry' || !spec.from) continue;
    const options = readValue({ inquiry: answers }, spec.from);
    out[field] = Array.isArray(options) ? (options as ChoiceOption[]) : [];
  }
  return out;
}

/** Every field a form schema can have: its properties and those of its conditional branches. */
export function fieldsOfSchema(schema: unknown, out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Record<string, unknown>;
  for (const k of Object.keys((s.properties as object | undefined) ?? {})) out.add(k);
  for (const k of ['if', 'then', 'else']) fieldsOfSchema(s[k], out);
  for (const k of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) fieldsOfSchema(sub, out);
  for (const dep of Object.values((s.dependencies as object | undefined) ?? {}))
    if (!Array.isArray(dep)) fieldsOfSchema(dep, out);
  return out;
}

/** The values of a form that are its own (a step sends only these; the others are earlier steps'). */
export function ownValues(schema: unknown, form: Record<string, unknown>): Record<string, unknown> {
  const fields = fieldsOfSchema(schema);
  return Object.fromEntries(Object.entries(form).filter(([k]) => fields.has(k)));
}

/**
 * The values the steps' answers fill in the later forms (`inquiry.steps[].fills`): an answered step's
 * `<field>` for each field it names. The server keeps the same values whatever the form sends.
 */
export function filledValues(
  flow: FlowFile,
  answers: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const step of flow.inquiry?.steps ?? []) {
    const answer = answers[step.id];
    if (!answer) continue;
    for (const f of step.fills ?? []) if (answer[f] !== undefined) out[f] = answer[f];
  }
  return out;
}
