import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../src/server/db/db';
import { isServerPath, listenBoot, type BootServer } from '../../../src/server/http/boot-server';
import { buildStaticApp } from '../../../src/server/static-app';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/shared/csp';
import { openTestApp } from '../../kit';

const PAGE = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/main-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<title>OCTO Internet Banking</title></head><body><div id="root"></div></body></html>`;
const SCRIPT = 'export const x = 1;\n';

/** Whether a promise is still pending after a while (a held request is not answered). */
const pendingAfter = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);

describe('npm start serves the built apps before the API is up (src/server/http/boot-server.ts)', () => {
  let dist: string;
  let early: FastifyInstance;
  let boot: BootServer;
  let base: string;
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dist-boot-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), SCRIPT);
    early = await buildStaticApp({ staticDir: dist });
    boot = await listenBoot(early, { port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${boot.port}`;
  });
  afterAll(async () => {
    await new Promise((r) => boot?.server.close(r));
    await early?.close();
    await app?.close();
    await db?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a page with its CSP nonce and a script at once, and holds the API until the app is handed over', async () => {
    const page = await fetch(`${base}/login/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    const script = await fetch(`${base}/assets/main-abc123.js`);
    expect([script.status, await script.text()]).toEqual([200, SCRIPT]);

    // Before the whole app exists, the API (a GET and a POST with its body) and the server's own
    // pages wait, unanswered: not a 404 from the static app, not the login page's HTML.
    const login = fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-browser-id': 'boot-test' },
      body: JSON.stringify({ userId: 'nobody', password: 'Wrong@2026' }),
    });
    const banners = fetch(`${base}/api/maintenance/v1/banner`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'login' }),
    });
    const microsite = fetch(`${base}/register`, { redirect: 'manual' });
    expect(await pendingAfter(Promise.all([login, banners, microsite]), 300)).toBe(true);

    ({ app, db } = await openTestApp({ staticDir: dist }));
    await app.ready();
    boot.handOver(app);

    const [l, b, m] = await Promise.all([login, banners, microsite]);
    expect(l.status).toBe(401);
    expect(((await l.json()) as { apierror?: { errorCode?: string } }).apierror?.errorCode).toBeTruthy();
    expect(b.status).toBe(200);
    expect([m.status, m.headers.get('location')]).toEqual([301, '/register/']);
    // ...and from now on the whole app answers everything, pages included.
    const again = await fetch(`${base}/dashboard/`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('<div id="root">');
  });

  it("holds every path the whole app's own routes answer (a route outside the list would be answered by the static app)", async () => {
    if (!app) ({ app, db } = await openTestApp({ staticDir: dist }));
    const whole = app;
    await whole.ready();
    // printRoutes draws a tree: a line's path is its parent's followed by its own part.
    const parents: string[] = [];
    const routes = whole
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const m = /^((?:[│ ] {3})*)[├└]── (\S+)/.exec(line);
        if (!m) return [];
        const depth = m[1]!.length / 4;
        parents[depth] = (parents[depth - 1] ?? '') + m[2]!;
        return [parents[depth]!];
      });
    expect(routes.length).toBeGreaterThan(100);
    // The static app's own routes: the pages' wildcard and the built files.
    const own = (p: string) =>
      p === '/*' || p === '*' || p === '/assets/main-abc123.js' || p === '/index.html';
    expect(routes.filter((p) => !own(p) && !isServerPath(p))).toEqual([]);
    expect(isServerPath('/login/')).toBe(false);
    expect(isServerPath('/payment/bpjs/inquiry/?x=1')).toBe(false);
  });
});
