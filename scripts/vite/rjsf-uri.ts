// RJSF's `$id` resolution (2020-12 forms only) on the browser's URL parser instead of fast-uri
// (~7 KiB gzip on every transaction page); tests/engine/ui/rjsf-uri.test.ts holds them equal.
import type { Plugin } from 'vite';
import { r } from './root.ts';

export function rjsfUri(): Plugin {
  return {
    name: 'rjsf-uri',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'fast-uri' && importer && /[\\/]@rjsf[\\/]/.test(importer))
        return r('./src/engine/ui/rjsf-uri.ts');
      return null;
    },
  };
}
