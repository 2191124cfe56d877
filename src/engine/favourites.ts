import { FAVOURITE_NAME_MAX, stepUrl, type FlowFile } from '@/shared/flows';

/** A name to offer for a new favourite: the flow's menu label and its detail, within the length allowed. */
export function defaultFavouriteName(label: string, detail: string | undefined): string {
  if (!detail) return label.slice(0, FAVOURITE_NAME_MAX).trim();
  if (detail.length >= FAVOURITE_NAME_MAX - 4) return detail.slice(0, FAVOURITE_NAME_MAX);
  return `${label.slice(0, FAVOURITE_NAME_MAX - detail.length - 1).trim()} ${detail}`;
}

/** The search parameter that starts a flow's form from a favourite. */
export const FAVOURITE_PARAM = 'favorite';

/** With the favourite's search parameter: the filled-in form sends itself (a registered biller paid in two taps). */
export const PAY_PARAM = 'pay';

/** A flow's form filled in from a favourite: its inquiry page with the favourite named. */
export function favouriteUrl(flow: Pick<FlowFile, 'route' | 'variant'>, id: string): string {
  const url = stepUrl(flow, 'inquiry/');
  return `${url}${url.includes('?') ? '&' : '?'}${FAVOURITE_PARAM}=${encodeURIComponent(id)}`;
}

/** A registered biller's bill at once: its form filled in and sent, the page on verify with the bill. */
export function payFavouriteUrl(flow: Pick<FlowFile, 'route' | 'variant'>, id: string): string {
  return `${favouriteUrl(flow, id)}&${PAY_PARAM}=1`;
}
