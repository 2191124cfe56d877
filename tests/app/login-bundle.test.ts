// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Static (non-type, non-dynamic) imports of a module: what ends up in the same or an eager chunk. */
function staticImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of src.matchAll(re)) out.push(m[1]!);
  return out;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx'])
    if (existsSync(base + ext) && !base.endsWith('/') && (ext || /\.(tsx?|json)$/.test(base)))
      return base + ext;
  return null;
}

/** Every module and package the entry loads eagerly, following static imports only. */
function eagerGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (files.has(f)) continue;
    files.add(f);
    if (!/\.tsx?$/.test(f)) continue;
    for (const spec of staticImports(f)) {
      const r = resolve(f, spec);
      if (r) todo.push(r);
      else if (!spec.startsWith('.') && !spec.startsWith('@/')) packages.add(spec);
    }
  }
  return { files: [...files].map((f) => path.relative(root, f)), packages: [...packages] };
}

describe('the login page bundle', () => {
  const { files, packages } = eagerGraph(path.join(root, 'src/app/main.tsx'));

  it('follows the entry through the visitor router to the login pages', () => {
    expect(files).toContain('src/app/visitor-router.tsx');
    expect(files).toContain('src/features/auth/routes.tsx');
    expect(files).toContain('src/features/auth/login-page.tsx');
  });

  it("carries no data router, nor the whole app's route table: that loads when the visitor leaves the login area", () => {
    expect(files).not.toContain('src/app/router.tsx');
    const creators = files.filter((f) =>
      /\bcreate(Browser|Memory|Hash)Router\b/.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(creators).toEqual([]);
  });

  it('carries no dialog: the error provider opens the one its caller brings', () => {
    expect(files).toContain('src/shared/ui/error-provider.tsx');
    expect(files).not.toContain('src/shared/ui/error-handler.tsx');
    expect(files).not.toContain('src/shared/ui/error-dialog.tsx');
    expect(packages.filter((p) => /^@mui\/material\/(Dialog|Modal|Popover|Menu)/.test(p))).toEqual([]);
  });

  it('carries no engine, RJSF, XState or dashboard code (they load with the authenticated routes)', () => {
    expect(
      files.filter((f) => f.startsWith('src/engine/') || f.startsWith('src/features/dashboard/')),
    ).toEqual([]);
    expect(
      packages.filter((p) => p.startsWith('@rjsf/') || p.startsWith('xstate') || p.startsWith('@xstate/')),
    ).toEqual([]);
  });

  it('carries no authenticated shell, chooser or placeholder page, nor the strings only they use', () => {
    expect(files.filter((f) => f.startsWith('src/app/shell/'))).toEqual([]);
    expect(files).not.toContain('src/app/pages/chooser-page.tsx');
    expect(files).not.toContain('src/app/pages/placeholder-page.tsx');
    expect(files.filter((f) => /^locales\/\w+\/(dashboard|engine|flows|register)\.json$/.test(f))).toEqual(
      [],
    );
    expect(packages).not.toContain('@mui/material/TextField');
  });

  it('carries no strings: the current language arrives in its own chunk (src/app/strings.ts)', () => {
    expect(files).toContain('src/app/strings.ts');
    expect(files.filter((f) => f.startsWith('locales/') || f.startsWith('src/app/strings/'))).toEqual([]);
  });

  it('would see them if they were imported statically (the walker is not blind)', () => {
    const lazy = eagerGraph(path.join(root, 'src/app/authenticated-routes.tsx'));
    expect(lazy.files).toContain('src/features/dashboard/routes.tsx');
    expect(lazy.files).toContain('src/engine/index.ts');
    expect(eagerGraph(path.join(root, 'src/app/router.tsx')).files).toContain('src/app/routes.tsx');
    expect(eagerGraph(path.join(root, 'src/features/dashboard/dashboard-page.tsx')).files).toContain(
      'src/shared/ui/error-dialog.tsx',
    );
    expect(eagerGraph(path.join(root, 'src/app/strings/login-id.ts')).files).toContain(
      'locales/id/auth.json',
    );
  });
});
