import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Lang = 'id' | 'en';

/** Each language's namespaces as their files hold them: `{ en: { common: {...}, batch: {...} }, id: ... }`. */
export type Locales = Record<Lang, Record<string, unknown>>;

/** A text of one language a page of the other must not show: the key it is the value of. */
export interface ForeignText {
  key: string;
  /** The value itself, or for one with placeholders ({{name}}) a pattern of the whole text. */
  text: string;
  pattern?: RegExp;
}

/** What the walk's detectors read from the locales. */
export interface LocaleIndex {
  /** Every key as a page could show it unresolved: "batch:title.transfer" and "title.transfer". */
  keys: ReadonlySet<string>;
  /** By the page's language: the other language's texts that differ from this language's. */
  foreign: Record<Lang, readonly ForeignText[]>;
}

const LOCALES = path.resolve(import.meta.dirname, '../../../../locales');

/** The locale files of both languages (locales/<lang>/<namespace>.json). */
export function readLocales(dir = LOCALES): Locales {
  const read = (lang: Lang) =>
    Object.fromEntries(
      readdirSync(path.join(dir, lang))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(dir, lang, f), 'utf8')) as unknown]),
    );
  return { id: read('id'), en: read('en') };
}

/** "a.b.c" -> value, for every string of a namespace. */
export function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Shorter than this, a text says too little to be called the other language (ID, OK, Email). */
export const MIN_FOREIGN_LENGTH = 12;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The index the detectors use. A text counts as foreign to a language only when it is that other
 * language's value of a key whose two values differ, at least MIN_FOREIGN_LENGTH long, with two words or
 * more, and is no value at all of the page's own language (a brand or product name written alike in
 * both: "Poin Xtra", "BI-FAST"), nor one of `alike`: names the bank's data gives in one spelling for
 * both languages though a locale translates the same words (a product called "Rekening Ponsel").
 */
export function indexLocales(locales: Locales, alike: readonly string[] = []): LocaleIndex {
  const keys = new Set<string>();
  const flat = { id: new Map<string, string>(), en: new Map<string, string>() };
  for (const lang of ['id', 'en'] as const)
    for (const [ns, tree] of Object.entries(locales[lang]))
      for (const [key, text] of flatten(tree)) {
        const bare = key.replace(PLURAL, '');
        for (const k of new Set([key, bare])) {
          if (!k.includes('.')) {
            keys.add(`${ns}:${k}`);
            continue;
          }
          keys.add(k);
          keys.add(`${ns}:${k}`);
        }
        flat[lang].set(`${ns}:${key}`, squash(text));
      }
  const foreignTo = (page: Lang): ForeignText[] => {
    const other: Lang = page === 'id' ? 'en' : 'id';
    const own = new Set([...flat[page].values(), ...alike]);
    const out: ForeignText[] = [];
    for (const [key, text] of flat[other]) {
      if (flat[page].get(key) === text || own.has(text)) continue;
      const fixed = text.replace(/\{\{[^}]*\}\}/g, '').trim();
      if (fixed.length < MIN_FOREIGN_LENGTH || !/\S\s+\S/.test(fixed) || !/\p{L}/u.test(fixed)) continue;
      if (fixed.length === text.length) out.push({ key, text });
      else out.push({ key, text, pattern: placeholderPattern(text) });
    }
    return out;
  };
  return { keys, foreign: { id: foreignTo('id'), en: foreignTo('en') } };
}

/** "Hello {{name}}, welcome" -> /^Hello .+, welcome$/ */
function placeholderPattern(text: string): RegExp {
  const parts = text.split(/\{\{[^}]*\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`, 's');
}
