import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStaticApp } from '../../../src/server/static-app';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/shared/csp';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../../src/shared/page-preloads';

const page = `<!doctype html><html lang="id"><head><script type="module" crossorigin src="/assets/main.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
const preloads: PagePreloads = {
  signedIn: ['/assets/shell-1.js'],
  signedInStrings: { en: ['/assets/late-en.js'], id: ['/assets/late-id.js'] },
  pageChunks: {
    '/dashboard/': {
      en: ['/assets/dashboard-page.js', '/assets/dashboard-en.js'],
      id: ['/assets/dashboard-page.js', '/assets/dashboard-id.js'],
    },
  },
  flowPage: ['/assets/flow-page-2.js'],
  flowPages: Object.fromEntries(
    ['/payment/bpjs/inquiry/', '/payment/bpjs/verify/'].map((p) => [
      p,
      ['/assets/bpjs-file.js', '/assets/bpjs-form.js'],
    ]),
  ),
};
const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

async function staticApp(withPreloads: boolean) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'dist-preloads-'));
  writeFileSync(path.join(dist, 'index.html'), page);
  mkdirSync(path.join(dist, 'register'));
  writeFileSync(path.join(dist, 'register', 'index.html'), page);
  if (withPreloads) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), JSON.stringify(preloads));
  }
  return { dist, app: await buildStaticApp({ staticDir: dist }) };
}

describe("a signed-in page's HTML names its chunks (src/shared/page-preloads.ts, static-apps.ts)", () => {
  let built: { dist: string; app: FastifyInstance };
  beforeAll(async () => {
    built = await staticApp(true);
  });
  afterAll(async () => {
    await built?.app.close();
    rmSync(built.dist, { recursive: true, force: true });
  });

  it("the shell and its strings in the visitor's language for any page outside the login area, in the head", async () => {
    for (const url of ['/myaccount/', '/transfer/?type=own-account']) {
      const res = await built.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(linksOf(res.body)).toEqual(['/assets/shell-1.js', '/assets/late-id.js']);
      expect(String(res.headers.vary)).toMatch(/Cookie/);
      expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it("and on a flow's page, whatever its query: the flow page and the flow's own chunks", async () => {
    for (const url of ['/payment/bpjs/inquiry/', '/payment/bpjs/verify/?x=1']) {
      const id = await built.app.inject({ url });
      expect(linksOf(id.body)).toEqual([
        '/assets/shell-1.js',
        '/assets/late-id.js',
        '/assets/flow-page-2.js',
        '/assets/bpjs-file.js',
        '/assets/bpjs-form.js',
      ]);
      expect(String(id.headers.vary)).toMatch(/Cookie/);
      const en = await built.app.inject({ url, headers: { cookie: 'language=en' } });
      expect(linksOf(en.body).slice(1)).toEqual([
        '/assets/late-en.js',
        '/assets/flow-page-2.js',
        '/assets/bpjs-file.js',
        '/assets/bpjs-form.js',
      ]);
    }
  });

  it("and on the dashboard, its own code and strings in the visitor's language", async () => {
    expect(linksOf((await built.app.inject({ url: '/dashboard/' })).body)).toEqual([
      '/assets/shell-1.js',
      '/assets/late-id.js',
      '/assets/dashboard-page.js',
      '/assets/dashboard-id.js',
    ]);
    expect(
      linksOf((await built.app.inject({ url: '/dashboard/', headers: { cookie: 'language=en' } })).body),
    ).toEqual([
      '/assets/shell-1.js',
      '/assets/late-en.js',
      '/assets/dashboard-page.js',
      '/assets/dashboard-en.js',
    ]);
  });

  it('none in the login area, on /, or in another app', async () => {
    for (const url of ['/', '/login/faq/', '/autotopup/', '/register/'])
      expect(linksOf((await built.app.inject({ url })).body)).toEqual([]);
  });

  it('is not served itself', async () => {
    expect((await built.app.inject({ url: `/${PAGE_PRELOADS_FILE}` })).body).not.toContain('flowPages');
  });

  it('a build without the file serves its pages without links', async () => {
    const bare = await staticApp(false);
    try {
      const res = await bare.app.inject({ url: '/dashboard/' });
      expect(res.statusCode).toBe(200);
      expect(linksOf(res.body)).toEqual([]);
    } finally {
      await bare.app.close();
      rmSync(bare.dist, { recursive: true, force: true });
    }
  });
});
