import { describe, expect, it } from 'vitest';
import { chunkGroups, type ModuleEdges } from '../../scripts/chunk-groups';

/** A module graph from `id: [static imports], [dynamic imports]`. */
const graphOf =
  (edges: Record<string, [string[], string[]?]>) =>
  (id: string): ModuleEdges | null =>
    edges[id] ? { importedIds: edges[id][0], dynamicallyImportedIds: edges[id][1] ?? [] } : null;

describe('the main app chunks (scripts/chunk-groups.ts)', () => {
  // main -> react (static); main => login-otp, shell (dynamic); login-otp -> divider; shell -> chip,
  // divider, react; shell => dashboard, flow; dashboard -> chip; flow -> rjsf, text-field; flow =>
  // receipt-pdf; settings (reached from the shell) -> text-field
  const graph = graphOf({
    main: [['react'], ['login-otp', 'shell']],
    react: [[]],
    'login-otp': [['divider']],
    shell: [
      ['chip', 'divider', 'react'],
      ['dashboard', 'flow', 'settings'],
    ],
    chip: [[]],
    divider: [[]],
    dashboard: [['chip']],
    flow: [['rjsf', 'text-field'], ['receipt-pdf']],
    rjsf: [[]],
    'text-field': [[]],
    'receipt-pdf': [[]],
    settings: [['text-field']],
  });
  const chunks = chunkGroups(graph, 'main', [
    { name: 'shell', roots: ['shell'] },
    { name: 'flow-page', roots: ['flow'] },
  ]);
  const names = (name: string) => [...chunks.get(name)!].sort();

  it('puts what the entry imports statically in its chunk', () => {
    expect(names('main')).toEqual(['main', 'react']);
  });

  it('groups what the roots import statically, but not what a visitor loads without them', () => {
    // divider is also loaded by a login-area page: left to its own chunk, so that page does not fetch the shell
    expect(names('shell')).toEqual(['chip', 'shell']);
  });

  it('leaves out of a group what another page reaches on its own, and what the roots import lazily', () => {
    // text-field is also a settings page's; receipt-pdf loads when asked for
    expect(names('flow-page')).toEqual(['flow', 'rjsf']);
  });

  it('never puts a module in two chunks', () => {
    const all = [...chunks.values()].flatMap((s) => [...s]);
    expect(new Set(all).size).toBe(all.length);
  });
});
