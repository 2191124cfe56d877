// What a phone sees, observed rather than simulated: a signed-in page in Debian's Chromium with the
// network and CPU throttled through the DevTools protocol (slow 4G as Lighthouse models it: 1.6 Mbps
// down, 750 Kbps up, 150 ms round trips; 4x CPU), against the product as `npm start` serves it. Prints
// each run's first paint, largest paint and when the page is ready (its `READY` selector shows),
// then the medians. Lighthouse's own numbers are a model of a trace taken without throttling; this is
// the check that a change helps a real slow phone. Run after `npm run build`:
//   node --import tsx bench/phone-timings.ts
// PAGE=/dashboard/ READY='[data-testid="section-accounts"]' for another page; RUNS=n (default 5);
// PROFILE=1 adds a CPU profile of the last run, its self time by source file and function, mapped
// through the build's source maps when there are any (`npx vite build --mode main --sourcemap`, then
// `node --import tsx scripts/page-preloads.ts`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { demoLogin, startDemoServer } from './demo-server';
import { median } from './median';
import { throttleAsPhone } from './throttle';

const PAGE = process.env.PAGE ?? '/payment/bpjs/inquiry/';
const READY = process.env.READY ?? '#root_customerNumber';
const RUNS = Number(process.env.RUNS ?? 5);
const PROFILE = !!process.env.PROFILE;
const root = path.resolve(import.meta.dirname, '..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by source file and by function, mapped through dist/'s source maps where there are. */
function selfTimes(profile: Profile): { bySource: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      try {
        const file = path.join(root, 'dist', new URL(url).pathname) + '.map';
        maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url);
  };
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    let source = frame.url ? new URL(frame.url).pathname : frame.functionName;
    let fn = frame.functionName || '(anonymous)';
    const map = frame.url ? mapOf(frame.url) : null;
    const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (at?.source) {
      source = at.source.replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/');
      fn = `${at.name ?? fn} ${source}:${at.line}`;
    }
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    bySource.set(source, (bySource.get(source) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  return { bySource, byFunction };
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');

const server = await startDemoServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const runs: { fcp: number; lcp: number; ready: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const credentials = await demoLogin(server.base, 'bench-phone');
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript((creds: string) => {
      localStorage.setItem('browserId', 'bench-phone');
      sessionStorage.setItem('credentials', creds);
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }, JSON.stringify(credentials));
    const cdp = await context.newCDPSession(page);
    await throttleAsPhone(cdp);
    const profiling = PROFILE && i === RUNS - 1;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.base}${PAGE}`, { waitUntil: 'commit' });
    await page.locator(READY).first().waitFor({ timeout: 60_000 });
    const ready = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);
    const [fcp, lcp] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      (window as unknown as { __lcp: number }).__lcp,
    ]);
    runs.push({ fcp: fcp!, lcp: lcp!, ready });
    console.error(
      `  run ${i + 1}: first paint ${fcp!.toFixed(0)} ms, largest paint ${lcp!.toFixed(0)} ms, ready ${ready.toFixed(0)} ms`,
    );
    if (profiling) {
      await page.waitForTimeout(3000);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const { bySource, byFunction } = selfTimes(profile);
      console.log(`CPU self time at 4x, by source file:\n${top(bySource, 25)}`);
      console.log(`by function:\n${top(byFunction, 25)}`);
    }
    await context.close();
  }
  const of = (k: 'fcp' | 'lcp' | 'ready') => median(runs.map((r) => r[k])).toFixed(0);
  console.log(
    `${PAGE} on a throttled Chromium (1.6 Mbps, 150 ms, 4x CPU), median of ${RUNS}: first paint ${of('fcp')} ms, largest paint ${of('lcp')} ms, ready (${READY}) ${of('ready')} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
