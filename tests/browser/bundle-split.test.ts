import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_FILES, type ChunkFiles } from '../../scripts/chunk-files';

// What the built main app's files hold, so that a transaction page loads its own flow's code and no
// other's (issue 20). Runs after `npm run build` (the browser project's precondition).
const dist = path.resolve(import.meta.dirname, '../../dist');
const assets = path.join(dist, 'assets');
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
const chunks = existsSync(path.join(dist, CHUNK_FILES))
  ? (JSON.parse(read(CHUNK_FILES)) as ChunkFiles)
  : undefined;

const entryOf = (html: string) => /src="\/(assets\/(?:main|register)-[\w-]+\.js)"/.exec(read(html))?.[1];
/** The files an entry loads, statically or on demand (`./x.js` imports and the preload map's `assets/x.js`). */
function reachedFrom(entry: string): string[] {
  const reached = new Set<string>();
  const todo = [entry];
  for (let f = todo.pop(); f; f = todo.pop()) {
    if (reached.has(f)) continue;
    reached.add(f);
    for (const m of read(f).matchAll(
      /(?:from\s*|import\(\s*)["'`]\.\/([\w.-]+\.js)["'`]|"(assets\/[\w.-]+\.js)"/g,
    ))
      todo.push(m[1] ? `assets/${m[1]}` : m[2]!);
  }
  return [...reached];
}

/** The files `file` loads before it runs: its static imports (`from "./x.js"`), all the way down. */
function staticallyFrom(file: string): Set<string> {
  const seen = new Set<string>();
  const todo = [file];
  for (let f = todo.pop(); f; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    for (const m of read(f).matchAll(
      /(?:^|[;}\s])import\s*(?:[\w$*{},\s]+from\s*)?["'`]\.\/([\w.~-]+\.js)["'`]/g,
    ))
      todo.push(`assets/${m[1]}`);
  }
  return seen;
}

describe('the main app is split as its pages load it', () => {
  it('exists (npm run build ran)', () => {
    expect(existsSync(assets) && chunks).toBeTruthy();
  });

  // It runs on react-router's declarative router alone (src/app/declarative-routes.tsx): no file it can
  // load carries the data router's createRouter; the microsite, on a data router, does.
  it('carries no data router', () => {
    const createsRouter = (f: string) => read(f).includes('non-empty routes array');
    const app = reachedFrom(entryOf('index.html')!);
    expect(app.length).toBeGreaterThan(20);
    expect(app.filter(createsRouter)).toEqual([]);
    expect(reachedFrom(entryOf('register/index.html')!).filter(createsRouter)).toHaveLength(1);
  });

  it("keeps no index of every form: a flow's file names its own forms, which load on their own", () => {
    const { groups, flows, forms } = chunks!;
    for (const file of [...groups.shell!, ...groups['flow-page']!])
      expect(read(file).match(/forms\/[\w/-]+\.json/g), file).toBeNull();
    const bpjs = read(flows['payment/bpjs.json']!);
    expect(bpjs).toContain('"forms/payment/bpjs.json"');
    expect(bpjs).toContain(path.basename(forms['forms/payment/bpjs.json']!));
    expect(bpjs.match(/"forms\/[\w/-]+\.json"/g)).toEqual(['"forms/payment/bpjs.json"']);
  });

  it('keeps the widgets a few flows use out of every transaction page: each loads with a form that draws it', () => {
    const flowPage = chunks!.groups['flow-page']!.map(read).join('\n');
    for (const testId of ['photo-widget', 'special-rate', 'price-quote'])
      expect(flowPage.includes(`"${testId}"`) || flowPage.includes(`\`${testId}\``), testId).toBe(false);
    // nor the theme's radios and check boxes (MUI's Radio and Checkbox)
    for (const mui of ['MuiRadio', 'MuiCheckbox']) expect(flowPage.includes(mui), mui).toBe(false);
  });

  it("keeps RJSF's parts that few forms need (a list, a choice of schemas, an allOf) out of every transaction page", () => {
    const flowPage = chunks!.groups['flow-page']!.map(read).join('\n');
    // ArrayField's row keys, MultiSchemaField's option select, the allOf merge's keyword table: each in
    // one on-demand file of its own
    for (const mark of ['rjsf-array-item-${', '__anyof_select', 'maxProperties`']) {
      expect(flowPage.includes(mark), mark).toBe(false);
      const holders = readdirSync(assets).filter(
        (f) => f.endsWith('.js') && read(`assets/${f}`).includes(mark),
      );
      expect(holders, mark).toHaveLength(1);
    }
  });

  it("loads no other page's group for a module that page happens to import too", () => {
    const { groups } = chunks!;
    const files = (name: string) => groups[name]!.map((f) => f.slice(1));
    const own = (name: string) => files(name).filter((f) => path.basename(f).startsWith(`${name}-`));
    const dashboard = new Set(own('dashboard'));
    const flowPage = new Set(own('flow-page'));
    // (what a file imports is read: the flow page imports the shell)
    expect(own('flow-page').some((f) => [...staticallyFrom(f)].some((x) => own('shell').includes(x)))).toBe(
      true,
    );
    // the transaction page loads no dashboard code, the dashboard no form code
    for (const f of own('flow-page'))
      expect([...staticallyFrom(f)].filter((x) => dashboard.has(x))).toEqual([]);
    for (const f of own('dashboard'))
      expect([...staticallyFrom(f)].filter((x) => flowPage.has(x))).toEqual([]);
    // nor a page of no group (settings, a history): what it shares with the flow page is in a shared chunk
    const pages = readdirSync(assets).filter((f) =>
      /^(settings-pages|account-history-page|cart-page)-[\w-]+\.js$/.test(f),
    );
    expect(pages.length).toBe(3);
    for (const f of pages)
      expect(
        [...staticallyFrom(`assets/${f}`)].filter((x) => flowPage.has(x) || dashboard.has(x)),
        f,
      ).toEqual([]);
  });

  it("keeps the pages after a form out of a transaction page's first load: they come in their own chunk", () => {
    const has = (code: string, testId: string) =>
      code.includes(`"${testId}"`) || code.includes(`\`${testId}\``);
    const flowPage = chunks!.groups['flow-page']!.map(read).join('\n');
    const later = chunks!.groups['flow-steps']!.map(read).join('\n');
    for (const testId of ['verify-view', 'receipt-view', 'fds-challenge-view']) {
      expect(has(flowPage, testId), testId).toBe(false);
      expect(has(later, testId), testId).toBe(true);
    }
  });
});
