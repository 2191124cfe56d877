import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidRequest } from './api-error';

/** No request of ours nests deeper; anything deeper is refused before any recursive code sees it. */
export const MAX_DEPTH = 64;

/**
 * A character no text of ours may hold: a control character (C0, DEL, C1) other than tab, line feed
 * and carriage return (a mailbox message has lines); half of a UTF-16 surrogate pair, which JSON's
 * "\ud800" escape yields and which is no Unicode text at all (PostgreSQL stores it as U+FFFD or fails);
 * or a bidi embedding, override or isolate (U+202A-202E, U+2066-2069), which can make a stored name read
 * otherwise than it is written on every list and receipt that shows it ("Trojan Source"). Right-to-left
 * text itself needs none of them, and the marks U+200E/U+200F stay allowed.
 */
const NOT_TEXT = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\u202A-\u202E\u2066-\u2069]/u;

/** Whether a string may be stored and shown: well-formed Unicode without control or bidi control characters. */
export const isAllowedText = (s: string): boolean => !NOT_TEXT.test(s);
/** Every such character of a string (replace() starts each search afresh). */
const EVERY_NOT_TEXT = new RegExp(NOT_TEXT.source, 'gu');

/**
 * Text read outside the guard (a field of a multipart upload, which its route reads) with each character
 * the guard would refuse made a space: what such a route stores, so every stored text keeps one rule.
 */
export const cleanText = (s: string): string => s.replace(EVERY_NOT_TEXT, ' ');

/** A pointer safe to echo: the refused characters of a key shown as U+FFFD. */
const shown = (pointer: string) => pointer.replace(EVERY_NOT_TEXT, '\ufffd');

/**
 * The JSON pointer of the first string (value or key) that is not allowed text, if any; TOO_DEEP when
 * the value nests deeper than MAX_DEPTH. Walks with its own stack, so no nesting can overflow the call stack.
 */
export function badTextAt(value: unknown, at = ''): string | typeof TOO_DEEP | undefined {
  const stack: [unknown, string, number][] = [[value, at, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isAllowedText(v)) return shown(path) || '/';
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
 * One rule for every route: text that is not well-formed Unicode or holds a control character
 * (isAllowedText; NUL among them, which PostgreSQL cannot store in text or jsonb) anywhere in a
 * request (body, query, path; keys as well as values) is refused here with a 400 naming where it is,
 * before any route or schema sees it, so nothing stores or echoes it; so is a request nested deeper
 * than MAX_DEPTH (10,000 levels overflowed a recursive walk: a 500). Multipart bodies are read by
 * their routes later and are not seen here: a file's bytes are not text.
 */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const at = badTextAt(value);
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
