// `locales/<lang>/<ns>.json?<group>` (src/app/strings/json-part.d.ts): the file as a module of its
// own with one export per top-level key, so each string group's chunk keeps only the keys it reads.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function localePartsPlugin(): Plugin {
  return {
    name: 'locale-parts',
    load(id) {
      const m = /^(.*[\\/]locales[\\/][\w-]+[\\/][\w-]+\.json)\?(login-pages|late|steps)$/.exec(id);
      const file = m?.[1];
      if (!file) return null;
      this.addWatchFile(file);
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return Object.entries(json)
        .map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}
