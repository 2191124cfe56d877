// After the main app's build (`npm run build`): the login page prerendered in each language
// (src/app/prerender/login-shell.tsx, built for Node by `vite build --mode login-shell`) into a copy
// of the app's page, dist/login/index.<lang>.html, which the server sends for /login/ in the
// visitor's language (src/server/http/static-apps.ts). A phone paints the page from the HTML alone;
// the app's script renders over it when it has arrived and run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP_NONCE_PLACEHOLDER, DEFERRED_SCRIPTS_LOADER } from '../src/shared/csp';
import {
  BANNER_PLACEHOLDERS,
  BANNERS_SLOT,
  bannerTemplateFile,
  type BannerListTemplate,
} from '../src/shared/prerendered-banners';

const ROOT = path.resolve(import.meta.dirname, '..');
export const LOGIN_SHELL_LANGS = ['id', 'en'] as const;

/**
 * The strict CSP allows no `style` attribute in a page's markup (React sets them through the DOM,
 * which the CSP allows): each becomes a data attribute and a rule in a style element with the nonce.
 */
export function moveStyleAttributes(markup: string, prefix = ''): string {
  const rules: string[] = [];
  const unescape = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const out = markup.replace(/ style="([^"]*)"/g, (_, css: string) => {
    rules.push(`[data-ssr-style="${prefix}${rules.length}"]{${unescape(css)}}`);
    return ` data-ssr-style="${prefix}${rules.length - 1}"`;
  });
  return rules.length ? `<style nonce="${CSP_NONCE_PLACEHOLDER}">${rules.join('')}</style>${out}` : out;
}

/**
 * Emotion's style elements taken out of the markup, each once, to go in the page's head: the app's
 * style cache then finds them in place and marked so (`data-s`), where it moved every one it found in
 * the markup into the head one by one (a restyle each) before the app's first render, and they stay
 * when the app replaces the markup. The component styles go as one element naming all their classes
 * (the cache re-inserts each element it adopts); the global ones (CssBaseline) as they are, each
 * adopted by its own Global. In the order the markup first uses them.
 */
export function hoistEmotionStyles(markups: string[]): { head: string; markups: string[] } {
  const seen = new Set<string>();
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const element = /<style data-emotion="([^"]+)" nonce="([^"]+)">([\s\S]*?)<\/style>/g;
  const out = markups.map((markup) =>
    markup.replace(element, (whole, attr: string, nonce: string, css: string) => {
      if (nonce !== CSP_NONCE_PLACEHOLDER)
        throw new Error('prerender: a style element without the nonce placeholder');
      if (seen.has(attr)) return '';
      seen.add(attr);
      const [key, ...ids] = attr.split(' ');
      if (key === 'css') {
        names.push(...ids);
        rules.push(css);
      } else globals.push(whole.replace('<style ', '<style data-s="" '));
      return '';
    }),
  );
  const components = names.length
    ? `<style data-emotion="css ${names.join(' ')}" data-s="" nonce="${CSP_NONCE_PLACEHOLDER}">${rules.join('')}</style>`
    : '';
  return { head: globals.join('') + components, markups: out };
}

/** The prerendered page's fields and buttons are disabled besides inert: nothing typed into it is lost when the app replaces it. */
export function disableControls(markup: string): string {
  return markup.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}

/**
 * The page's module scripts held in a template until the page has painted (DEFERRED_SCRIPTS_LOADER):
 * requested while the HTML is parsed, they were part of what the first paint waited for in Lighthouse's
 * model of a phone (FCP and LCP 1.8 s, of which ~0.7 s the app's script on its slow 4G).
 */
export function deferScripts(page: string): string {
  const scripts = page.match(/<script type="module"[^>]*><\/script>\s*/g) ?? [];
  if (!scripts.length) throw new Error('prerender-login: the page has no module script');
  let out = page;
  for (const s of scripts) out = out.replace(s, '');
  return out.replace(
    '</head>',
    `<template id="app-scripts">${scripts.map((s) => s.trim()).join('')}</template><script>${DEFERRED_SCRIPTS_LOADER}</script></head>`,
  );
}

const BANNERS_SLOT_ELEMENT = '<template data-banners-slot="login"></template>';

/** The page `index.html` with the prerendered login page in its root, inert until the app replaces it. */
export function withLoginShell(page: string, lang: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root) || !/<html lang="\w+">/.test(page))
    throw new Error('prerender-login: the page has no empty root or no <html lang>');
  if (!markup.includes(BANNERS_SLOT_ELEMENT))
    throw new Error('prerender-login: the login page has no place for its maintenance banners');
  const { head, markups } = hoistEmotionStyles([markup]);
  const body = disableControls(moveStyleAttributes(markups[0]!)).replace(BANNERS_SLOT_ELEMENT, BANNERS_SLOT);
  return deferScripts(page)
    .replace('</head>', `${head}</head>`)
    .replace(/<html lang="\w+">/, `<html lang="${lang}">`)
    .replace(root, `<div id="root"><div inert>${body}</div></div>`);
}

/**
 * The banner list (login-shell.tsx renderBannerListSample: two banners of placeholders) cut into what
 * the server repeats per banner (src/shared/prerendered-banners.ts). The second banner is the
 * repeated part: it ends the list and carries no style elements (the first brought them).
 */
export function bannerListTemplate(sample: string): BannerListTemplate {
  const markup = disableControls(moveStyleAttributes(sample, 'b'));
  const { key, title, message } = BANNER_PLACEHOLDERS;
  const second = markup.indexOf(`data-banner-key="${key}1"`);
  const start = markup.lastIndexOf('<div', second);
  const close = '</div>';
  if (second < 0 || start < 0 || !markup.endsWith(close) || markup.slice(start).includes('<style'))
    throw new Error('prerender-login: the banner list has changed its shape');
  const generic = (s: string) => s.replace(/(__BANNER_(?:KEY|TITLE|MESSAGE)__)1/g, '$1');
  const template = {
    open: markup.slice(0, start),
    item: generic(markup.slice(start, -close.length)),
    close,
  };
  for (const part of [template.open, template.item])
    if (![key, title, message].every((p) => part.includes(p)) || /__BANNER_\w+__1/.test(part))
      throw new Error('prerender-login: a banner of the list lacks its key, title or message');
  return template;
}

export async function prerenderLogin(dist = path.join(ROOT, 'dist')): Promise<void> {
  // React and emotion in their production builds (no development checks or labels in the markup).
  process.env.NODE_ENV = 'production';
  const bundle = path.join(ROOT, 'node_modules/.cache/login-shell/login-shell.js');
  const { renderLoginShell, renderBannerListSample } = (await import(pathToFileURL(bundle).href)) as {
    renderLoginShell: (lang: string) => string;
    renderBannerListSample: (lang: string) => string;
  };
  const page = readFileSync(path.join(dist, 'index.html'), 'utf8');
  mkdirSync(path.join(dist, 'login'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  for (const lang of LOGIN_SHELL_LANGS) {
    writeFileSync(
      path.join(dist, 'login', `index.${lang}.html`),
      withLoginShell(page, lang, renderLoginShell(lang)),
    );
    writeFileSync(
      path.join(dist, bannerTemplateFile(lang)),
      JSON.stringify(bannerListTemplate(renderBannerListSample(lang))),
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await prerenderLogin(process.argv[2]);
}
