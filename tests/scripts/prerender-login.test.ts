// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  bannerListTemplate,
  hoistEmotionStyles,
  deferScripts,
  disableControls,
  moveStyleAttributes,
  withLoginShell,
} from '../../scripts/prerender-login';
import { CSP_NONCE_PLACEHOLDER, DEFERRED_SCRIPTS_LOADER } from '../../src/shared/csp';
import { BANNERS_SLOT } from '../../src/shared/prerendered-banners';

/** What login-shell.tsx renders where the banners go (MaintenanceBanner without a document). */
const SLOT = '<template data-banners-slot="login"></template>';

const SCRIPTS =
  '<script type="module" crossorigin src="/assets/rolldown-runtime-1.js" nonce="n"></script>\n' +
  '    <script type="module" crossorigin src="/assets/main-2.js" nonce="n"></script>\n';
const PAGE = `<!doctype html>\n<html lang="id">\n<head>\n    ${SCRIPTS}</head><body><div id="root"></div></body></html>`;

describe('the login page prerendered into the app page (scripts/prerender-login.ts)', () => {
  it('puts the markup in the root, inert, in the language asked for, with the place of its banners marked', () => {
    const html = withLoginShell(PAGE, 'en', `${SLOT}<h1>Log in</h1>`);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<div id="root"><div inert>${BANNERS_SLOT}<h1>Log in</h1></div></div>`);
    // (a login page without the banners' place: the server could not put them in)
    expect(() => withLoginShell(PAGE, 'en', '<h1>Log in</h1>')).toThrow(/maintenance banners/);
  });

  it('cuts the banner list into its first banner (with the styles), each further banner and its end', () => {
    const alert = (n: string, style = '') =>
      `<div class="alert" role="alert" data-testid="maintenance-banner-__BANNER_KEY__${n}" data-banner-key="__BANNER_KEY__${n}" style="--Paper-shadow:none">` +
      `${style}<div class="title">__BANNER_TITLE__${n}</div>__BANNER_MESSAGE__${n}<button type="button">Close</button></div>`;
    const sample = `<style>.stack{}</style><div class="stack">${alert('', '<style>.alert{}</style>')}${alert('1')}</div>`;
    const t = bannerListTemplate(sample);
    expect(t.close).toBe('</div>');
    // (the style attributes of both banners as rules, ahead of the list; the first banner whole)
    expect(t.open).toBe(
      `<style nonce="${CSP_NONCE_PLACEHOLDER}">[data-ssr-style="b0"]{--Paper-shadow:none}[data-ssr-style="b1"]{--Paper-shadow:none}</style>` +
        '<style>.stack{}</style><div class="stack"><div class="alert" role="alert" data-testid="maintenance-banner-__BANNER_KEY__" data-banner-key="__BANNER_KEY__" data-ssr-style="b0">' +
        '<style>.alert{}</style><div class="title">__BANNER_TITLE__</div>__BANNER_MESSAGE__<button disabled="" type="button">Close</button></div>',
    );
    expect(t.item).toBe(
      '<div class="alert" role="alert" data-testid="maintenance-banner-__BANNER_KEY__" data-banner-key="__BANNER_KEY__" data-ssr-style="b1">' +
        '<div class="title">__BANNER_TITLE__</div>__BANNER_MESSAGE__<button disabled="" type="button">Close</button></div>',
    );
    expect(t.open + t.item + t.close).not.toMatch(/__1|__BANNER_\w+__1/);
    // A list drawn otherwise (the second banner with style elements of its own, or no second banner) is refused.
    expect(() => bannerListTemplate(sample.replace(alert('1'), alert('1', '<style>x{}</style>')))).toThrow(
      /shape/,
    );
    expect(() => bannerListTemplate(sample.replace(alert('1'), ''))).toThrow(/shape/);
  });

  it('turns style attributes (which the strict CSP blocks in markup) into rules in a style element with the nonce', () => {
    const out = moveStyleAttributes(
      '<div class="a" style="--Paper-shadow:0px 1px rgba(0,0,0,0.2)"><p style="font-family:&quot;Roboto&quot;">x</p></div>',
    );
    expect(out).not.toMatch(/ style="/);
    expect(out).toBe(
      `<style nonce="${CSP_NONCE_PLACEHOLDER}">[data-ssr-style="0"]{--Paper-shadow:0px 1px rgba(0,0,0,0.2)}[data-ssr-style="1"]{font-family:"Roboto"}</style>` +
        '<div class="a" data-ssr-style="0"><p data-ssr-style="1">x</p></div>',
    );
    expect(moveStyleAttributes('<p>x</p>')).toBe('<p>x</p>');
  });

  it('disables its fields and buttons, so nothing is typed into a page the app is about to replace', () => {
    expect(disableControls('<form><input name="userId"/><button type="submit">Next</button></form>')).toBe(
      '<form><input disabled="" name="userId"/><button disabled="" type="submit">Next</button></form>',
    );
  });

  it('holds the app scripts in a template that the one inline loader puts in after the first paint', () => {
    const html = deferScripts(PAGE);
    expect(html).not.toMatch(/<head>[^]*<script type="module"[^]*<template/);
    expect(html).toContain(
      '<template id="app-scripts"><script type="module" crossorigin src="/assets/rolldown-runtime-1.js" nonce="n"></script>' +
        '<script type="module" crossorigin src="/assets/main-2.js" nonce="n"></script></template>' +
        `<script>${DEFERRED_SCRIPTS_LOADER}</script></head>`,
    );
    expect(() => deferScripts(PAGE.replace(SCRIPTS, ''))).toThrow(/no module script/);
  });

  it('refuses a page without an empty root (the build changed its shape)', () => {
    expect(() => withLoginShell(PAGE.replace('<div id="root"></div>', '<main></main>'), 'id', SLOT)).toThrow(
      /empty root/,
    );
  });
});

describe('emotion’s style elements of a prerendered page (scripts/prerender-login.ts hoistEmotionStyles)', () => {
  const style = (attr: string, css: string) =>
    `<style data-emotion="${attr}" nonce="${CSP_NONCE_PLACEHOLDER}">${css}</style>`;
  it('go to the head once each, the components’ as one element naming their classes, marked as placed', () => {
    const { head, markups } = hoistEmotionStyles([
      `${style('css-global 1f', 'body{margin:0}')}${style('css a1', '.css-a1{color:red}')}<div class="css-a1">${style('css b2 animation-k', '.css-b2{x:1}@keyframes animation-k{}')}<p class="css-b2"></p></div>`,
      `${style('css-global 1f', 'body{margin:0}')}${style('css a1', '.css-a1{color:red}')}<nav class="css-a1">${style('css c3', '.css-c3{y:2}')}</nav>`,
    ]);
    expect(markups).toEqual([
      '<div class="css-a1"><p class="css-b2"></p></div>',
      '<nav class="css-a1"></nav>',
    ]);
    expect(head).toBe(
      `<style data-s="" data-emotion="css-global 1f" nonce="${CSP_NONCE_PLACEHOLDER}">body{margin:0}</style>` +
        `<style data-emotion="css a1 b2 animation-k c3" data-s="" nonce="${CSP_NONCE_PLACEHOLDER}">.css-a1{color:red}.css-b2{x:1}@keyframes animation-k{}.css-c3{y:2}</style>`,
    );
  });
});
