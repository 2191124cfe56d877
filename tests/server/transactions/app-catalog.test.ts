import Fastify from 'fastify';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCatalog } from '../../../src/server/transactions/catalog';
import { projectCopy } from '../../kit/project-copy';

// The route plugins of one app share one catalog (the folders stamped once per build); a flow file
// changed before the next build is served by it.

const copy = projectCopy({ files: {} });
const saved = process.env.FLOWS_ROOT;
beforeAll(() => {
  process.env.FLOWS_ROOT = copy.root;
});
afterAll(() => {
  if (saved === undefined) delete process.env.FLOWS_ROOT;
  else process.env.FLOWS_ROOT = saved;
  copy.remove();
});

const file = path.join(copy.root, 'flows/transfer/same-bank.json');

describe('appCatalog', () => {
  it('is one catalog per app, its plugins included; the next app sees a changed flow file', async () => {
    const first = Fastify();
    const catalog = appCatalog(first);
    let inPlugin: unknown;
    await first.register(async (plugin) => {
      inPlugin = appCatalog(plugin);
    });
    expect(inPlugin).toBe(catalog);
    const flow = JSON.parse(readFileSync(file, 'utf8')) as { id: string };
    expect(catalog.get(flow.id)).toBeDefined();

    writeFileSync(file, JSON.stringify({ ...flow, id: `${flow.id}.renamed` }, null, 2));
    expect(appCatalog(first)).toBe(catalog);
    const second = Fastify();
    const next = appCatalog(second);
    expect(next.get(flow.id)).toBeUndefined();
    expect(next.get(`${flow.id}.renamed`)).toBeDefined();
    await Promise.all([first.close(), second.close()]);
  });
});
