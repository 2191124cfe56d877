import type { ChoiceOption, ChoiceSpec } from '@/shared/flows';

type Form = Record<string, unknown>;

/** The options a choice offers now, narrowed by its dependsOn/excludeField rules. */
export function offeredOptions(
  field: string,
  specs: Record<string, ChoiceSpec>,
  choices: Record<string, ChoiceOption[]>,
  form: Form,
): ChoiceOption[] {
  const spec = specs[field];
  let opts = choices[field] ?? [];
  const dep = spec?.dependsOn;
  if (dep) {
    const v = form[dep];
    const key = spec.filterKey ?? dep;
    opts = opts.filter((o) => v !== undefined && String(o.detail?.[key] ?? '') === String(v));
  }
  if (spec?.excludeField) opts = opts.filter((o) => o.value !== form[spec.excludeField!]);
  return opts;
}

/** The option whose detail[prefixKey] holds the longest prefix of `value`; none when two options tie. */
export function inferredOption(
  options: ChoiceOption[],
  value: unknown,
  prefixKey: string,
): ChoiceOption | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  let best: ChoiceOption | undefined;
  let bestLength = 0;
  let tie = false;
  for (const o of options) {
    const prefixes = o.detail?.[prefixKey];
    if (!Array.isArray(prefixes)) continue;
    const length = Math.max(
      0,
      ...prefixes.map((p) => (typeof p === 'string' && p && value.startsWith(p) ? p.length : 0)),
    );
    if (length > bestLength) [best, bestLength, tie] = [o, length, false];
    else if (length && length === bestLength && o.value !== best?.value) tie = true;
  }
  return tie ? undefined : best;
}

export interface ChoiceState {
  form: Form;
  /** Choices the engine made from another field (inferFrom), by field: shown as such until changed. */
  inferred: Record<string, string>;
}

/**
 * The form after a change, with the flow's choice rules applied (only once the choices are loaded):
 * - a choice inferred from another field follows that field when it changes (and, when the choices
 *   first arrive, fills in if still empty); one the engine made goes when the field no longer matches,
 *   one the customer made stays until the field matches another;
 * - a choice no longer offered (its dependsOn parent changed, its excludeField now holds it) is cleared,
 *   so the form never keeps a denomination of another operator;
 * - when the choices first arrive, an empty source of fund (`sourceField`) starts on the customer's
 *   main source account ("Sumber dana utama", detail.isDefaultSource), if the flow offers it;
 * - a choice with `fills` fills those fields from its option's detail.form when chosen (or found chosen
 *   when the choices arrive).
 */
export function applyChoiceRules(
  before: ChoiceState,
  next: Form,
  specs: Record<string, ChoiceSpec>,
  choices: Record<string, ChoiceOption[]>,
  initial = false,
  sourceField?: string,
): ChoiceState {
  const form = { ...next };
  if (initial && sourceField && (form[sourceField] === undefined || form[sourceField] === '')) {
    const main = offeredOptions(sourceField, specs, choices, form).find(
      (o) => o.detail?.isDefaultSource === true,
    );
    if (main) form[sourceField] = main.value;
  }
  const inferred = { ...before.inferred };
  // A choice the customer changed is theirs now, no longer the engine's.
  for (const [field, value] of Object.entries(inferred)) if (form[field] !== value) delete inferred[field];
  for (const [field, spec] of Object.entries(specs)) {
    if (!spec.inferFrom || !spec.prefixKey || !choices[field]?.length) continue;
    const source = spec.inferFrom;
    const sourceChanged = form[source] !== before.form[source];
    if (!sourceChanged && !(initial && form[field] === undefined)) continue;
    const match = inferredOption(choices[field], form[source], spec.prefixKey);
    if (match) {
      form[field] = match.value;
      inferred[field] = match.value;
    } else if (inferred[field] !== undefined) {
      delete form[field];
      delete inferred[field];
    }
  }
  // A choice that fills fields (an edit form's goal): chosen, or found chosen when the choices arrive,
  // its option's detail.form fills them; the customer's own changes after that stay.
  for (const [field, spec] of Object.entries(specs)) {
    if (!spec.fills?.length || form[field] === undefined) continue;
    if (!initial && form[field] === before.form[field]) continue;
    const option = (choices[field] ?? []).find((o) => o.value === form[field]);
    const values = option?.detail?.form as Form | undefined;
    if (!values) continue;
    // When the choices arrive, a form already filled (restored) keeps what it holds.
    for (const f of spec.fills)
      if (values[f] !== undefined && !(initial && form[f] !== undefined && form[f] !== ''))
        form[f] = values[f];
  }
  // A cleared choice can leave another (its dependant) unoffered in turn.
  for (let changed = true, rounds = 0; changed && rounds < 10; rounds++) {
    changed = false;
    for (const field of Object.keys(specs)) {
      const value = form[field];
      if (value === undefined || !choices[field]?.length) continue;
      if (!offeredOptions(field, specs, choices, form).some((o) => o.value === value)) {
        delete form[field];
        delete inferred[field];
        changed = true;
      }
    }
  }
  return { form, inferred };
}
