// Which modules go in which named chunk of the main app's build (vite.config.ts, codeSplitting groups),
// computed from the module graph once it is complete.

export interface ModuleEdges {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
export type ModuleGraph = (id: string) => ModuleEdges | null;

/** A chunk of modules that always load together: named by `name`, grown from `roots`. */
export interface TogetherGroup {
  name: string;
  roots: string[];
}

/** What `from` reaches through static imports (and dynamic ones too, with `dynamic`), never entering `stop`. */
export function reach(
  graph: ModuleGraph,
  from: string[],
  dynamic: boolean,
  stop = new Set<string>(),
): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    const info = graph(id);
    if (!info) continue;
    seen.add(id);
    const next = dynamic ? [...info.importedIds, ...info.dynamicallyImportedIds] : info.importedIds;
    for (const n of next) if (!stop.has(n)) todo.push(n);
  }
  return seen;
}

/**
 * The entry's chunk: what it loads statically. Then each group in turn: what its roots import
 * statically, less what an earlier chunk holds and less what the entry can load without passing
 * through one of the roots. So a group's chunk is never fetched for a page that would not have loaded
 * every module of it anyway.
 */
export function chunkGroups(
  graph: ModuleGraph,
  entry: string,
  groups: TogetherGroup[],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const taken = reach(graph, [entry], false);
  out.set('main', new Set(taken));
  for (const { name, roots } of groups) {
    const elsewhere = reach(graph, [entry], true, new Set(roots));
    const mine = new Set<string>();
    for (const id of reach(graph, roots, false)) if (!taken.has(id) && !elsewhere.has(id)) mine.add(id);
    for (const id of mine) taken.add(id);
    out.set(name, mine);
  }
  return out;
}
