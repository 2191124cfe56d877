// RJSF's allOf merge (@rjsf/utils' schema/shallowAllOfMerge.js, with @x0k/json-schema-merge: ~4 KiB gzip),
// in place of its own module in the build (scripts/vite/rjsf-lazy-all-of.ts): a form whose schema has
// an allOf (a transfer's "when to transfer") loads it before it draws (formWidgetsReady); the others
// never carry it.

type Merge = (schema: object) => object;
let merge: Merge | undefined;
let loading: Promise<void> | undefined;

/** Loads the merge; a form that has an allOf waits for it before it draws. */
export function preloadAllOfMerge(): Promise<void> {
  return (loading ??= import('@rjsf/utils/lib/schema/shallowAllOfMerge.js').then(
    (m) => {
      merge = m.default as Merge;
    },
    (error: unknown) => {
      loading = undefined; // asked again by the next form
      throw error;
    },
  ));
}

/** As RJSF's own: the schema with its allOf merged into it. */
export default function shallowAllOfMerge(schema: object): object {
  // Never reached by a form that was drawn as the engine draws them: it names its allOf first.
  if (!merge) throw new Error('An allOf form was drawn before its merge loaded (formWidgetsReady)');
  return merge(schema);
}
