// What a flow may add: a mailbox message when done (notify), a promo code, a schedule ("when to transfer").
import { lookupLocaleKey } from '../locale-key';
import type { SummaryRow } from '../types';
import type { FlowWithForms } from './context';
import { propertiesOf } from './forms';
import { checkKey, LANGS } from './texts';
import { checkValue } from './values';

/** A mailbox message when a service flow is done: its texts, and each placeholder filled. */
export function checkNotify(ctx: FlowWithForms): void {
  const { flow, report } = ctx;
  if (!flow.notify || typeof flow.notify !== 'object') return;
  const n = flow.notify;
  if (!flow.service) report('$.notify', 'Only a flow that moves no money ("service") tells the mailbox.');
  checkKey(ctx, n.subjectKey, '$.notify.subjectKey');
  checkKey(ctx, n.bodyKey, '$.notify.bodyKey');
  for (const [name, v] of Object.entries(n.values ?? {}))
    checkValue(ctx, v.value, `$.notify.values.${name}.value`);
  for (const key of [n.subjectKey, n.bodyKey])
    for (const lang of LANGS) {
      const text = lookupLocaleKey((ns) => ctx.run.input.locales[lang]?.[ns], key);
      for (const m of typeof text === 'string' ? text.matchAll(/\{\{(\w+)\}\}/g) : [])
        if (m[1] !== 'referenceNo' && !(m[1]! in (n.values ?? {})))
          report(
            '$.notify.values',
            `The text "${key}" (${lang}) names {{${m[1]}}}, which "values" does not give.`,
          );
    }
}

/** A promo code: an optional string field of a flow that moves money (its reward goes in the ledger). */
export function checkPromo(ctx: FlowWithForms): void {
  const { flow, mainSchema, report } = ctx;
  if (!flow.promo || typeof flow.promo !== 'object') return;
  const f = flow.promo.field;
  const prop = mainSchema ? propertiesOf(mainSchema) : undefined;
  const def = prop?.props.get(f);
  if (flow.service) report('$.promo', 'A promo code needs a flow that moves money ("amount" and "posting").');
  if (prop && !def) report('$.promo.field', `"${f}" is not a field of the form schema.`);
  else if (def && (def.type !== 'string' || typeof def.maxLength !== 'number' || def.maxLength > 15))
    report(
      '$.promo.field',
      `"${f}" must be a string of at most 15 characters ("maxLength") in the form schema.`,
    );
  if (prop?.required.has(f))
    report('$.promo.field', `"${f}" must be optional: a promo code is never required.`);
}

/** "When to transfer": the shared fragment on a money flow's form, said on verify and the receipt. */
export function checkSchedule(ctx: FlowWithForms): void {
  const { flow, mainSchema, fields, report } = ctx;
  if (!flow.schedule || typeof flow.schedule !== 'object') return;
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
    if (fields && !fields.has(r)) report('$.schedule.requote', `"${r}" is not a field of the form schema.`);
  if (flow.schedule.noteKey) checkKey(ctx, flow.schedule.noteKey, '$.schedule.noteKey');
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
