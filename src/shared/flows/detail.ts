import { formatPlainValue } from './format-value';
import type { FlowFile } from './types';

const fieldOf = (p: string) => p.replace(/^form\./, '');

/**
 * What tells one transaction of a flow from another, as its verify page shows it: the first value the
 * customer typed that the page lists (a customer number, an account number, a mobile number), not
 * the source of fund, a choice or an amount. Undefined when the flow has none (own accounts). A
 * favourite's name starts from it, and a journal's description (the account history) carries it.
 */
export function transactionDetail(
  flow: FlowFile,
  form: Record<string, unknown>,
  lang: 'en' | 'id',
): string | undefined {
  for (const row of flow.verify.summary) {
    if (!row.value.startsWith('form.') || row.value === flow.posting?.debit) continue;
    if (row.format === 'choice' || row.format === 'money') continue;
    const value = form[fieldOf(row.value)];
    if (typeof value === 'string' && value.trim()) return formatPlainValue(value.trim(), row.format, lang);
  }
  return undefined;
}
