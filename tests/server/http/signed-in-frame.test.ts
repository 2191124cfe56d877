import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { registerHttpBasics, serverOptions } from '../../../src/server/static-app';
import staticApps from '../../../src/server/http/static-apps';
import type { BannerPage } from '../../../src/shared/banner-pages';
import { BANNER_DISMISSAL_SCRIPT, CSP_NONCE_PLACEHOLDER } from '../../../src/shared/csp';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../../src/shared/page-preloads';
import { bannerTemplateFile, BANNERS_SLOT, type BannerText } from '../../../src/shared/prerendered-banners';

const page = (body: string, lang = 'id', head = '') =>
  `<!doctype html><html lang="${lang}"><head>${head}</head><body><div id="root">${body}</div></body></html>`;
const APP_SCRIPTS = `<template id="app-scripts"><script type="module" src="/assets/main.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></template>`;
/** Both screens' frames, each with the banners' place (scripts/prerender-frame.ts). */
const frame = (menu: string) =>
  `<div inert data-signed-in-frame><div data-frame-screen="phone">${BANNERS_SLOT}</div><div data-frame-screen="desktop"><nav>${menu}</nav>${BANNERS_SLOT}</div></div>`;

const banner = (key: string, page: string): BannerText => ({
  key,
  titleEng: `${page} maintenance`,
  titleIdn: `Pemeliharaan ${page}`,
  messageEng: 'Tonight',
  messageIdn: 'Malam ini',
});

describe('a signed-in page goes as its prerendered frame, with the page’s banners (src/server/http/static-apps.ts)', () => {
  let dist: string;
  let app: FastifyInstance;
  const asked: { page: BannerPage; variant?: string }[] = [];
  let failing = false;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dist-frame-'));
    for (const dir of ['login', 'frame', 'register', '.vite']) mkdirSync(path.join(dist, dir));
    writeFileSync(path.join(dist, 'index.html'), page(''));
    writeFileSync(path.join(dist, 'register', 'index.html'), page('<p>register</p>'));
    writeFileSync(path.join(dist, 'login', 'index.id.html'), page(`${BANNERS_SLOT}<h1>Masuk</h1>`));
    writeFileSync(path.join(dist, 'frame', 'index.id.html'), page(frame('Beranda'), 'id', APP_SCRIPTS));
    writeFileSync(path.join(dist, 'frame', 'index.en.html'), page(frame('Home'), 'en', APP_SCRIPTS));
    // a transaction page's, with its form's styles (Indonesian only here: English falls back to the plain one)
    writeFileSync(
      path.join(dist, 'frame', 'index.id.flow.html'),
      page(frame('Beranda'), 'id', `${APP_SCRIPTS}<style data-form-styles></style>`),
    );
    for (const lang of ['id', 'en'] as const)
      writeFileSync(
        path.join(dist, bannerTemplateFile(lang)),
        JSON.stringify({
          open: `<style nonce="${CSP_NONCE_PLACEHOLDER}">.b{}</style><ul><li data-banner-key="__BANNER_KEY__">__BANNER_TITLE__: __BANNER_MESSAGE__</li>`,
          item: '<li data-banner-key="__BANNER_KEY__">__BANNER_TITLE__: __BANNER_MESSAGE__</li>',
          close: '</ul>',
        }),
      );
    const preloads: PagePreloads = {
      signedIn: ['/assets/shell.js'],
      signedInStrings: { id: ['/assets/late-id.js'], en: ['/assets/late-en.js'] },
      flowPage: ['/assets/flow-page.js'],
      flowPages: { '/payment/bpjs/inquiry/': ['/assets/bpjs.js'] },
    };
    writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), JSON.stringify(preloads));
    app = Fastify(serverOptions({}));
    await registerHttpBasics(app);
    await app.register(staticApps, {
      root: dist,
      banners: async (page, variant) => {
        asked.push({ page, ...(variant ? { variant } : {}) });
        if (failing) throw new Error('database away');
        return page === 'dashboard'
          ? [banner('rates', 'dashboard')]
          : [banner('transfer-a', page), banner('transfer-b', page)];
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const nonceOf = (res: { headers: Record<string, unknown> }) =>
    /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

  it('puts the dashboard’s banners in both screens’ frames, in the visitor’s language, with the response’s nonce', async () => {
    asked.length = 0;
    const id = await app.inject({ url: '/dashboard/' });
    const en = await app.inject({ url: '/dashboard/', headers: { cookie: 'language=en' } });
    expect(asked).toEqual([{ page: 'dashboard' }, { page: 'dashboard' }]);
    const list = (title: string, nonce: string) =>
      `<style nonce="${nonce}">.b{}</style><ul><li data-banner-key="rates">${title}: ${title.startsWith('P') ? 'Malam ini' : 'Tonight'}</li></ul><script>${BANNER_DISMISSAL_SCRIPT}</script>`;
    expect(id.body).toContain(
      `<div data-frame-screen="phone">${list('Pemeliharaan dashboard', nonceOf(id)!)}</div><div data-frame-screen="desktop"><nav>Beranda</nav>${list('Pemeliharaan dashboard', nonceOf(id)!)}</div>`,
    );
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain(`<nav>Home</nav>${list('dashboard maintenance', nonceOf(en)!)}`);
    for (const res of [id, en]) {
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.body).not.toContain(BANNERS_SLOT);
      expect(String(res.headers.vary)).toMatch(/Cookie/);
    }
  });

  it('asks for the banners of the transaction the page shows, and names the page’s chunks with the app’s scripts, after the paint', async () => {
    asked.length = 0;
    const res = await app.inject({ url: '/transfer/inquiry/?type=own-account' });
    expect(asked).toEqual([{ page: 'transfer', variant: 'own-account' }]);
    expect(res.body.match(/data-banner-key="transfer-[ab]"/g)).toHaveLength(4);
    expect(res.body).toContain(
      '<template id="app-scripts"><link rel="modulepreload" crossorigin href="/assets/shell.js"><link rel="modulepreload" crossorigin href="/assets/late-id.js"><script type="module"',
    );
    expect(res.body).not.toMatch(/<\/template>.*modulepreload/s);
  });

  it("gives a transaction page the frame with its form's styles, and no other page", async () => {
    expect((await app.inject({ url: '/payment/bpjs/inquiry/' })).body).toContain('data-form-styles');
    for (const url of ['/dashboard/', '/myaccount/', '/transfer/inquiry/'])
      expect((await app.inject({ url })).body, url).not.toContain('data-form-styles');
    // a build without it (or a language without it) sends the plain frame
    const en = await app.inject({ url: '/payment/bpjs/inquiry/', headers: { cookie: 'language=en' } });
    expect(en.body).toContain('<nav>Home</nav>');
    expect(en.body).not.toContain('data-form-styles');
  });

  it('gives a page with no banners (and a failed read) the frame alone, and leaves the login area and the other apps as they are', async () => {
    asked.length = 0;
    const account = await app.inject({ url: '/myaccount/' });
    expect(asked).toEqual([]);
    failing = true;
    const failed = await app.inject({ url: '/payment/bpjs/inquiry/' });
    failing = false;
    for (const res of [account, failed]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<div data-frame-screen="phone"></div><div data-frame-screen="desktop"><nav>Beranda</nav></div>',
      );
    }
    const faq = await app.inject({ url: '/login/faq/' });
    expect(faq.body).toContain('<div id="root"></div>');
    const register = await app.inject({ url: '/register/' });
    expect(register.body).toContain('<p>register</p>');
    expect(register.body).not.toContain('data-signed-in-frame');
  });
});
