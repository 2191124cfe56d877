// The test run's order: files known to take longest start first, so none of them is left running
// alone at the end. Vitest orders by the last run's durations when it has them; a fresh clone has
// none (it then orders by size), and the walk of every page, a small file, would start halfway.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, as a fresh clone's run measured them (docs/performance-log.md). */
export const LONGEST = ['tests/browser/walk-every-page.test.ts'];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? LONGEST.length : i;
    };
    // A stable sort: the rest keep Vitest's order.
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}
