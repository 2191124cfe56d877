// `npm start`'s first step: builds the three apps only when what they are built from changed since
// the last build (or dist/ is missing or incomplete), so a second start serves at once. What they are
// built from: the browser code and its data (src/ but the server, flows/, schemas/, locales/,
// public/, the pages' HTML) and the build itself (vite.config.ts, the lockfile, the build scripts).
// A content hash, not modification times: a fresh clone, a checkout or a touch changes no stamp.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the last build's input hash is kept, beside what it built. */
const STAMP = path.join('dist', '.build-inputs');
const PAGES = ['index.html', 'register/index.html', 'm/index.html'];

const INPUT_DIRS = ['src', 'flows', 'schemas', 'locales', 'providers', 'lists', 'public', 'scripts/vite'];
const INPUT_FILES = [
  ...PAGES,
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/chunk-files.ts',
  'scripts/chunk-groups.ts',
  'scripts/compile-validators.ts',
  'scripts/page-preloads.ts',
  'scripts/precompress.ts',
  'scripts/prerender-frame.ts',
  'scripts/prerender-login.ts',
];
/** Not built into the apps, or written by the build itself. */
const IGNORED = [/^src\/server\//, /^src\/engine\/generated\//];

function filesUnder(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return (readdirSync(abs, { recursive: true }) as string[])
    .map((f) => path.posix.join(dir, String(f).split(path.sep).join('/')))
    .filter((f) => !IGNORED.some((re) => re.test(f)) && statSync(path.join(root, f)).isFile());
}

/** One hash of every input's path and content. */
export function inputsHash(root = ROOT): string {
  const files = [
    ...INPUT_DIRS.flatMap((d) => filesUnder(root, d)),
    ...INPUT_FILES.filter((f) => existsSync(path.join(root, f))),
  ];
  const hash = createHash('sha256');
  for (const f of files.sort()) {
    hash.update(`${f}\0`);
    hash.update(readFileSync(path.join(root, f)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ holds a complete build of exactly these inputs. */
export function buildIsCurrent(root = ROOT, hash = inputsHash(root)): boolean {
  const stamp = path.join(root, STAMP);
  return (
    PAGES.every((p) => existsSync(path.join(root, 'dist', p))) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === hash
  );
}

/** Records that dist/ was built from inputs of this hash. */
export function stampBuild(root: string, hash: string): void {
  writeFileSync(path.join(root, STAMP), `${hash}\n`);
}

/** Builds unless dist/ is current (or `force`); exits the process if the build fails. */
export function buildIfChanged(force = false, root = ROOT): void {
  const hash = inputsHash(root);
  if (buildIsCurrent(root, hash) && !force) {
    console.log('build: dist/ is up to date with the sources (scripts/build-if-changed.ts)');
    return;
  }
  console.log('build: the sources changed since the last build (or there is none): npm run build');
  const npm = process.env.npm_execpath;
  const run = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], {
        cwd: root,
        stdio: 'inherit',
        shell: process.platform === 'win32',
      });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // The hash of what was built (read before the build: an edit during it means a rebuild next time).
  stampBuild(root, hash);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildIfChanged(process.argv.includes('--force'));
}
