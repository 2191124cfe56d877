// RJSF validators precompiled from schemas/forms (no `new Function` in the bundle): generated before anything resolves.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { r } from './root.ts';

export function rjsfPrecompiledValidators(): Plugin {
  return {
    name: 'rjsf-precompiled-validators',
    config() {
      if (process.env.RJSF_VALIDATORS_COMPILED) return;
      execFileSync(process.execPath, ['--import', 'tsx', r('./scripts/compile-validators.ts')], {
        stdio: 'ignore',
      });
      process.env.RJSF_VALIDATORS_COMPILED = '1';
    },
    // `vite dev`: a form schema edited, added or removed is compiled again, and its page reloads
    // with the new module (the schema rides with its validator).
    configureServer(server) {
      const formsDir = r('./schemas/forms') + path.sep;
      const recompile = (file: string) => {
        if (!file.startsWith(formsDir)) return;
        execFileSync(process.execPath, ['--import', 'tsx', r('./scripts/compile-validators.ts')], {
          stdio: 'ignore',
        });
      };
      server.watcher.add(formsDir);
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, recompile);
    },
  };
}
