// RJSF's own fields that few forms draw (a list, a choice of schemas, the layout grid) load with
// the first form that does (src/engine/ui/rjsf-fields.ts): ~7 KiB gzip off every transaction page.
import type { Plugin } from 'vite';
import { r } from './root.ts';

export function rjsfLazyFields(): Plugin {
  return {
    name: 'rjsf-lazy-fields',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './components/fields/index.js' && importer && /[\\/]@rjsf[\\/]core[\\/]/.test(importer))
        return r('./src/engine/ui/rjsf-fields.ts');
      return null;
    },
  };
}
