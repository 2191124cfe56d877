import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { shellChildrenWith } from '../../src/app/authenticated-routes';
import type { AreaNamespace } from '../../src/app/area-strings';

/** The area namespaces a page's routes wait for before it renders (their `lazy`, called as the router would). */
async function stringsWaitedFor(path: string): Promise<AreaNamespace[]> {
  const ready = vi.fn(async (_ns: AreaNamespace) => undefined);
  const matches = matchRoutes(shellChildrenWith(ready), path);
  expect(matches, path).not.toBeNull();
  await Promise.all(matches!.map((m) => (typeof m.route.lazy === 'function' ? m.route.lazy() : undefined)));
  return [...new Set(ready.mock.calls.map(([ns]) => ns))];
}

describe("an area's strings load with its pages, not with every authenticated page", () => {
  it.each([
    ['/myaccount/', 'myaccount'],
    ['/settings/', 'settings'],
    ['/applyandinvest/productlist/', 'invest'],
    ['/gold-saving/', 'gold'],
    ['/mybusiness/', 'business'],
    ['/new-pfm/', 'pfm'],
    ['/poinxtra/', 'living'],
    ['/my-goal/detail/', 'living'],
    ['/searchflight/', 'living'],
    ['/virtual-account/', 'bills'],
    ['/dashboard/', 'dashboard'],
    ['/exchange-rate/', 'dashboard'],
    ['/help/mailbox/', 'help'],
    ['/cart/', 'cart'],
    ['/transfer/manage-underlaying-document/', 'transfer'],
    ['/register/userinformations/', 'register'],
  ] as const)('%s waits for %s', async (path, ns) => {
    expect(await stringsWaitedFor(path)).toEqual([ns]);
  });

  it("a mass transfer waits for its own and the cart's (its verify panel)", async () => {
    expect(await stringsWaitedFor('/transfer/mass-transfer/')).toEqual(['batch', 'cart']);
  });

  it('a transaction page and the favourites wait for none (their strings come with the shell)', async () => {
    for (const path of ['/payment/bpjs/inquiry/', '/my-favorite/'])
      expect(await stringsWaitedFor(path)).toEqual([]);
  });
});
