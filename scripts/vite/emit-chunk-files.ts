// The `chunk-files` plugin: the main app's chunk files of each group, of the app's string groups, of each
// flow (its file, its strings per language) and of each form (its schema, its validator), written to
// scripts/chunk-files.ts's CHUNK_FILES for scripts/page-preloads.ts to name in a signed-in page's HTML.
import path from 'node:path';
import type { Plugin } from 'vite';
import { CHUNK_FILES, type ChunkFiles } from '../chunk-files.ts';
import { ALWAYS_LOADED, TOGETHER } from './chunking.ts';
import { FLOWS_DIR } from './flow-parts.ts';
import { r } from './root.ts';

export function chunkFilesPlugin(mode: string): Plugin {
  return {
    name: 'chunk-files',
    apply: () => mode === 'main',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const files: ChunkFiles = { groups: {}, strings: {}, areas: {}, flows: {}, forms: {} };
      const stringsDir = r('./src/app/strings') + path.sep;
      // A group's chunks with any other chunks they import (the bundler's own, for what no group takes),
      // so a page's HTML names them all at once instead of a wave after its group's chunk.
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (start: string[]) => {
        const seen = new Set<string>();
        for (let todo = [...start], f = todo.pop(); f !== undefined; f = todo.pop()) {
          if (seen.has(f) || ALWAYS_LOADED.test(f)) continue;
          seen.add(f);
          todo.push(...(byFile.get(f)?.imports ?? []));
        }
        return [...seen].sort();
      };
      for (const { name } of TOGETHER)
        files.groups[name] = withImports(chunks.filter((c) => c.name === name).map((c) => c.fileName)).map(
          (f) => `/${f}`,
        );
      const validatorsDir = r('./src/engine/generated') + path.sep;
      const slash = (p: string) => p.split(path.sep).join('/');
      for (const c of chunks) {
        const [id, query] = (c.facadeModuleId ?? '').split('?') as [string, string | undefined];
        const file = `/${c.fileName}`;
        const area = /[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(id);
        if (!query && id.startsWith(stringsDir)) {
          files.strings[path.basename(id).replace(/\.tsx?$/, '')] = file;
        } else if (!query && area) {
          files.areas![`${area[2]}-${area[1]}`] = file;
        } else if (id.startsWith(FLOWS_DIR + path.sep) && query === 'flow-bundle') {
          files.flows[slash(path.relative(FLOWS_DIR, id))] = file;
        } else if (!query && id.startsWith(validatorsDir) && /[\\/]forms[\\/]/.test(id)) {
          files.forms[`${slash(path.relative(validatorsDir, id)).replace(/\.[jt]s$/, '')}.json`] = file;
        }
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_FILES, source: JSON.stringify(files) });
    },
  };
}
