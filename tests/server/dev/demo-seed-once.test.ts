import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { demoSeedVersion, seedDemoDataOnce } from '../../../src/server/demo-seed-once';
import { bothEngines } from '../../kit';

// Issue 20: a second `npm start` does not read the demo seed through again when it is complete.
describe.each(bothEngines)('the demo seed on a second start on $name', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('skips seeding when this version of the seed is recorded as complete', async () => {
    await db.query(`INSERT INTO demo_seed_runs (version) VALUES ($1)`, [demoSeedVersion()]);
    expect(await seedDemoDataOnce(db)).toEqual({ skipped: true });
    // Nothing was seeded: the personas are not there.
    const { rows } = await db.query(`SELECT 1 FROM customers WHERE user_id = 'budisantoso'`);
    expect(rows).toHaveLength(0);
  });
});

describe('the demo seed version', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-version-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('changes when a seed module changes or is added, not when other code does', () => {
    mkdirSync(path.join(dir, 'bank'));
    writeFileSync(path.join(dir, 'bank', 'seed.ts'), 'export const a = 1;');
    writeFileSync(path.join(dir, 'bank', 'routes.ts'), 'export const r = 1;');
    const v1 = demoSeedVersion(dir);
    writeFileSync(path.join(dir, 'bank', 'routes.ts'), 'export const r = 2;');
    expect(demoSeedVersion(dir)).toBe(v1);
    writeFileSync(path.join(dir, 'bank', 'seed.ts'), 'export const a = 2;');
    const v2 = demoSeedVersion(dir);
    expect(v2).not.toBe(v1);
    writeFileSync(path.join(dir, 'demo-seed.ts'), 'export {};');
    expect(demoSeedVersion(dir)).not.toBe(v2);
  });

  it("changes when a seed's data file changes", () => {
    mkdirSync(path.join(dir, 'bank', 'seed-data', 'banking'), { recursive: true });
    writeFileSync(path.join(dir, 'bank', 'seed-data', 'banking', 'persona.json'), '{"points": 1}');
    const v1 = demoSeedVersion(dir);
    writeFileSync(path.join(dir, 'bank', 'seed-data', 'banking', 'persona.json'), '{"points": 2}');
    expect(demoSeedVersion(dir)).not.toBe(v1);
  });
});
