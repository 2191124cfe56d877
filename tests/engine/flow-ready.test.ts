// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flowRoutes } from '@/engine';
import { FLOWS, flowsOfRoute, loadFlow } from '@/engine/flows-data';
import { flowReady } from '@/engine/flow-ready';
import type { FlowStepHandle } from '@/engine/ui/flow-page';
import type { PreloadHandle } from '@/app/preload-page';
import { testI18n } from '../shared/i18n-fixture';

type Read = Promise<unknown> & { status?: string; value?: unknown };

describe("a flow's file and strings, as its page reads them (src/engine/flow-ready.ts)", () => {
  it("is the promise its route's preload made: opened after it, the page reads the flow at once", async () => {
    const i18n = testI18n('en');
    const flow = FLOWS.find((f) => flowsOfRoute(f.route).length === 1)!;
    const route = flowRoutes[0]!.children!.find(
      (r) => (r.handle as FlowStepHandle | undefined)?.flowStep.route === flow.route,
    )!;
    (route.handle as PreloadHandle).preload!(i18n);
    await loadFlow(flow.id);
    await new Promise((r) => setTimeout(r, 50));
    // asked for the first time by the page, and already settled: React's `use` does not suspend
    const read = flowReady(flow.id, i18n) as Read;
    expect(read.status).toBe('fulfilled');
    expect(read.value).toBe(await loadFlow(flow.id));
    expect(flowReady(flow.id, i18n)).toBe(read);
  });

  it('settles with the flow and its strings added, and a flow that does not exist settles empty', async () => {
    const i18n = testI18n('id');
    const flow = FLOWS.at(-1)!;
    const read = flowReady(flow.id, i18n) as Read;
    expect(read.status).toBeUndefined();
    await expect(read).resolves.toMatchObject({ id: flow.id });
    expect(read.status).toBe('fulfilled');
    const namespaces = Object.keys(i18n.store.data.id ?? {});
    expect(namespaces.length).toBeGreaterThan(Object.keys(testI18n('id').store.data.id ?? {}).length);
    await expect(flowReady('no.such-flow', i18n)).resolves.toBeUndefined();
  });
});
