import { REGISTRY_NAMES } from '../../shared/flows/registry-names';
import type { GateKind } from '../../shared/flows/types';
import type { DomainPlugin, ServerRegistry } from './contracts';

/** Every gate kind a flow file may name (the record makes TypeScript list them all). */
const GATE_KINDS = Object.keys({
  casa: true,
  riskProfile: true,
  investorId: true,
  holding: true,
  age: true,
  productHeld: true,
  newBeneficiary: true,
} satisfies Record<GateKind, true>);

type Part = 'lookups' | 'executors' | 'serviceExecutors' | 'choiceSources' | 'gates';

/** What each part is called in a start-up error, and the names the flow files may use. */
const PARTS: Record<Part, { what: string; names: readonly string[]; listed: string }> = {
  lookups: { what: 'look-up', names: REGISTRY_NAMES.server.lookups, listed: 'REGISTRY_NAMES.server.lookups' },
  executors: {
    what: 'executor',
    names: REGISTRY_NAMES.server.executors,
    listed: 'REGISTRY_NAMES.server.executors',
  },
  serviceExecutors: {
    what: 'service executor',
    names: REGISTRY_NAMES.server.serviceExecutors,
    listed: 'REGISTRY_NAMES.server.serviceExecutors',
  },
  choiceSources: {
    what: 'choice source',
    names: REGISTRY_NAMES.server.choiceSources,
    listed: 'REGISTRY_NAMES.server.choiceSources',
  },
  gates: { what: 'gate', names: GATE_KINDS, listed: "the flow file's gate kinds (FlowGate)" },
};

/**
 * The registry the core is handed: every domain's named implementations put together. Refuses, at
 * start-up, a name two domains give, a name no flow file may use, and a name a flow file may use
 * (src/shared/flows/registry-names.ts, what `npm run flows:check` allows) that no domain gives.
 */
export function composeRegistry(domains: readonly DomainPlugin[]): ServerRegistry {
  const problems: string[] = [];
  const composed: Record<Part, Record<string, unknown>> = {
    lookups: {},
    executors: {},
    serviceExecutors: {},
    choiceSources: {},
    gates: {},
  };
  const givenBy: Record<Part, Map<string, string>> = {
    lookups: new Map(),
    executors: new Map(),
    serviceExecutors: new Map(),
    choiceSources: new Map(),
    gates: new Map(),
  };
  for (const domain of domains)
    for (const part of Object.keys(PARTS) as Part[])
      for (const [name, implementation] of Object.entries(domain[part] ?? {})) {
        const { what, names, listed } = PARTS[part];
        const first = givenBy[part].get(name);
        if (first)
          problems.push(`the ${what} '${name}' is given by two domains: ${first} and ${domain.name}`);
        else if (!names.includes(name))
          problems.push(
            `the ${what} '${name}' of ${domain.name} is not in ${listed}: no flow file may name it`,
          );
        givenBy[part].set(name, first ?? domain.name);
        composed[part][name] = implementation;
      }
  for (const part of Object.keys(PARTS) as Part[]) {
    const { what, names, listed } = PARTS[part];
    for (const name of names)
      if (!givenBy[part].has(name))
        problems.push(`the ${what} '${name}' (${listed}) is given by no domain of src/server/domains.ts`);
  }
  if (problems.length)
    throw new Error(`The server's domains do not make one registry:\n- ${problems.join('\n- ')}`);
  return composed as unknown as ServerRegistry;
}
