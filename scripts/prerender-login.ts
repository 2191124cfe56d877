// After the main app's build (`npm run build`): the login page prerendered in each language
// (src/app/prerender/login-shell.tsx, built for Node by `vite build --mode login-shell`) into a copy
// of the app's page, dist/login/index.<lang>.html, which the server sends for /login/ in the
// visitor's language (src/server/http/static-apps.ts). A phone paints the page from the HTML alone;
// the app's script renders over it when it has arrived and run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP_NONCE_PLACEHOLDER, DEFERRED_SCRIPTS_LOADER } from '../src/shared/csp';

const ROOT = path.resolve(import.meta.dirname, '..');
export const LOGIN_SHELL_LANGS = ['id', 'en'] as const;

/**
 * The strict CSP allows no `style` attribute in a page's markup (React sets them through the DOM,
 * which the CSP allows): each becomes a data attribute and a rule in a style element with the nonce.
 */
export function moveStyleAttributes(markup: string): string {
  const rules: string[] = [];
  const unescape = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const out = markup.replace(/ style="([^"]*)"/g, (_, css: string) => {
    rules.push(`[data-ssr-style="${rules.length}"]{${unescape(css)}}`);
    return ` data-ssr-style="${rules.length - 1}"`;
  });
  return rules.length ? `<style nonce="${CSP_NONCE_PLACEHOLDER}">${rules.join('')}</style>${out}` : out;
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

/** The page `index.html` with the prerendered login page in its root, inert until the app replaces it. */
export function withLoginShell(page: string, lang: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root) || !/<html lang="\w+">/.test(page))
    throw new Error('prerender-login: the page has no empty root or no <html lang>');
  return deferScripts(page)
    .replace(/<html lang="\w+">/, `<html lang="${lang}">`)
    .replace(root, `<div id="root"><div inert>${disableControls(moveStyleAttributes(markup))}</div></div>`);
}

export async function prerenderLogin(dist = path.join(ROOT, 'dist')): Promise<void> {
  // React and emotion in their production builds (no development checks or labels in the markup).
  process.env.NODE_ENV = 'production';
  const bundle = path.join(ROOT, 'node_modules/.cache/login-shell/login-shell.js');
  const { renderLoginShell } = (await import(pathToFileURL(bundle).href)) as {
    renderLoginShell: (lang: string) => string;
  };
  const page = readFileSync(path.join(dist, 'index.html'), 'utf8');
  mkdirSync(path.join(dist, 'login'), { recursive: true });
  for (const lang of LOGIN_SHELL_LANGS)
    writeFileSync(
      path.join(dist, 'login', `index.${lang}.html`),
      withLoginShell(page, lang, renderLoginShell(lang)),
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await prerenderLogin(process.argv[2]);
}
