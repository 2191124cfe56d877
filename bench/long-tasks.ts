// The long tasks of a signed-in page as a throttled phone runs them (what Lighthouse's TBT sums: each
// task's time over 50 ms, between the first paint and the page being quiet), each with the code that
// ran in it: a Chromium trace (4x CPU, slow 4G) of the page, its tasks on the page's main thread and the
// V8 CPU samples inside each, mapped through the build's source maps when it has them
// (`npx vite build --mode main --sourcemap`, then the rest of `npm run build`'s steps). Run after a build:
//   PAGE=/dashboard/ READY='[data-testid="section-accounts"]' node --import tsx bench/long-tasks.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { demoLogin, startDemoServer } from './demo-server';
import { throttleAsPhone } from './throttle';

const PAGE = process.env.PAGE ?? '/dashboard/';
const READY = process.env.READY ?? '[data-testid="section-accounts"]';
const TOP = Number(process.env.TOP ?? 6);
const root = path.resolve(import.meta.dirname, '..');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface CpuNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const maps = new Map<string, SourceMapConsumer | null>();
/** `function file:line` of a frame, through the chunk's source map where there is one. */
function frameName(frame: CpuNode['callFrame']): string {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return fn;
  let map = maps.get(frame.url);
  if (map === undefined) {
    try {
      const file = path.join(root, 'dist', new URL(frame.url).pathname) + '.map';
      map = new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(frame.url, map);
  }
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return `${fn} ${new URL(frame.url).pathname}`;
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/');
  return `${at.name ?? fn} ${source}:${at.line}`;
}

const server = await startDemoServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const credentials = await demoLogin(server.base, 'bench-long-tasks');
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript((creds: string) => {
    localStorage.setItem('browserId', 'bench-long-tasks');
    sessionStorage.setItem('credentials', creds);
  }, JSON.stringify(credentials));
  await throttleAsPhone(await context.newCDPSession(page));
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'loading',
    ],
  });
  await page.goto(`${server.base}${PAGE}`, { waitUntil: 'commit' });
  await page.locator(READY).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;

  // The page's main thread: the one that started the navigation to the page (not the browser's own pages').
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith(`${server.base}${PAGE}`),
  );
  if (!nav) throw new Error('long-tasks: the trace has no navigation to the page');
  const busiest = nav;
  const onMain = events.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid);
  const navStart = nav.ts;
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts;
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > 50_000);

  // CPU samples of that thread, with their times.
  const nodes = new Map<number, CpuNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const e of events.filter((x) => x.pid === busiest.pid)) {
    if (e.name === 'Profile') clock = (e.args?.data?.startTime as number) ?? e.ts;
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args!.data as {
      cpuProfile?: { nodes?: CpuNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const stack = (id: number): string[] => {
    const out: string[] = [];
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
      out.push(frameName(n.callFrame));
    return out;
  };
  const ms = (us: number) => (us / 1000).toFixed(0);
  let blocking = 0;
  console.log(
    `${PAGE}: first contentful paint at ${fcp ? ms(fcp - navStart) : '?'} ms; long tasks (4x CPU):`,
  );
  for (const t of tasks) {
    const end = t.ts + t.dur!;
    if (fcp && end > fcp) blocking += t.dur! - 50_000;
    const inTask = samples.filter((s) => s.ts >= t.ts && s.ts <= end);
    const self = new Map<string, number>();
    const ours = new Map<string, number>();
    const files = new Map<string, number>();
    for (const s of inTask) {
      const frames = stack(s.node);
      const top = frames[0] ?? '?';
      self.set(top, (self.get(top) ?? 0) + 1);
      const file =
        top
          .split(' ')[1]
          ?.replace(/:\d+$/, '')
          .replace(/^(@[^/]+\/[^/]+|[^@/][^/]*)\/.*$/, '$1') ?? top;
      files.set(file, (files.get(file) ?? 0) + 1);
      // the innermost frame of the app's own code, or of a library's entry it called
      const own = frames.find((f) => / src\//.test(f)) ?? frames.find((f) => / [\w@]/.test(f)) ?? top;
      ours.set(own, (ours.get(own) ?? 0) + 1);
    }
    const list = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([k, n]) => `      ${((n / Math.max(1, inTask.length)) * 100).toFixed(0).padStart(3)}%  ${k}`)
        .join('\n');
    console.log(`  at ${ms(t.ts - navStart)} ms for ${ms(t.dur!)} ms (${inTask.length} samples)`);
    console.log(
      `    by our code:\n${list(ours)}\n    by function:\n${list(self)}\n    by package:\n${list(files)}`,
    );
  }
  console.log(`blocking after the first paint: ${ms(blocking)} ms (at 4x, observed)`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
