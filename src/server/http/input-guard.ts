import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidRequest } from './api-error';

/** No request of ours nests deeper; anything deeper is refused before any recursive code sees it. */
export const MAX_DEPTH = 64;

/**
 * The JSON pointer of the first string holding a NUL character, if any; TOO_DEEP when the value nests
 * deeper than MAX_DEPTH. Walks with its own stack, so no nesting can overflow the call stack.
 */
export function nulAt(value: unknown, at = ''): string | typeof TOO_DEEP | undefined {
  const stack: [unknown, string, number][] = [[value, at, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || '/';
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return TOO_DEEP;
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    // Pushed in reverse, so the first offender in document order is found first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i]!;
      stack.push([x, `${path}/${k}`, depth + 1]);
      if (!Array.isArray(v)) stack.push([k, `${path}/${k}`, depth + 1]);
    }
  }
  return undefined;
}
export const TOO_DEEP = Symbol('too deep');

/**
 * PostgreSQL cannot store a NUL character in text or jsonb, so one anywhere in a request (body,
 * query, path) is refused here with a 400 naming where it is, before any route or schema sees it;
 * so is a request nested deeper than MAX_DEPTH (10,000 levels overflowed a recursive walk: a 500).
 */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const at = nulAt(value);
      if (at === undefined) continue;
      if (at === TOO_DEEP)
        throw invalidRequest({
          [part === 'body' ? '/' : `/${part}`]: {
            eng: `is nested more than ${MAX_DEPTH} levels deep`,
            idn: `bersarang lebih dari ${MAX_DEPTH} tingkat`,
          },
        });
      throw invalidRequest({
        [part === 'body' ? at : `/${part}${at === '/' ? '' : at}`]: {
          eng: 'contains a character that is not allowed',
          idn: 'berisi karakter yang tidak diizinkan',
        },
      });
    }
  });
});
