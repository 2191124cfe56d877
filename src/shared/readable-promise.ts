/**
 * A promise as React's `use` reads it without suspending once it has settled: `use` looks at a
 * thenable's `status` and `value` (or `reason`) first. React marks a promise itself, but only one it has
 * already suspended on; marked here once settled, a promise made before the render (a route's preload,
 * a module that loaded) draws at once.
 */
export type Readable<T> = Promise<T> & {
  status?: 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

/** `p`, marked as it settles (its failure is still the caller's to handle). */
export function readable<T>(p: Promise<T>): Readable<T> {
  const q: Readable<T> = p;
  // (block bodies: returning q from its own handlers would reject this chain too, unhandled)
  q.then(
    (value) => {
      Object.assign(q, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(q, { status: 'rejected', reason });
    },
  );
  return q;
}

/** A promise already settled with `value`, marked so. */
export const readableValue = <T>(value: T): Readable<T> =>
  Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
