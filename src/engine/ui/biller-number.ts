import type { ChoiceOption, FlowFile } from '@/shared/flows';
import { billerNumberMessage, fitsRule, isNumberRule } from '@/shared/flows/field-types';

/**
 * The biller the customer chose has its own kind and length of number (providers/<category>.json, an
 * entry's `number`: Tokopedia's payment codes are 16 digits where the form takes 10 to 16): the page
 * checks it under the field as the server would, so a short code is told at once, not by a refused
 * inquiry. A flow's fixed biller has its rule in its form's own schema.
 */
export function billerNumberError(
  flow: FlowFile,
  choices: Record<string, ChoiceOption[]>,
  form: Record<string, unknown>,
  lang: 'en' | 'id',
): { field: string; message: string } | undefined {
  const from = flow.provider?.from;
  if (!from?.startsWith('form.') || flow.inquiry?.lookup !== 'provider.inquiry') return undefined;
  const chosen = from.slice(5);
  const option = choices[chosen]?.find((o) => o.value === form[chosen]);
  const rule = option?.detail?.number;
  const param = flow.inquiry.params?.customerField;
  const field = typeof param === 'string' ? param : 'customerNumber';
  const value = form[field];
  // (an empty one is the schema's "required")
  if (!option || !isNumberRule(rule) || typeof value !== 'string' || !value || fitsRule(rule, value))
    return undefined;
  const text = billerNumberMessage({ en: option.labelEng, id: option.labelIdn }, rule);
  return { field, message: lang === 'en' ? text.eng : text.idn };
}
