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

  it('follows the entry through the router to the login pages', () => {
    expect(files).toContain('src/app/router.tsx');
    expect(files).toContain('src/features/auth/routes.tsx');
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
    expect(files).toContain('locales/id/auth.json');
    expect(files.filter((f) => /^locales\/\w+\/(dashboard|engine|flows|register)\.json$/.test(f))).toEqual(
      [],
    );
    expect(packages).not.toContain('@mui/material/TextField');
  });

  it('would see them if they were imported statically (the walker is not blind)', () => {
    const lazy = eagerGraph(path.join(root, 'src/app/authenticated-routes.tsx'));
    expect(lazy.files).toContain('src/features/dashboard/routes.tsx');
    expect(lazy.files).toContain('src/engine/index.ts');
  });
});
