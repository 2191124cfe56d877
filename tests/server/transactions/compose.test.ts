import { describe, expect, it } from 'vitest';
import { serverDomains } from '../../../src/server/domains';
import { composeRegistry } from '../../../src/server/transactions/compose';
import type { DomainPlugin } from '../../../src/server/transactions/contracts';

describe('the composition root', () => {
  it('refuses, at start-up, a name two domains give', () => {
    const twin: DomainPlugin = { name: 'twin', executors: { 'ledger.transfer': {} } };
    expect(() => composeRegistry([...serverDomains, twin])).toThrow(
      "the executor 'ledger.transfer' is given by two domains: transactions and twin",
    );
  });

  it('refuses a name the flow files may use that no domain gives', () => {
    const withoutGold = serverDomains.filter((d) => d.name !== 'gold');
    expect(() => composeRegistry(withoutGold)).toThrow(
      "the look-up 'gold.quote' (REGISTRY_NAMES.server.lookups) is given by no domain of src/server/domains.ts",
    );
  });

  it('refuses a name no flow file may use', () => {
    const stray = { name: 'stray', lookups: { 'stray.lookup': async () => ({}) } } as unknown as DomainPlugin;
    expect(() => composeRegistry([...serverDomains, stray])).toThrow(
      "the look-up 'stray.lookup' of stray is not in REGISTRY_NAMES.server.lookups",
    );
  });
});
