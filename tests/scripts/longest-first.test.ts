// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { environmentOf, LongestFirst } from '../../scripts/vite/longest-first';

const root = mkdtempSync(path.join(os.tmpdir(), 'longest-first-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A test file of `bytes` (Vitest's fresh-clone order: larger first), in a project. */
function spec(project: string, file: string, bytes: number, docblock = ''): TestSpecification {
  const moduleId = path.join(root, file);
  mkdirSync(path.dirname(moduleId), { recursive: true });
  writeFileSync(moduleId, docblock + 'x'.repeat(bytes));
  return {
    moduleId,
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
  } as unknown as TestSpecification;
}

/** Vitest's context as its base sequencer reads it in a fresh clone: no results kept, files by size. */
const ctx = {
  config: { root },
  cache: {
    getFileTestResults: () => undefined,
    getFileStats: (key: string) => {
      const [, file] = key.split(':');
      return { size: readFileSync(path.join(root, file!)).length };
    },
  },
} as unknown as Vitest;

describe('the test run order (scripts/vite/longest-first.ts)', () => {
  it('reads the environment a file asks for in its docblock, else the project default', () => {
    const node = spec('unit', 'tests/env-node.test.ts', 10, '// @vitest-environment node\n');
    const none = spec('unit', 'tests/env-none.test.tsx', 10);
    expect(environmentOf(node.moduleId)).toBe('node');
    expect(environmentOf(none.moduleId)).toBe('');
    expect(environmentOf(path.join(root, 'missing.test.ts'))).toBe('');
  });

  it('starts the walk first, then keeps each project, and within it each environment, together', async () => {
    const files = [
      spec('unit', 'tests/a.test.tsx', 900),
      spec('unit', 'tests/b.test.ts', 800, '// @vitest-environment node\n'),
      spec('unit', 'tests/c.test.tsx', 700),
      spec('unit', 'tests/d.test.ts', 600, '// @vitest-environment node\n'),
      spec('server', 'tests/server/e.test.ts', 500),
      spec('browser', 'tests/browser/walk-every-page.test.ts', 10),
      spec('browser', 'tests/browser/f.test.ts', 400),
    ];
    const order = (await new LongestFirst(ctx).sort(files)).map((f) => path.relative(root, f.moduleId));
    expect(order).toEqual([
      'tests/browser/walk-every-page.test.ts',
      'tests/browser/f.test.ts',
      'tests/server/e.test.ts',
      // the jsdom files (the project's environment), then the node ones, each by size
      'tests/a.test.tsx',
      'tests/c.test.tsx',
      'tests/b.test.ts',
      'tests/d.test.ts',
    ]);
  });
});
