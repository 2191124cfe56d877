// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deferScripts,
  disableControls,
  moveStyleAttributes,
  withLoginShell,
} from '../../scripts/prerender-login';
import { CSP_NONCE_PLACEHOLDER, DEFERRED_SCRIPTS_LOADER } from '../../src/shared/csp';

const SCRIPTS =
  '<script type="module" crossorigin src="/assets/rolldown-runtime-1.js" nonce="n"></script>\n' +
  '    <script type="module" crossorigin src="/assets/main-2.js" nonce="n"></script>\n';
const PAGE = `<!doctype html>\n<html lang="id">\n<head>\n    ${SCRIPTS}</head><body><div id="root"></div></body></html>`;

describe('the login page prerendered into the app page (scripts/prerender-login.ts)', () => {
  it('puts the markup in the root, inert, in the language asked for', () => {
    const html = withLoginShell(PAGE, 'en', '<h1>Log in</h1>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div id="root"><div inert><h1>Log in</h1></div></div>');
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
    expect(() => withLoginShell(PAGE.replace('<div id="root"></div>', '<main></main>'), 'id', 'x')).toThrow(
      /empty root/,
    );
  });
});
