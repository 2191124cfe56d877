// Prints the gzip size of the JavaScript a browser loads for /login/ and for a flow's inquiry page.
// Targets: /login under 170 KiB, the engine and RJSF only on transaction pages (issue 3); a
// transaction page at most 300 KiB (issue 20).
// Run after `npm run build`:  node --import tsx bench/bundle-size.ts
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { openPglite } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/demo-seed';

const LOGIN_TARGET_KIB = 170;
/** Issue 20: a transaction page at most 300 KiB gzip of JavaScript, whatever the number of flows. */
const FLOW_TARGET_KIB = 300;

/** The page's scripts until its form is drawn and the network is quiet after it (a wait for "networkidle"
 * alone ends early on a loaded machine, between two waves of lazy chunks). */
async function jsLoadedBy(page: Page, url: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const onResponse = async (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      sizes.set(new URL(res.url()).pathname, gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      // redirects and aborted loads have no body
    }
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('form button[type="submit"]', { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return sizes;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

const db = await openPglite();
await migrate(db);
await seedDemoData(db);
const app = await buildApp({ db, demo: true, staticDir: 'dist' });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const login = await jsLoadedBy(await browser.newPage(), `${base}/login/`);

  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-browser-id': 'bench-browser' },
    body: JSON.stringify({ userId: 'budisantoso', password: 'Budi@2026' }),
  });
  const accessToken = res.headers.get('access_token');
  const expires = Number(res.headers.get('expires'));
  if (!res.ok || !accessToken) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const signedIn = async (viewport?: { width: number; height: number }) => {
    const page = await browser.newPage(viewport ? { viewport } : {});
    await page.addInitScript(
      ([token, exp]) => {
        localStorage.setItem('browserId', 'bench-browser');
        sessionStorage.setItem('credentials', JSON.stringify({ accessToken: token, expires: exp }));
      },
      [accessToken, expires] as const,
    );
    return page;
  };
  const flow = await jsLoadedBy(await signedIn(), `${base}/payment/bpjs/inquiry/`);
  // A phone draws the header's search behind a button: its field (MUI Autocomplete) loads when pressed.
  const onPhone = await jsLoadedBy(
    await signedIn({ width: 390, height: 844 }),
    `${base}/payment/bpjs/inquiry/`,
  );
  const onlyOnFlow = [...flow.keys()].filter((k) => !login.has(k));

  console.log(
    `/login/                  ${kib(total(login))} KiB gzip JS in ${login.size} files (target < ${LOGIN_TARGET_KIB} KiB: ${total(login) / 1024 < LOGIN_TARGET_KIB ? 'met' : 'NOT met'})`,
  );
  console.log(
    `/payment/bpjs/inquiry/   ${kib(total(flow))} KiB gzip JS in ${flow.size} files (target <= ${FLOW_TARGET_KIB} KiB: ${total(flow) / 1024 <= FLOW_TARGET_KIB ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  on a phone (390 px): ${kib(total(onPhone))} KiB gzip JS in ${onPhone.size} files (target <= ${FLOW_TARGET_KIB} KiB: ${total(onPhone) / 1024 <= FLOW_TARGET_KIB ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  loaded only on the flow page: ${kib(onlyOnFlow.reduce((a, k) => a + (flow.get(k) ?? 0), 0))} KiB`,
  );
  for (const k of onlyOnFlow) console.log(`    ${k}  ${kib(flow.get(k) ?? 0)} KiB`);
  console.log(`  ratio login / flow page: ${(total(login) / Math.max(1, total(flow))).toFixed(2)}`);
} finally {
  await browser.close();
  await app.close();
  await db.close();
}
