// Proves a set-up change kept every assertion: `node --import tsx tests/kit/count-expects.ts <rev> [folder]`
// counts `expect(` per test file at <rev> and in the working tree, and lists each line holding an
// `expect(` that is gone (compared trimmed, as a multiset over the folder, so a moved line still counts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const [rev = 'HEAD', folder = 'tests'] = process.argv.slice(2);
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const isSource = (f: string) => /\.(ts|tsx)$/.test(f);

const before = new Map<string, string>();
for (const f of git('ls-tree', '-r', '--name-only', rev, '--', folder).split('\n').filter(isSource))
  before.set(f, git('show', `${rev}:${f}`));
const after = new Map<string, string>();
for (const f of git('ls-files', '--cached', '--others', '--exclude-standard', '--', folder)
  .split('\n')
  .filter(isSource))
  if (existsSync(f)) after.set(f, readFileSync(f, 'utf8'));

const count = (text = '') => text.split('expect(').length - 1;
const lines = (files: Map<string, string>) => {
  const m = new Map<string, number>();
  for (const text of files.values())
    for (const l of text.split('\n')) if (l.includes('expect(')) m.set(l.trim(), (m.get(l.trim()) ?? 0) + 1);
  return m;
};

let totalBefore = 0;
let totalAfter = 0;
const changed: string[] = [];
for (const f of new Set([...before.keys(), ...after.keys()])) {
  const b = count(before.get(f));
  const a = count(after.get(f));
  totalBefore += b;
  totalAfter += a;
  if (a !== b) changed.push(`${f}: ${b} -> ${a}`);
}
const gone: string[] = [];
const now = lines(after);
for (const [l, n] of lines(before)) {
  const left = n - (now.get(l) ?? 0);
  if (left > 0) gone.push(`${left}x ${l}`);
}
console.log(
  changed.length ? `files whose count changed:\n  ${changed.join('\n  ')}` : 'no file changed its count',
);
console.log(
  gone.length
    ? `lines with expect( gone or changed:\n  ${gone.join('\n  ')}`
    : 'every line with expect( is still there',
);
console.log(`expect( in ${folder}: ${totalBefore} at ${rev}, ${totalAfter} now`);
