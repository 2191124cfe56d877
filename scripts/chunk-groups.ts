// Which modules go in which named chunk of the main app's build (scripts/vite/chunking.ts, codeSplitting groups),
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
  /** Groups every page that loads this one loads too (the shell, for every signed-in page's group). */
  after?: string[];
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
 * every module of it anyway. Last, what the groups import that other pages load too, by which groups
 * import it (`shared~...`).
 */
export function chunkGroups(
  graph: ModuleGraph,
  entry: string,
  groups: TogetherGroup[],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const taken = reach(graph, [entry], false);
  out.set('main', new Set(taken));
  /** What only `roots` reach: what the entry cannot load without passing through one of them. */
  const own = (roots: string[]) => {
    const elsewhere = reach(graph, [entry], true, new Set(roots));
    return [...reach(graph, roots, false)].filter((id) => !taken.has(id) && !elsewhere.has(id));
  };
  for (const { name, roots } of groups) {
    const mine = new Set(own(roots));
    for (const id of mine) taken.add(id);
    out.set(name, mine);
  }
  // What the groups import that other pages load too (a login-area page, a page of no group): a chunk
  // per set of groups that import it, `shared~<group>~<group>`, so that no page loads a group it does not
  // need for a module the group happens to import (the bundler would otherwise put it in the first
  // group that imports it, and every other page would load that whole group for it).
  const users = new Map<string, string[]>();
  for (const { name } of groups)
    for (const id of reach(graph, [...out.get(name)!], false, taken))
      users.set(id, [...(users.get(id) ?? []), name]);
  // A chunk is loaded by the pages that load any group importing it: a group that only loads after
  // another of the set adds none, so it is left out of the name, and chunks loaded by the same pages
  // are one (every signed-in page loads the shell: anything the shell imports goes in `shared~shell`).
  const after = new Map(groups.map((g) => [g.name, new Set(g.after ?? [])]));
  const pagesOf = (names: string[]) =>
    names.filter((g) => !names.some((h) => h !== g && after.get(g)!.has(h)));
  for (const [id, names] of users) {
    if (taken.has(id)) continue;
    const key = `shared~${pagesOf(names).join('~')}`;
    if (!out.has(key)) out.set(key, new Set());
    out.get(key)!.add(id);
  }
  return out;
}
