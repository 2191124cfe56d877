// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pagePreloadsOf } from '../../scripts/page-preloads';
import type { ChunkFiles } from '../../scripts/chunk-files';
import { loadFlowsOrThrow } from '../../src/shared/flows/load-node';

describe('what a signed-in page names in its HTML (scripts/page-preloads.ts)', () => {
  const loaded = loadFlowsOrThrow();
  // a build's chunk files: one per flow file, string file and form, named after what they hold
  const chunks: ChunkFiles = {
    groups: {
      shell: ['/assets/shell-1.js'],
      'flow-page': ['/assets/flow-page-2.js'],
      'flow-steps': ['/assets/flow-steps-3.js'],
      dashboard: ['/assets/dashboard-4.js'],
    },
    strings: Object.fromEntries(
      ['login', 'login-pages', 'late'].flatMap((g) =>
        ['en', 'id'].map((l) => [`${g}-${l}`, `/str/${g}-${l}.js`]),
      ),
    ),
    areas: { 'dashboard-en': '/area/dashboard-en.js', 'dashboard-id': '/area/dashboard-id.js' },
    flows: Object.fromEntries(loaded.map(({ file }) => [file, `/f/${file}`])),
    forms: Object.fromEntries(
      loaded.flatMap(({ flow }) => (flow.form ? [[flow.form.schema, `/form/${flow.form.schema}`]] : [])),
    ),
  };
  const preloads = pagePreloadsOf(chunks, loaded);

  it("takes the build's shell and flow-page chunks, and the strings a signed-in page adds before it renders (none of the login area's)", () => {
    expect(preloads.signedIn).toEqual(['/assets/shell-1.js']);
    expect(preloads.signedInStrings).toEqual({ en: ['/str/late-en.js'], id: ['/str/late-id.js'] });
    expect(preloads.flowPage).toEqual(['/assets/flow-page-2.js']);
  });

  it('gives the dashboard and the exchange rates their code and strings, which their routes wait for', () => {
    const dashboard = {
      en: ['/assets/dashboard-4.js', '/area/dashboard-en.js'],
      id: ['/assets/dashboard-4.js', '/area/dashboard-id.js'],
    };
    expect(preloads.pageChunks).toEqual({ '/dashboard/': dashboard, '/exchange-rate/': dashboard });
  });

  it('gives each page of a one-flow route its flow file (with its strings) and its form (schema and validator)', () => {
    expect(preloads.flowPages['/payment/bpjs/inquiry/']).toEqual([
      '/f/payment/bpjs.json',
      '/form/forms/payment/bpjs.json',
    ]);
    // and its verify and receipt pages the chunk of those pages, which its form page loads when sent
    for (const step of ['verify/', 'receipt/'])
      expect(preloads.flowPages[`/payment/bpjs/${step}`]).toEqual([
        '/f/payment/bpjs.json',
        '/form/forms/payment/bpjs.json',
        '/assets/flow-steps-3.js',
      ]);
  });

  it("a route of several flows gets every flow's file, and no form (the variant picks it)", () => {
    const routes = new Map<string, number>();
    for (const { flow } of loaded) routes.set(flow.route, (routes.get(flow.route) ?? 0) + 1);
    const [route, count] = [...routes].find(([, n]) => n > 1)!;
    const entry = preloads.flowPages[`${route}inquiry/`]!;
    expect(entry).toHaveLength(count);
    expect(entry.every((f) => f.startsWith('/f/'))).toBe(true);
    expect(preloads.flowPages[`${route}verify/`]).toEqual([...entry, '/assets/flow-steps-3.js']);
  });

  it("covers every flow's pages, a multi-step flow's own steps and its inquiry/ too", () => {
    for (const { flow } of loaded) expect(preloads.flowPages[`${flow.route}inquiry/`]).toBeTruthy();
    const gold = loaded.find(({ flow }) => flow.machine && flow.route.includes('gold'))!;
    expect(
      Object.keys(preloads.flowPages).filter((p) => p.startsWith(gold.flow.route)).length,
    ).toBeGreaterThan(1);
  });

  it('refuses a build without a chunk it names', () => {
    expect(() => pagePreloadsOf({ ...chunks, groups: { shell: ['/a.js'] } }, loaded)).toThrow(
      /no shell, flow-page or flow-steps chunk/,
    );
    expect(() => pagePreloadsOf({ ...chunks, forms: {} }, loaded)).toThrow(/no chunk for forms\//);
    expect(() => pagePreloadsOf({ ...chunks, strings: {} }, loaded)).toThrow(/no chunk for late-en/);
    expect(() => pagePreloadsOf({ ...chunks, areas: {} }, loaded)).toThrow(/no chunk for dashboard-en/);
    const { dashboard: _, ...noDashboard } = chunks.groups;
    expect(() => pagePreloadsOf({ ...chunks, groups: noDashboard }, loaded)).toThrow(/no dashboard chunk/);
  });
});
