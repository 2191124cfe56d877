import { formatPlainValue, FAVOURITE_NAME_MAX, stepUrl, type FlowFile } from '@/shared/flows';
import type { Lang } from './format';

const fieldOf = (p: string) => p.replace(/^form\./, '');

/**
 * What tells one favourite of a flow from another, as the verify page shows it: the first value the
 * customer typed that the page lists (a customer number, an account number, a mobile number), not
 * the source of fund, a choice or an amount. Undefined when the flow has none (own accounts).
 */
export function favouriteDetail(
  flow: FlowFile,
  form: Record<string, unknown>,
  lang: Lang,
): string | undefined {
  for (const row of flow.verify.summary) {
    if (!row.value.startsWith('form.') || row.value === flow.posting.debit) continue;
    if (row.format === 'choice' || row.format === 'money') continue;
    const value = form[fieldOf(row.value)];
    if (typeof value === 'string' && value.trim()) return formatPlainValue(value.trim(), row.format, lang);
  }
  return undefined;
}

/** A name to offer for a new favourite: the flow's menu label and its detail, within the length allowed. */
export function defaultFavouriteName(label: string, detail: string | undefined): string {
  if (!detail) return label.slice(0, FAVOURITE_NAME_MAX).trim();
  if (detail.length >= FAVOURITE_NAME_MAX - 4) return detail.slice(0, FAVOURITE_NAME_MAX);
  return `${label.slice(0, FAVOURITE_NAME_MAX - detail.length - 1).trim()} ${detail}`;
}

/** The search parameter that starts a flow's form from a favourite. */
export const FAVOURITE_PARAM = 'favorite';

/** A flow's form filled in from a favourite: its inquiry page with the favourite named. */
export function favouriteUrl(flow: Pick<FlowFile, 'route' | 'variant'>, id: string): string {
  const url = stepUrl(flow, 'inquiry/');
  return `${url}${url.includes('?') ? '&' : '?'}${FAVOURITE_PARAM}=${encodeURIComponent(id)}`;
}
