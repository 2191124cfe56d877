import type { FlowForm, MachineSpec, MachineStateConfig } from './types';

/**
 * Secret form fields (a PIN, a password): those the uiSchema types masked, `"ui:widget": "password"`.
 * One mark, read by every consumer: the browser never stores them (persistence), the checker refuses a
 * verify or receipt row (and so the companion app's summary) that shows one, and the server keeps them
 * in its stored inquiry only as argon2id hashes (the executor compares or stores the hash).
 */
export const SECRET_WIDGET = 'password';

const secretsOfUi = (ui: Record<string, unknown> | undefined): string[] =>
  Object.entries(ui ?? {})
    .filter(
      ([k, v]) =>
        !k.startsWith('ui:') &&
        !!v &&
        typeof v === 'object' &&
        (v as Record<string, unknown>)['ui:widget'] === SECRET_WIDGET,
    )
    .map(([k]) => k);

function secretsOfStates(states: Record<string, MachineStateConfig> | undefined, out: Set<string>) {
  for (const st of Object.values(states ?? {})) {
    if (!st || typeof st !== 'object') continue;
    for (const f of secretsOfUi(st.meta?.form?.uiSchema)) out.add(f);
    secretsOfStates(st.states, out);
  }
}

/** The secret fields of a flow's forms (its own form and any extra form step of its machine). */
export function secretFields(flow: { form?: FlowForm; machine?: MachineSpec | null }): string[] {
  const out = new Set(secretsOfUi(flow.form?.uiSchema));
  if (flow.machine && typeof flow.machine === 'object') secretsOfStates(flow.machine.states, out);
  return [...out];
}

/** The form without its secret fields (what may be kept or shown). */
export function withoutSecrets<T extends Record<string, unknown>>(form: T, secrets: readonly string[]): T {
  if (!secrets.length) return form;
  const out = { ...form };
  for (const f of secrets) delete out[f];
  return out;
}
