/** Pages with maintenance banner keys (spec section 3). */
export type BannerPage = 'login' | 'dashboard' | 'payment' | 'purchase' | 'transfer';

/** Pages that carry maintenance banners (spec section 3): the dashboard and the three transaction areas. */
export function bannerPageOf(pathname: string): BannerPage | null {
  if (/^\/dashboard\/?$/.test(pathname)) return 'dashboard';
  const area = pathname.split('/')[1];
  return area === 'payment' || area === 'purchase' || area === 'transfer' ? area : null;
}

/** The transaction a page of several shows (/transfer/?type=own-account): its banners only. */
export function bannerVariantOf(search: string): string | undefined {
  const type = new URLSearchParams(search).get('type');
  return type && /^[a-z][a-z0-9-]{0,39}$/.test(type) ? type : undefined;
}
