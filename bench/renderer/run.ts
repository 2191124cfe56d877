// Renderer benchmark: a mass-transfer form with 200, 500 and 1,000 beneficiary rows, OURS (@rjsf/mui,
// validator precompiled at build time, the engine's LargeArrayField) against STOCK (@rjsf/mui, runtime
// ajv validator, RJSF's array field), side by side in one run of Chromium. Prints times and ratios.
//   node --import tsx bench/renderer/run.ts [--rows 200,500,1000] [--runs 3] [--keys 20] [--screenshot file.png]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '../../node_modules/.cache/bench-renderer');
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '200,500,1000' },
    runs: { type: 'string', default: '3' },
    keys: { type: 'string', default: '20' },
    screenshot: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ROWS = args.rows.split(',').map(Number);
const RUNS = Number(args.runs);
const TEXT = 'abcdefghijklmnopqrstuvwxyz'.slice(0, Number(args.keys));
const REFERENCE_STOCK_500 = '100-120 ms (STACK-NOTES)';
const TARGET_MS = 50;

type Variant = 'stock' | 'ours';
interface Result {
  mount: number[];
  frames: number[];
  commits: number[];
  /** Ours only: ArrowDown out of an edited row, which hands the row to RJSF and validates it (5 times). */
  leave: number[];
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
function serve(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

async function open(
  browser: Browser,
  base: string,
  variant: Variant,
  n: number,
): Promise<{ page: Page; mount: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error(`[${variant} ${n}] page error: ${e.message}`));
  await page.goto(`${base}/${variant}.html?n=${n}`);
  await page.waitForFunction(() => window.__bench?.mountedAt !== null, undefined, { timeout: 120_000 });
  return { page, mount: await page.evaluate(() => window.__bench.mountedAt ?? NaN) };
}

/** Focuses the beneficiary name of the middle row (ours renders it once scrolled to). */
async function focusMiddleRow(page: Page, n: number): Promise<string> {
  const row = Math.floor(n / 2);
  const id = `root_beneficiaries_${row}_beneficiaryName`;
  await page.evaluate((r) => {
    const scroller = document.querySelector<HTMLElement>('.lar-scroll');
    if (scroller) scroller.scrollTop = r * 68 - 100;
  }, row);
  await page.waitForSelector(`#${id}`);
  await page.focus(`#${id}`);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return id;
}

async function typing(
  page: Page,
  n: number,
  variant: Variant,
): Promise<{ frames: number[]; commits: number[]; leave: number[] }> {
  const id = await focusMiddleRow(page, n);
  await page.evaluate(() => {
    window.__bench.frames = [];
    window.__bench.commits = [];
  });
  for (let i = 0; i < TEXT.length; i++) {
    await page.keyboard.press(TEXT[i]!);
    await page.waitForFunction((k) => window.__bench.frames.length >= k, i + 1, { timeout: 30_000 });
  }
  const value = await page.inputValue(`#${id}`);
  if (!value.endsWith(TEXT)) throw new Error(`typed text did not land in ${id}: "${value}"`);
  const typed = await page.evaluate(() => ({
    frames: window.__bench.frames,
    commits: window.__bench.commits,
  }));
  if (variant === 'stock') return { ...typed, leave: [] };
  // Leaving a row hands it to RJSF (one form update) and validates it: type a key, then ArrowDown, 5 times.
  const leave: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('z');
    await page.waitForFunction((k) => window.__bench.frames.length >= k, TEXT.length + 2 * i + 1);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((k) => window.__bench.frames.length >= k, TEXT.length + 2 * i + 2);
    leave.push(await page.evaluate(() => window.__bench.frames.at(-1) ?? NaN));
  }
  // The edited row reached RJSF's form data and kept its text.
  if (!(await page.inputValue(`#${id}`)).endsWith(`${TEXT}z`))
    throw new Error('the edited row lost its text on leaving');
  return { ...typed, leave };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const quantile = (xs: number[], q: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)}` : '-').padStart(8);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`.padStart(7);

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
if (!args['no-build']) {
  console.log('building bench/renderer (ours.html, stock.html)...');
  await build({ configFile: path.join(here, 'vite.config.ts') });
}
const { server, base } = await serve();
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
const results = new Map<string, Result>();
try {
  for (const n of ROWS) {
    for (const variant of ['stock', 'ours'] as const) {
      const r: Result = { mount: [], frames: [], commits: [], leave: [] };
      for (let run = 0; run < RUNS; run++) {
        const { page, mount } = await open(browser, base, variant, n);
        r.mount.push(mount);
        // Typing once per N is enough samples (20 keys); the other runs only measure mount.
        if (run === 0) Object.assign(r, { ...(await typing(page, n, variant)), mount: r.mount });
        if (run === 0 && variant === 'ours' && n === Math.max(...ROWS) && args.screenshot)
          await page.screenshot({ path: args.screenshot, fullPage: false });
        await page.close();
      }
      results.set(`${variant}:${n}`, r);
      console.log(
        `  ${variant.padEnd(5)} n=${String(n).padEnd(5)} mount ${ms(quantile(r.mount, 0.5))} ms, keystroke median ${ms(quantile(r.frames, 0.5))} ms`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}

console.log(
  `\nRenderer: mass-transfer form, Chromium headless (${RUNS} mounts, ${TEXT.length} keystrokes into the middle row)`,
);
console.log('rows  page  | mount p50 | key mean  key p50  key p95 | update p50 | leave row p50 (ms)');
for (const n of ROWS) {
  for (const v of ['stock', 'ours'] as const) {
    const r = results.get(`${v}:${n}`)!;
    console.log(
      `${String(n).padEnd(5)} ${v.padEnd(5)} | ${ms(quantile(r.mount, 0.5))}  | ${ms(mean(r.frames))} ${ms(quantile(r.frames, 0.5))} ${ms(quantile(r.frames, 0.95))} | ${ms(quantile(r.commits, 0.5))}   | ${ms(r.leave.length ? quantile(r.leave, 0.5) : NaN)}`,
    );
  }
}
console.log('\nratios stock / ours (higher is better for ours)');
console.log('rows  | mount | key mean | key p50 | key p95');
for (const n of ROWS) {
  const s = results.get(`stock:${n}`)!;
  const o = results.get(`ours:${n}`)!;
  console.log(
    `${String(n).padEnd(5)} | ${ratio(quantile(s.mount, 0.5), quantile(o.mount, 0.5))} | ${ratio(mean(s.frames), mean(o.frames))}  | ${ratio(quantile(s.frames, 0.5), quantile(o.frames, 0.5))} | ${ratio(quantile(s.frames, 0.95), quantile(o.frames, 0.95))}`,
  );
}
const big = Math.max(...ROWS);
const oursBig = results.get(`ours:${big}`);
if (oursBig)
  console.log(
    `\ntarget: under ${TARGET_MS} ms a keystroke at ${big} rows: ours mean ${mean(oursBig.frames).toFixed(1)} ms, p95 ${quantile(oursBig.frames, 0.95).toFixed(1)} ms -> ${mean(oursBig.frames) < TARGET_MS ? 'met' : 'NOT met'}`,
  );
const stock500 = results.get('stock:500');
if (stock500)
  console.log(
    `stock at 500 rows: mean ${mean(stock500.frames).toFixed(1)} ms a keystroke, mount ${quantile(stock500.mount, 0.5).toFixed(0)} ms (reference ${REFERENCE_STOCK_500}; ~1.4 s mount)`,
  );
