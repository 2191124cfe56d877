import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidRequest } from './api-error';

/** The JSON pointer of the first string holding a NUL character, if any. */
export function nulAt(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at || '/' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], `${at}/${i}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nulAt(k, `${at}/${k}`) ?? nulAt(v, `${at}/${k}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text or jsonb, so one anywhere in a request (body,
 * query, path) is refused here with a 400 naming where it is, before any route or schema sees it.
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
      throw invalidRequest({
        [part === 'body' ? at : `/${part}${at === '/' ? '' : at}`]: {
          eng: 'contains a character that is not allowed',
          idn: 'berisi karakter yang tidak diizinkan',
        },
      });
    }
  });
});
