/**
 * What @rjsf/utils asks of `fast-uri` (resolve, equal), on the browser's own URL parser. RJSF reaches
 * it only for JSON Schema 2020-12 forms with `$id`s; fast-uri is ~7 KiB gzip on every transaction
 * page, this a few hundred bytes. scripts/vite/rjsf-uri.ts puts it in fast-uri's place for RJSF.
 */

/** An origin no reference names, so a relative base resolves like a path (RFC 3986 section 5.2). */
const HOLDER = 'http://rjsf-uri.invalid';
/** Levels a relative base sits under, so `..` above it is counted and kept, as fast-uri keeps it. */
const DEPTH = 32;
const LEVEL = '%00/';
const UNDER = `${HOLDER}/${LEVEL.repeat(DEPTH)}`;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

function resolveWith(base: string, ref: string): string {
  if (SCHEME.test(ref)) return new URL(ref).href;
  if (SCHEME.test(base)) return new URL(ref, base).href;
  if (base.startsWith('/')) return new URL(ref, new URL(base, HOLDER)).href.slice(HOLDER.length);
  // A relative base: resolve under the holder's levels, then turn the levels left into `..`s.
  let path = new URL(ref, new URL(base, UNDER)).href.slice(HOLDER.length + 1);
  if (!path.startsWith(LEVEL)) return `/${path}`;
  let left = 0;
  while (path.startsWith(LEVEL)) {
    path = path.slice(LEVEL.length);
    left++;
  }
  return '../'.repeat(DEPTH - left) + path;
}

export function resolve(base: string | undefined, ref: string): string {
  return resolveWith(base ?? '', ref);
}

/** The same resource: both normalised alike (scheme and host case, default port, dot segments). */
export function equal(a: string, b: string): boolean {
  const norm = (u: string) => resolveWith('', u);
  return norm(a) === norm(b);
}

export default { resolve, equal };
