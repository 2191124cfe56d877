// Fails when a key exists in one language and not the other, a string is empty, or a text is written
// in the wrong language or in both at once ("Isi ulang pulsa / Mobile top-up", "Secure word" in the
// Indonesian file): in the locale files and in the servers' bilingual texts (titleIdn / messageEng ...).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const langs = ['en', 'id'] as const;
type Lang = (typeof langs)[number];

// Words that give a text's language away. Words both languages use in banking (transfer, login,
// password, PIN, OTP, mobile, online, internet banking, e-mail, top up) are in neither list.
const MARKERS: Record<Lang, Set<string>> = {
  en: new Set(
    (
      'the and your you please with from for this that are is not was were have has will can cannot ' +
      'account accounts number word secure opening deposit payment balance amount transaction ' +
      'transactions try again enter choose select save cancel close back next send phone settings ' +
      'successful failed date today yesterday month year salary interest loan bill incoming own ' +
      'purchase redeemed initial placement disbursement installment top-up'
    ).split(' '),
  ),
  id: new Set(
    (
      'dan yang untuk dengan tidak anda silakan rekening nomor kata aman setoran awal pembayaran ' +
      'tagihan saldo berhasil gagal sedang diproses tanggal bulan tahun hari ini dari pada akan ' +
      'sudah belum atau harus masukkan pilih simpan batal tutup kembali lanjut kirim kode gaji ' +
      'bunga pinjaman pulsa ulang beli tukar pembelian penempatan pencairan angsuran masuk sendiri'
    ).split(' '),
  ),
};
const other = (l: Lang): Lang => (l === 'en' ? 'id' : 'en');

/** The markers of a language found in a text (lower case, whole words, {{placeholders}} left out). */
function markers(text: string, lang: Lang): string[] {
  const words = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .toLowerCase()
    .split(/[^a-z\u00c0-\u024f-]+/)
    .filter(Boolean);
  return [...new Set(words.filter((w) => MARKERS[lang].has(w)))];
}

/**
 * Why a text meant to be in `lang` is not, or undefined: two sides joined by " / " in different
 * languages, or two or more words of the other language and none of its own.
 */
export function languageProblem(text: string, lang: Lang): string | undefined {
  const sides = text.split(' / ');
  if (sides.length > 1) {
    const of = sides.map((s) => (markers(s, 'id').length > markers(s, 'en').length ? 'id' : 'en'));
    const known = sides.filter((s) => markers(s, 'id').length + markers(s, 'en').length > 0);
    if (known.length > 1 && new Set(of).size > 1) return 'is written in two languages at once';
  }
  const foreign = markers(text, other(lang));
  if (foreign.length >= 2 && markers(text, lang).length === 0)
    return `reads as ${other(lang) === 'en' ? 'English' : 'Indonesian'} (${foreign.join(', ')})`;
  if (foreign.length >= 3 && foreign.length > markers(text, lang).length * 2)
    return `mixes in ${other(lang) === 'en' ? 'English' : 'Indonesian'} (${foreign.join(', ')})`;
  return undefined;
}

function flatten(obj: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, obj);
  return out;
}

/** Every problem of the locale folder (`<root>/<lang>/<namespace>.json`). */
export function checkLocales(root: string): { problems: string[]; namespaces: number; keys: number } {
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
      for (const [key, value] of maps[i]!) {
        if (!maps[1 - i]!.has(key))
          problems.push(`locales/${other(lang)}/${ns}: missing key "${key}" (present in ${lang})`);
        if (typeof value !== 'string' || value.trim() === '') {
          problems.push(`locales/${lang}/${ns}: key "${key}" must be a non-empty string`);
          continue;
        }
        // The two files' texts may be the same (a brand, "Status"); an English text copied into the
        // Indonesian file is not, and is judged there.
        if (value === maps[1 - i]!.get(key) && lang === 'en') continue;
        const why = languageProblem(value, lang);
        if (why) problems.push(`locales/${lang}/${ns}: "${key}" ${why}: "${value}"`);
      }
    }
    keys += maps[0]!.size;
  }
  return { problems, namespaces: namespaces.size, keys };
}

/** The servers' bilingual texts (`titleIdn: '...'`, `messageEng: '...'`) in TypeScript sources. */
export function checkSourceTexts(files: string[], rel: (f: string) => string = (f) => f): string[] {
  const problems: string[] = [];
  const field = /\b(\w*?)(Idn|Eng)\s*:\s*'((?:[^'\\]|\\.)*)'/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(field)) {
      const lang: Lang = m[2] === 'Idn' ? 'id' : 'en';
      const why = languageProblem(m[3]!, lang);
      if (why) problems.push(`${rel(file)}: ${m[1]}${m[2]} ${why}: "${m[3]}"`);
    }
  }
  return problems;
}

function sources(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') || f.endsWith('.tsx'))
    .map((f) => path.join(dir, f));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(import.meta.dirname, '..');
  const { problems, namespaces, keys } = checkLocales(path.join(repo, 'locales'));
  problems.push(
    ...checkSourceTexts(
      [...sources(path.join(repo, 'src', 'server')), ...sources(path.join(repo, 'src', 'shared'))],
      (f) => path.relative(repo, f),
    ),
  );
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`\ni18n check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(
    `i18n check: ${namespaces} namespaces, ${keys} keys, English and Indonesian complete, each in its own language`,
  );
}
