import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { shellChildrenWith, type PageStrings } from '../../src/app/authenticated-routes';

/** The area namespaces a page's routes wait for before it renders (their `lazy`, called as the router would). */
async function stringsWaitedFor(path: string): Promise<PageStrings[]> {
  const ready = vi.fn(async (_ns: PageStrings) => undefined);
  const matches = matchRoutes(shellChildrenWith(ready), path);
  expect(matches, path).not.toBeNull();
  await Promise.all(matches!.map((m) => (typeof m.route.lazy === 'function' ? m.route.lazy() : undefined)));
  return [...new Set(ready.mock.calls.map(([ns]) => ns))];
}

describe("an area's strings load with its pages, not with every authenticated page", () => {
  it.each([
    ['/myaccount/', 'myaccount'],
    ['/settings/', 'settings'],
    ['/applyandinvest/productlist/', 'invest', 'flow-names'],
    ['/gold-saving/', 'gold'],
    ['/mybusiness/', 'business'],
    ['/new-pfm/', 'pfm'],
    ['/poinxtra/', 'living'],
    ['/my-goal/detail/', 'living'],
    ['/searchflight/', 'living'],
    ['/virtual-account/', 'bills', 'flow-names'],
    ['/dashboard/', 'dashboard'],
    ['/exchange-rate/', 'dashboard'],
    ['/help/mailbox/', 'help'],
    ['/cart/', 'cart'],
    ['/transfer/manage-underlaying-document/', 'transfer', 'flow-names'],
    ['/register/userinformations/', 'register'],
  ] as const)('%s waits for %s', async (path, ...strings) => {
    expect(await stringsWaitedFor(path)).toEqual(strings);
  });

  it("a mass transfer waits for its own and the cart's (its verify panel)", async () => {
    expect(await stringsWaitedFor('/transfer/mass-transfer/')).toEqual(['batch', 'cart']);
  });

  it('a chooser that lists a batch (mass transfer, payment, purchase) waits for their names too', async () => {
    for (const path of ['/transfer/', '/payment/', '/purchase/'])
      expect(await stringsWaitedFor(path), path).toEqual(['flow-names', 'batch']);
  });

  it("a transaction page waits for none (its flow's strings come with its file)", async () => {
    expect(await stringsWaitedFor('/payment/bpjs/inquiry/')).toEqual([]);
  });

  it("a page that lists flows waits for every flow's name, which no other page loads", async () => {
    for (const path of ['/my-favorite/', '/donation/', '/payment/', '/transfer/'])
      expect(await stringsWaitedFor(path), path).toContain('flow-names');
  });
});
