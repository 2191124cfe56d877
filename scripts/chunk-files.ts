// The main app's chunk files by what they hold: written by its build (scripts/vite/emit-chunk-files.ts),
// read by scripts/page-preloads.ts to name a signed-in page's chunks in its HTML.

/** The main app's chunk files by what they hold, written by its build into its folder (not served: a dot folder). */
export const CHUNK_FILES = '.vite/chunk-files.json';

export interface ChunkFiles {
  /** Each group's chunks ("/assets/shell-x.js"). */
  groups: Record<string, string[]>;
  /** Each string group's, by its module under src/app/strings/ ("late-id"). */
  strings: Record<string, string>;
  /** Each area namespace's (src/app/area-strings.ts), by namespace and language ("dashboard-id"). */
  areas?: Record<string, string>;
  /** Each flow's, by its file under flows/ ("payment/bpjs.json"): the whole file with its own strings. */
  flows: Record<string, string>;
  /** Each form's, by its schema's path under schemas/ ("forms/payment/bpjs.json"): its validator and schema. */
  forms: Record<string, string>;
}
