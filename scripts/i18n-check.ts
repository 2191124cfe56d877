// Fails when a key exists in one language and not the other, or a string is empty.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'locales');
const langs = ['en', 'id'] as const;

function flatten(obj: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, obj);
  return out;
}

const problems: string[] = [];
const namespaces = new Set(
  langs.flatMap((l) => readdirSync(path.join(root, l)).filter((f) => f.endsWith('.json'))),
);
let keys = 0;
for (const ns of [...namespaces].sort()) {
  const maps = langs.map((l) => {
    try {
      return flatten(JSON.parse(readFileSync(path.join(root, l, ns), 'utf8')));
    } catch (err) {
      problems.push(`locales/${l}/${ns}: ${(err as Error).message}`);
      return new Map<string, unknown>();
    }
  });
  for (const [i, lang] of langs.entries()) {
    const other = langs[1 - i]!;
    for (const [key, value] of maps[i]!) {
      if (!maps[1 - i]!.has(key))
        problems.push(`locales/${other}/${ns}: missing key "${key}" (present in ${lang})`);
      if (typeof value !== 'string' || value.trim() === '')
        problems.push(`locales/${lang}/${ns}: key "${key}" must be a non-empty string`);
    }
  }
  keys += maps[0]!.size;
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\ni18n check: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`i18n check: ${namespaces.size} namespaces, ${keys} keys, English and Indonesian complete`);
