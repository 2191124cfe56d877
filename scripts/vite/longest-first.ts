// The test run's order: files known to take longest start first, so none of them is left running
// alone at the end. Vitest orders by the last run's durations when it has them; a fresh clone has
// none (it then orders by size), and the walk of every page, a small file, would start halfway.
//
// Then, within a project, the files of one environment follow each other. Vitest keeps a worker that
// shares its modules (isolate: false) only while the next file queued runs in the same project and
// environment; otherwise it ends the worker and starts another, which loads its world again (jsdom
// with React, MUI and RJSF). The unit project's files are jsdom and node ones (`@vitest-environment`),
// and Vitest's order by size alternated them: ~50 workers started where one per worker slot and
// environment would do.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, as a fresh clone's run measured them (docs/performance-log.md). */
export const LONGEST = ['tests/browser/walk-every-page.test.ts'];

/** The environment a file asks for in its docblock (`// @vitest-environment node`); '' for the project's. */
export function environmentOf(file: string): string {
  try {
    return /@vitest-environment\s+([\w-]+)/.exec(readFileSync(file, 'utf8').slice(0, 2000))?.[1] ?? '';
  } catch {
    return '';
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? LONGEST.length : i;
    };
    const project = new Map<string, number>();
    for (const f of sorted) if (!project.has(f.project.name)) project.set(f.project.name, project.size);
    const environment = new Map(sorted.map((f) => [f, environmentOf(f.moduleId)]));
    // A stable sort: Vitest's order of the projects, and of the files within a project and environment.
    return sorted
      .map((f, i) => ({ f, i }))
      .sort(
        (a, b) =>
          rank(a.f) - rank(b.f) ||
          project.get(a.f.project.name)! - project.get(b.f.project.name)! ||
          environment.get(a.f)!.localeCompare(environment.get(b.f)!) ||
          a.i - b.i,
      )
      .map((x) => x.f);
  }
}
