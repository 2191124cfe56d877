// Brotli and gzip copies of the built files, written once (scripts/precompress.ts) and served as they are.
// (The apps' build only: Storybook's build goes through these plugins too.)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { r } from './root.ts';

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (outDir === r('./dist'))
        execFileSync(process.execPath, ['--import', 'tsx', r('./scripts/precompress.ts'), outDir], {
          stdio: 'ignore',
        });
    },
  };
}
