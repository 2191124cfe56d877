// Value paths ("form.amount", "choice.biller.name", "inquiry.customerName"): each names what the flow has.
import { PAYMENT_DETAILS, PROVIDER_DETAILS, type ListEntry } from '../reference';
import type { FlowWithForms } from './context';

/** "form.<field>" names a field of the form, "choice.<field>" a declared choice. */
export function checkValue(ctx: FlowWithForms, value: unknown, path: string): void {
  if (typeof value !== 'string') return;
  const [head, name] = value.split('.');
  if (head === 'form' && ctx.fields && name && !ctx.fields.has(name))
    ctx.report(path, `"${value}" names a form field "${name}" that the form schema does not have.`);
  if (head === 'choice' && name && !(name in ctx.choices))
    ctx.report(path, `"${value}" names a choice "${name}" that "choices" does not declare.`);
}

/** The entries of a "list" or "providers" choice (lists/, providers/). */
export function listOf(ctx: FlowWithForms, field: string): ListEntry[] | undefined {
  const spec = ctx.choices[field];
  if (!spec?.list) return undefined;
  if (spec.source === 'list') return ctx.reference.lists[spec.list]?.entries;
  if (spec.source === 'providers') return ctx.reference.providers[spec.list]?.providers;
  return undefined;
}

/** inquiry.<key> a provider flow may show: what every provider answers plus what its category declares. */
function providerKeys(ctx: FlowWithForms, onReceipt: boolean): string[] | undefined {
  const { category, steps } = ctx;
  return category
    ? [
        ...PROVIDER_DETAILS,
        ...steps.map((st) => st.id),
        ...Object.keys(category.lookup?.answer.properties ?? {}),
        ...(onReceipt ? [...PAYMENT_DETAILS, ...Object.keys(category.payment?.answer.properties ?? {})] : []),
      ]
    : undefined;
}

/** "inquiry.<key>" a provider answers (before payment, or on the receipt); "choice.<field>.<detail>" its list has. */
export function checkSourced(ctx: FlowWithForms, value: unknown, path: string, onReceipt: boolean): void {
  if (typeof value !== 'string') return;
  const { flow, choices, report } = ctx;
  const [head, name, key] = value.split('.');
  // A service flow's executor adds details of its own (its check and apply), which no file declares.
  const keys = flow.service ? undefined : providerKeys(ctx, onReceipt);
  if (head === 'inquiry' && name && keys && !keys.includes(name))
    report(
      path,
      `"${value}": the provider category "${flow.provider!.category}" never answers "${name}"${onReceipt ? '' : ' before payment'} (it answers ${keys.join(', ')}; declare it in providers/${flow.provider!.category}.json).`,
    );
  // An earlier step's options are known only when it answers.
  if (head === 'choice' && name && key && choices[name]?.source !== 'inquiry') {
    const entries = listOf(ctx, name);
    if (!entries)
      report(path, `"${value}" reads a choice "${name}" that is not a "list" or "providers" choice.`);
    else if (key !== 'code' && key !== 'name' && !entries.some((e) => key in e))
      report(path, `"${value}": no entry of that list has a detail "${key}".`);
  }
}
