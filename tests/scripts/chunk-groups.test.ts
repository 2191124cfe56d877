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

  it('puts what the groups import that other pages load too in a chunk per set of groups importing it', () => {
    // divider (the shell's and a login-area page's), text-field (the flow page's and the settings page's)
    expect(names('shared~shell')).toEqual(['divider']);
    expect(names('shared~flow-page')).toEqual(['text-field']);
    const both = chunkGroups(
      graphOf({
        main: [[], ['shell', 'login-faq']],
        'login-faq': [['divider']],
        shell: [[], ['dashboard', 'flow']],
        dashboard: [['divider', 'chip']],
        flow: [['divider']],
        chip: [[]],
        divider: [['paper']],
        paper: [[]],
      }),
      'main',
      [
        { name: 'dashboard', roots: ['dashboard'] },
        { name: 'flow-page', roots: ['flow'] },
      ],
    );
    expect([...both.get('shared~dashboard~flow-page')!].sort()).toEqual(['divider', 'paper']);
    expect([...both.get('dashboard')!].sort()).toEqual(['chip', 'dashboard']);
  });

  it('names a shared chunk by the groups whose pages load it: a group that only loads after another adds none', () => {
    const after = chunkGroups(
      graphOf({
        main: [[], ['shell', 'login-faq']],
        'login-faq': [['divider', 'chip', 'table']],
        shell: [['divider'], ['dashboard', 'flow']],
        dashboard: [['divider', 'chip', 'table']],
        flow: [['chip'], ['steps']],
        steps: [['chip', 'table']],
        chip: [[]],
        divider: [[]],
        table: [[]],
      }),
      'main',
      [
        { name: 'shell', roots: ['shell'] },
        { name: 'dashboard', roots: ['dashboard'], after: ['shell'] },
        { name: 'flow-page', roots: ['flow'], after: ['shell'] },
        { name: 'flow-steps', roots: ['steps'], after: ['shell', 'flow-page'] },
      ],
    );
    // divider: every signed-in page loads the shell; chip: the dashboard's and every flow page's
    // (steps load after the flow page); table: the dashboard's and the steps'
    expect([...after.get('shared~shell')!]).toEqual(['divider']);
    expect([...after.get('shared~dashboard~flow-page')!]).toEqual(['chip']);
    expect([...after.get('shared~dashboard~flow-steps')!]).toEqual(['table']);
  });

  it('never puts a module in two chunks', () => {
    const all = [...chunks.values()].flatMap((s) => [...s]);
    expect(new Set(all).size).toBe(all.length);
  });
});
