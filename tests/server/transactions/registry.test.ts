import { describe, expect, it } from 'vitest';
import { REGISTRY_NAMES } from '../../../src/shared/flows/registry-names';
import { serverRegistry } from '../../../src/server/domains';
import { loadFlowsOrThrow } from '../../../src/shared/flows/load-node';

const { choiceSources, executors, lookups, serviceExecutors } = serverRegistry();

describe('server registry', () => {
  it('implements exactly the server-side names of registry-names.ts', () => {
    expect(Object.keys(lookups).sort()).toEqual([...REGISTRY_NAMES.server.lookups].sort());
    expect(Object.keys(executors).sort()).toEqual([...REGISTRY_NAMES.server.executors].sort());
    expect(Object.keys(serviceExecutors).sort()).toEqual([...REGISTRY_NAMES.server.serviceExecutors].sort());
    expect(Object.keys(choiceSources).sort()).toEqual([...REGISTRY_NAMES.server.choiceSources].sort());
  });

  it('can serve every flow file of the project', () => {
    for (const { flow } of loadFlowsOrThrow()) {
      if (flow.inquiry) expect(lookups, flow.id).toHaveProperty([flow.inquiry.lookup]);
      if (flow.posting) expect(executors, flow.id).toHaveProperty([flow.posting.execute]);
      if (flow.service) expect(serviceExecutors, flow.id).toHaveProperty([flow.service.execute]);
      if (flow.posting?.service)
        expect(serviceExecutors, flow.id).toHaveProperty([flow.posting.service.execute]);
      for (const step of flow.inquiry?.steps ?? []) expect(lookups, flow.id).toHaveProperty([step.lookup]);
      for (const spec of Object.values(flow.choices ?? {}))
        expect(choiceSources, flow.id).toHaveProperty([spec.source]);
    }
  });
});
