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

  it("takes into a group what a page it carries shares with others, leaving that page's own modules to it", () => {
    const carried = chunkGroups(graph, 'main', [
      { name: 'shell', roots: ['shell'], carries: ['dashboard'] },
      { name: 'dashboard', roots: ['dashboard'] },
      { name: 'flow-page', roots: ['flow'] },
    ]);
    // dashboard -> chip, which the shell already imports; give the dashboard one of its own and a
    // shared one with settings
    const richer = graphOf({
      main: [['react'], ['login-otp', 'shell']],
      react: [[]],
      'login-otp': [['divider']],
      shell: [
        ['divider', 'react'],
        ['dashboard', 'flow', 'settings'],
      ],
      divider: [[]],
      dashboard: [['chip', 'table', 'sections']],
      chip: [[]],
      table: [[]],
      sections: [[]],
      flow: [['rjsf', 'text-field']],
      rjsf: [[]],
      'text-field': [[]],
      settings: [['text-field', 'table']],
    });
    const rich = chunkGroups(richer, 'main', [
      { name: 'shell', roots: ['shell'], carries: ['dashboard'] },
      { name: 'dashboard', roots: ['dashboard'] },
      { name: 'flow-page', roots: ['flow'] },
    ]);
    const of = (c: Map<string, Set<string>>, name: string) => [...c.get(name)!].sort();
    expect(of(carried, 'shell')).toEqual(['chip', 'shell']);
    expect(of(carried, 'dashboard')).toEqual(['dashboard']);
    // table (the dashboard's and a settings page's) goes with the shell both load; chip and sections are the dashboard's own
    expect(of(rich, 'shell')).toEqual(['shell', 'table']);
    expect(of(rich, 'dashboard')).toEqual(['chip', 'dashboard', 'sections']);
    expect(of(rich, 'flow-page')).toEqual(['flow', 'rjsf']);
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

  it('never puts a module in two chunks', () => {
    const all = [...chunks.values()].flatMap((s) => [...s]);
    expect(new Set(all).size).toBe(all.length);
  });
});
