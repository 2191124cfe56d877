// The Vite config's plugins and chunking (vite.config.ts composes them). Like the config, they import
// our modules with their extension and never through the '@/' alias: Vite bundles the config alone,
// and its native loader will need that.
import { fileURLToPath } from 'node:url';

/** A path of the project (`./src/app/main.tsx`) as an absolute file name, as the config's own `r`. */
export const r = (p: string) => fileURLToPath(new URL(p, new URL('../../', import.meta.url)));
