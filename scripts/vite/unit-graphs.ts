// Which jsdom test files need a module graph of their own: those that replace a module (vi.mock,
// vi.doMock: hoisted into the graph every file of a worker would then share) and those that say so
// with an `// own module graph:` comment and its reason (module state a test expects fresh). Found by
// reading the files, so a new test that mocks a module is isolated without anyone listing it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const NEEDS_OWN_GRAPH = /\bvi\.(mock|doMock)\(|^\/\/ own module graph:/m;
const TEST_FILE = /\.test\.tsx?$/;

export function unitTestsWithOwnGraph(
  root: string,
  testsDir = 'tests',
  skip = ['server', 'browser'],
): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.includes(path.relative(testsDir, rel))) walk(rel);
      } else if (
        TEST_FILE.test(entry.name) &&
        NEEDS_OWN_GRAPH.test(readFileSync(path.join(root, rel), 'utf8'))
      )
        found.push(rel);
    }
  };
  walk(testsDir);
  return found.sort();
}
