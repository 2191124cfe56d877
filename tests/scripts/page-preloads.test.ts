import { describe, expect, it } from 'vitest';
import { pagePreloadsOf } from '../../scripts/page-preloads';
import { loadFlowsOrThrow } from '../../src/shared/flows/load-node';

describe('what a signed-in page names in its HTML (scripts/page-preloads.ts)', () => {
  const flows = loadFlowsOrThrow().map((f) => f.flow);
  const groups = { shell: ['/assets/shell-1.js'], 'flow-page': ['/assets/flow-page-2.js'] };
  const preloads = pagePreloadsOf(groups, flows);

  it("takes the build's shell and flow-page chunks", () => {
    expect(preloads.signedIn).toEqual(['/assets/shell-1.js']);
    expect(preloads.flowPage).toEqual(['/assets/flow-page-2.js']);
  });

  it("lists every flow's pages: a one-form flow's three steps, a multi-step flow's own steps and its inquiry/", () => {
    for (const step of ['inquiry/', 'verify/', 'receipt/'])
      expect(preloads.flowPagePaths).toContain(`/payment/bpjs/${step}`);
    const gold = flows.find((f) => f.machine && f.route.includes('gold'));
    expect(gold).toBeTruthy();
    expect(preloads.flowPagePaths).toContain(`${gold!.route}inquiry/`);
    for (const f of flows) expect(preloads.flowPagePaths.some((p) => p.startsWith(f.route))).toBe(true);
    expect(new Set(preloads.flowPagePaths).size).toBe(preloads.flowPagePaths.length);
  });

  it('refuses a build without the chunks it names', () => {
    expect(() => pagePreloadsOf({ shell: ['/a.js'] }, flows)).toThrow(/no shell or flow-page chunk/);
  });
});
