import type { TFunction } from 'i18next';
import type { FieldProblem } from './schema-rules';

/** The field's own wording when it has one (validation.<field>.<rule>), else the rule's general text. */
export function fieldMessage(t: TFunction, field: string, p: FieldProblem | undefined): string | undefined {
  if (!p) return undefined;
  return t([`auth:validation.${field}.${p.rule}`, `auth:validation.${p.rule}`], {
    min: p.min,
    max: p.max,
    field: t(`auth:fields.${field}`),
  });
}
