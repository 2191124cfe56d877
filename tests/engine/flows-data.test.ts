// @vitest-environment node
import { describe, expect, it } from 'vitest';
import sharedEn from '../../locales/en/flows.json?flow-shared';
import allEn from '../../locales/en/flows.json';
import { FLOWS, flowMetaById, flowStrings, loadFlow, stepPathsOfRoute } from '@/engine/flows-data';
import { ALL_FLOWS } from '@/engine/flows-all';
import { stepsOf } from '@/shared/flows';
import { flowNames } from '@/engine/strings';
import { FLOW_BODY_KEYS } from '@/shared/flows/body-keys';

// A transaction page loads its own flow, not every flow (issue 20): what every page carries of the
// flows is their menu and route metadata; a flow's file and its strings come when its page opens.
describe('flows load per flow', () => {
  it('every flow is known at once by its route, menu and pages, without the body a transaction runs on', () => {
    expect(FLOWS.map((f) => f.id)).toEqual(ALL_FLOWS.map((f) => f.id));
    for (const full of ALL_FLOWS) {
      const meta = flowMetaById(full.id)!;
      for (const body of FLOW_BODY_KEYS.filter((k) => k !== 'inquiry'))
        expect(meta, `${full.id} ${body}`).not.toHaveProperty(body);
      // Of the inquiry, only a multi-step one's pages (ids, paths, titles): no look-up, no form.
      if (full.inquiry?.steps)
        expect(meta.inquiry).toEqual({
          steps: full.inquiry.steps.map((s) => ({
            id: s.id,
            path: s.path,
            ...(s.titleKey ? { titleKey: s.titleKey } : {}),
          })),
          ...(full.inquiry.path ? { path: full.inquiry.path } : {}),
          ...(full.inquiry.titleKey ? { titleKey: full.inquiry.titleKey } : {}),
        });
      else expect(meta, `${full.id} inquiry`).not.toHaveProperty('inquiry');
      expect({ route: meta.route, variant: meta.variant, menu: meta.menu, titleKey: meta.titleKey }).toEqual({
        route: full.route,
        variant: full.variant,
        menu: full.menu,
        titleKey: full.titleKey,
      });
      // The pages the routes are made of are the same as the whole file's (an extra step's form aside).
      expect(stepsOf(meta)).toEqual(stepsOf(full).map(({ form: _form, ...page }) => page));
    }
    expect(stepPathsOfRoute('/payment/bpjs/')).toEqual(['inquiry/', 'verify/', 'receipt/']);
    expect(JSON.stringify(FLOWS).length).toBeLessThan(JSON.stringify(ALL_FLOWS).length / 3);
  });

  it('a flow’s whole file loads on demand, the same as on disk', async () => {
    for (const full of ALL_FLOWS) expect(await loadFlow(full.id)).toEqual(full);
    expect(await loadFlow('payment.nope')).toBeUndefined();
  });

  it('a flow’s strings come with it (those several flows name too); titles and menu labels come with the pages that list flows', async () => {
    const at = (o: unknown, dotted: string) =>
      dotted.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);
    /** The subtrees of flows.json, two keys deep, a flow file names ("flows:payment.bpjs.title" -> payment.bpjs). */
    const namedBy = (flow: unknown) =>
      new Set([...JSON.stringify(flow).matchAll(/"flows:([\w-]+(?:\.[\w-]+)?)/g)].map((m) => m[1]!));
    const bpjs = (await flowStrings('payment.bpjs')('en')) as { flows: typeof allEn };
    const bpjsFile = ALL_FLOWS.find((f) => f.id === 'payment.bpjs')!;
    expect([...namedBy(bpjsFile)]).toEqual(expect.arrayContaining(['payment.bpjs', 'common.sourceOfFund']));
    const expected: Record<string, Record<string, unknown>> = {};
    for (const k of namedBy(bpjsFile)) {
      const [top, sub] = k.split('.') as [string, string];
      if (at(allEn, k) !== undefined) (expected[top] ??= {})[sub] = at(allEn, k);
    }
    expect(bpjs.flows).toEqual(expected);
    // What any flow names is in no signed-in page's strings; every flow's title and menu texts are in
    // the group of the pages that list flows (flowNames), and nothing else is.
    const shared = sharedEn as unknown as typeof allEn;
    for (const f of ALL_FLOWS)
      for (const k of namedBy(f)) expect(at(shared, k), `${f.id}: ${k}`).toBeUndefined();
    const names = ((await flowNames('en')) as { flows: typeof allEn }).flows;
    expect(names.payment.bpjs).toEqual({
      title: allEn.payment.bpjs.title,
      menu: allEn.payment.bpjs.menu,
      description: allEn.payment.bpjs.description,
    });
    const titles = new Set(
      ALL_FLOWS.flatMap((f) => [f.titleKey, f.menu?.labelKey, f.menu?.descriptionKey]).filter(Boolean),
    );
    const leaves = (v: unknown, at: string): string[] =>
      v && typeof v === 'object' ? Object.entries(v).flatMap(([k, w]) => leaves(w, `${at}.${k}`)) : [at];
    expect(
      leaves(names, '')
        .map((l) => `flows:${l.slice(1)}`)
        .sort(),
    ).toEqual([...titles].filter((k) => at(allEn, k!.slice(6)) !== undefined).sort());
    const idStrings = (await flowStrings('payment.bpjs')('id')) as {
      flows: { payment: { bpjs: { title: string } } };
    };
    expect(idStrings.flows.payment.bpjs.title).not.toBe(allEn.payment.bpjs.title);
  });
});
