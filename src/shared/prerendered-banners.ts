import { BANNER_DISMISSAL_SCRIPT } from './csp';
import { escapeHtml } from './escape-html';

/**
 * The login page's maintenance banners in its prerendered HTML. The build renders the banner list
 * once per language with placeholders (src/app/prerender/login-shell.tsx, scripts/prerender-login.ts);
 * the server fills it per response with the banners active now (src/server/http/static-apps.ts), so
 * the page paints with them and does not move when the app draws the same banners over it.
 */

/** Where the banners go in the prerendered page. */
export const BANNERS_SLOT = '<!--maintenance-banners-->';

/** Where the build writes a language's template: among the build's own notes, which are not served. */
export const bannerTemplateFile = (lang: 'en' | 'id') => `.vite/maintenance-banners.${lang}.json`;

/** What the list is made of: `open` holds the first banner, `item` each further one, then `close`. */
export interface BannerListTemplate {
  open: string;
  item: string;
  close: string;
}

export const BANNER_PLACEHOLDERS = {
  key: '__BANNER_KEY__',
  title: '__BANNER_TITLE__',
  message: '__BANNER_MESSAGE__',
} as const;

/** A maintenance banner in both languages: what the server reads, sends and fills in, and the app draws. */
export interface BannerText {
  key: string;
  titleEng: string;
  titleIdn: string;
  messageEng: string;
  messageIdn: string;
}

function fill(markup: string, b: BannerText, lang: 'en' | 'id'): string {
  const values: Record<string, string> = {
    [BANNER_PLACEHOLDERS.key]: b.key,
    [BANNER_PLACEHOLDERS.title]: lang === 'en' ? b.titleEng : b.titleIdn,
    [BANNER_PLACEHOLDERS.message]: lang === 'en' ? b.messageEng : b.messageIdn,
  };
  return markup.replace(/__BANNER_(?:KEY|TITLE|MESSAGE)__/g, (p) => escapeHtml(values[p]!));
}

/** The banners as markup, and the script that takes out those dismissed today; nothing for none. */
export function renderBannerList(
  template: BannerListTemplate,
  banners: BannerText[],
  lang: 'en' | 'id',
): string {
  const [first, ...rest] = banners;
  if (!first) return '';
  return (
    fill(template.open, first, lang) +
    rest.map((b) => fill(template.item, b, lang)).join('') +
    template.close +
    `<script>${BANNER_DISMISSAL_SCRIPT}</script>`
  );
}
