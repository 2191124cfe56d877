import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildStaticApp, registerHttpBasics, serverOptions } from '../../../src/server/static-app';
import staticApps from '../../../src/server/http/static-apps';
import { BANNER_DISMISSAL_SCRIPT, CSP_NONCE_PLACEHOLDER } from '../../../src/shared/csp';
import { bannerTemplateFile, BANNERS_SLOT, type BannerText } from '../../../src/shared/prerendered-banners';

const page = (body: string, lang = 'id') =>
  `<!doctype html><html lang="${lang}"><head><script type="module" src="/assets/main.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root">${body}</div></body></html>`;

describe('the login page goes prerendered in the visitor’s language (src/server/http/static-apps.ts)', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dist-shell-'));
    mkdirSync(path.join(dist, 'login'));
    writeFileSync(path.join(dist, 'index.html'), page(''));
    writeFileSync(
      path.join(dist, 'login', 'index.id.html'),
      page(
        `<div inert><style nonce="${CSP_NONCE_PLACEHOLDER}">h1{}</style>${BANNERS_SLOT}<h1>Masuk</h1></div>`,
      ),
    );
    writeFileSync(
      path.join(dist, 'login', 'index.en.html'),
      page(
        `<div inert><style nonce="${CSP_NONCE_PLACEHOLDER}">h1{}</style>${BANNERS_SLOT}<h1>Log in</h1></div>`,
        'en',
      ),
    );
    app = await buildStaticApp({ staticDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('Indonesian by default, English for a visitor whose language cookie says so, each with the response’s nonce', async () => {
    const id = await app.inject({ url: '/login/' });
    const en = await app.inject({ url: '/login/', headers: { cookie: 'other=1; language=en' } });
    expect(id.body).toContain('<h1>Masuk</h1>');
    expect(en.body).toContain('<h1>Log in</h1>');
    expect(en.body).toContain('<html lang="en">');
    for (const res of [id, en]) {
      expect(res.statusCode).toBe(200);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(res.body).toContain(`<style nonce="${nonce}">`);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      // A cache must not give one visitor's language to another.
      expect(String(res.headers.vary)).toMatch(/Cookie/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('carries the login banners active now, in the visitor’s language with the response’s nonce; none when they cannot be read', async () => {
    const template = (close: string) =>
      JSON.stringify({
        open: `<style nonce="${CSP_NONCE_PLACEHOLDER}">.b{}</style><div data-testid="maintenance-banners"><div data-banner-key="__BANNER_KEY__"><b>__BANNER_TITLE__</b>__BANNER_MESSAGE__<button title="${close}"></button></div>`,
        item: `<div data-banner-key="__BANNER_KEY__"><b>__BANNER_TITLE__</b>__BANNER_MESSAGE__<button title="${close}"></button></div>`,
        close: '</div>',
      });
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, bannerTemplateFile('id')), template('Tutup'));
    writeFileSync(path.join(dist, bannerTemplateFile('en')), template('Close'));
    let banners: () => Promise<BannerText[]> = async () => [
      {
        key: 'sunday',
        titleEng: 'Maintenance',
        titleIdn: 'Pemeliharaan',
        messageEng: 'Sunday',
        messageIdn: 'Minggu',
      },
    ];
    const withBanners = Fastify(serverOptions({}));
    await registerHttpBasics(withBanners);
    await withBanners.register(staticApps, { root: dist, banners: () => banners() });
    try {
      const id = await withBanners.inject({ url: '/login/' });
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(id.headers['content-security-policy']))?.[1];
      expect(id.body).toContain(
        `<style nonce="${nonce}">.b{}</style><div data-testid="maintenance-banners"><div data-banner-key="sunday"><b>Pemeliharaan</b>Minggu<button title="Tutup"></button></div></div><script>${BANNER_DISMISSAL_SCRIPT}</script><h1>Masuk</h1>`,
      );
      const en = await withBanners.inject({ url: '/login/', headers: { cookie: 'language=en' } });
      expect(en.body).toContain('<b>Maintenance</b>Sunday<button title="Close">');
      // No banners now, or none to be read (the database away): the page without them, and no mark left.
      banners = async () => [];
      const none = await withBanners.inject({ url: '/login/' });
      banners = () => Promise.reject(new Error('database away'));
      const failed = await withBanners.inject({ url: '/login/' });
      for (const res of [none, failed]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div inert><style');
        expect(res.body).not.toMatch(/maintenance-banners|<!--/);
      }
      // Only a prerendered page: another page of the app (here no frame was built) does not ask for them.
      const calls: string[] = [];
      banners = async () => (calls.push('asked'), []);
      await withBanners.inject({ url: '/dashboard/' });
      expect(calls).toEqual([]);
    } finally {
      await withBanners.close();
    }
  });

  it('every other page of the app gets the empty page the app renders into', async () => {
    for (const url of ['/dashboard/', '/login/faq/', '/payment/bpjs/inquiry/']) {
      const res = await app.inject({ url, headers: { cookie: 'language=en' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(String(res.headers.vary)).not.toMatch(/Cookie/);
    }
  });
});
