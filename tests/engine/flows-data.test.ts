// @vitest-environment node
import { describe, expect, it } from 'vitest';
import sharedEn from '../../locales/en/flows.json?flow-shared';
import allEn from '../../locales/en/flows.json';
import { FLOWS, flowMetaById, flowStrings, loadFlow, stepPathsOfRoute } from '@/engine/flows-data';
import { ALL_FLOWS } from '@/engine/flows-all';
import { stepsOf } from '@/shared/flows';

// A transaction page loads its own flow, not every flow (issue 20): what every page carries of the
// flows is their menu and route metadata; a flow's file and its own strings come when its page opens.
describe('flows load per flow', () => {
  it('every flow is known at once by its route, menu and pages, without the body a transaction runs on', () => {
    expect(FLOWS.map((f) => f.id)).toEqual(ALL_FLOWS.map((f) => f.id));
    for (const full of ALL_FLOWS) {
      const meta = flowMetaById(full.id)!;
      for (const body of ['form', 'choices', 'amount', 'posting', 'verify', 'receipt'])
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
      // The pages the routes are made of are the same as the whole file's.
      expect(stepsOf(meta)).toEqual(stepsOf(full));
    }
    expect(stepPathsOfRoute('/payment/bpjs/')).toEqual(['inquiry/', 'verify/', 'receipt/']);
    expect(JSON.stringify(FLOWS).length).toBeLessThan(JSON.stringify(ALL_FLOWS).length / 3);
  });

  it('a flow’s whole file loads on demand, the same as on disk', async () => {
    for (const full of ALL_FLOWS) expect(await loadFlow(full.id)).toEqual(full);
    expect(await loadFlow('payment.nope')).toBeUndefined();
  });

  it('a flow’s own strings come with it; what several flows share, titles and menu labels come with the pages', async () => {
    const bpjs = (await flowStrings('payment.bpjs')('en')) as { flows: typeof allEn };
    expect(bpjs.flows).toEqual({ payment: { bpjs: allEn.payment.bpjs } });
    const shared = sharedEn as unknown as typeof allEn;
    expect(shared.payment.bpjs).toEqual({
      title: allEn.payment.bpjs.title,
      menu: allEn.payment.bpjs.menu,
      description: allEn.payment.bpjs.description,
    });
    expect(shared.common).toEqual(allEn.common);
    expect(Object.keys(shared.transfer).sort()).toEqual(Object.keys(allEn.transfer).sort());
    const idStrings = (await flowStrings('payment.bpjs')('id')) as {
      flows: { payment: { bpjs: { title: string } } };
    };
    expect(idStrings.flows.payment.bpjs.title).not.toBe(allEn.payment.bpjs.title);
  });
});
