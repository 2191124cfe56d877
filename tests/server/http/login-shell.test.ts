import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStaticApp } from '../../../src/server/static-app';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/shared/csp';

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
      page(`<div inert><style nonce="${CSP_NONCE_PLACEHOLDER}">h1{}</style><h1>Masuk</h1></div>`),
    );
    writeFileSync(
      path.join(dist, 'login', 'index.en.html'),
      page(`<div inert><style nonce="${CSP_NONCE_PLACEHOLDER}">h1{}</style><h1>Log in</h1></div>`, 'en'),
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

  it('every other page of the app gets the empty page the app renders into', async () => {
    for (const url of ['/dashboard/', '/login/faq/', '/payment/bpjs/inquiry/']) {
      const res = await app.inject({ url, headers: { cookie: 'language=en' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(String(res.headers.vary)).not.toMatch(/Cookie/);
    }
  });
});
