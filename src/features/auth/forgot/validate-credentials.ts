import { checkField, type FieldProblem } from '../schema-rules';
import type { ForgotConfig } from './config';

/** The fields the user fills: all of them, with only the chosen one of an either/or pair. */
export function activeFields(config: ForgotConfig, chosen?: string): string[] {
  if (!config.alternatives) return [...config.fields];
  const pick = chosen ?? config.alternatives[0];
  return config.fields.filter((f) => !config.alternatives!.includes(f) || f === pick);
}

/** Same rules as the server's request schema; the chosen alternative is required. */
export function validateCredentials(
  config: ForgotConfig,
  values: Record<string, string>,
  chosen?: string,
): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  const required = new Set([
    ...(config.schema.required ?? []),
    ...(config.alternatives ? [chosen ?? config.alternatives[0]!] : []),
  ]);
  for (const name of activeFields(config, chosen)) {
    const schema = config.schema.properties?.[name] ?? {};
    const p = checkField(schema, (values[name] ?? '').trim(), required.has(name));
    if (p) out[name] = p;
  }
  return out;
}

/** The request body: only the active fields, trimmed. */
export function credentialsBody(
  config: ForgotConfig,
  values: Record<string, string>,
  chosen?: string,
): Record<string, string> {
  return Object.fromEntries(activeFields(config, chosen).map((f) => [f, (values[f] ?? '').trim()]));
}
