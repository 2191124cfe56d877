// RJSF's allOf merge loads with a form whose schema has an allOf (src/engine/ui/rjsf-all-of.ts).
import type { Plugin } from 'vite';
import { r } from './root.ts';

export function rjsfLazyAllOf(): Plugin {
  return {
    name: 'rjsf-lazy-all-of',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './shallowAllOfMerge.js' && importer && /[\\/]@rjsf[\\/]utils[\\/]/.test(importer))
        return r('./src/engine/ui/rjsf-all-of.ts');
      return null;
    },
  };
}
