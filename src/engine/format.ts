import { formatMoney, type Money } from '@/shared/money';
import {
  formatPlainValue,
  isLocalText,
  readValue,
  type ChoiceOption,
  type FlowFile,
  type SummaryRow,
  type ValueContext,
} from '@/shared/flows';

export type Lang = 'id' | 'en';

export const optionLabel = (o: ChoiceOption | undefined, lang: Lang) =>
  o ? (lang === 'en' ? o.labelEng : o.labelIdn) : '';

const isMoney = (v: unknown): v is Money =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Money).amount === 'number' &&
  typeof (v as Money).currency === 'string';

/** One row's value as text in the user's language; undefined when there is nothing to show. */
export function formatRow(
  row: SummaryRow,
  ctx: ValueContext,
  labels: Record<string, ChoiceOption>,
  flow: FlowFile,
  lang: Lang,
  t: (key: string) => string,
  schema?: Record<string, unknown>,
): string | undefined {
  const v = readValue(ctx, row.value);
  if (v === undefined || v === null || v === '') return undefined;
  const field = row.value.startsWith('form.') ? row.value.split('.')[1]! : '';
  switch (row.format) {
    case 'money':
      // A number is minor units of the transaction's currency (a penalty, a bill from the biller).
      if (typeof v === 'number')
        return formatMoney({ amount: v, currency: ctx.amount?.currency ?? 'IDR' }, lang);
      return isMoney(v) ? formatMoney(v, lang) : String(v);
    case 'choice': {
      if (labels[field]) return optionLabel(labels[field], lang);
      const ui = (flow.form.uiSchema?.[field] ?? {}) as { 'ui:enumNames'?: string[] };
      const props = (schema?.properties ?? {}) as Record<string, { enum?: string[] }>;
      const schemaEnum = props[field]?.enum;
      const idx = (schemaEnum ?? []).indexOf(String(v));
      const key = idx >= 0 ? ui['ui:enumNames']?.[idx] : undefined;
      return key ? t(key) : String(v);
    }
    default:
      if (isLocalText(v)) return lang === 'en' ? v.en : v.id;
      return isMoney(v) ? formatMoney(v, lang) : formatPlainValue(String(v), row.format, lang);
  }
}

export { formatMoney, isMoney };
