import type { Finding } from './detectors';
import type { Visit } from './visit';

/** Slower than this to show its content on a warm server, a page fails the walk. */
export const SLOW_MS = 2000;

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Each path's visits judged together: its time is the median of its visits (the first of them loads
 * the page's code; a page is slow when it stays slow), the rest of its findings as seen.
 */
export function slowPages(visits: readonly Visit[]): Map<string, Finding> {
  const byPath = new Map<string, number[]>();
  for (const v of visits) byPath.set(v.path, [...(byPath.get(v.path) ?? []), v.ms]);
  const slow = new Map<string, Finding>();
  for (const [path, times] of byPath) {
    const m = median(times);
    if (m > SLOW_MS)
      slow.set(path, {
        kind: 'slow',
        detail: `content shown after a median ${fmt(m)} of ${times.length} visits (${times.map(fmt).join(', ')}), over ${SLOW_MS} ms`,
      });
  }
  return slow;
}

/**
 * The slow verdicts one visit decided: pages called slow though some visit showed them in time (two
 * visits, one of them on a busy machine), each with its slowest visit, to repeat it before judging.
 * A page slow in every visit is not in doubt.
 */
export function slowInDoubt(visits: readonly Visit[]): Visit[] {
  const slow = slowPages(visits);
  return [...slow.keys()].flatMap((path) => {
    const mine = visits.filter((v) => v.path === path);
    if (!mine.some((v) => v.ms <= SLOW_MS)) return [];
    return [mine.reduce((a, b) => (b.ms > a.ms ? b : a))];
  });
}

/**
 * The paths without an h1 in most of their visits: a page that has none fails in every pass, while one
 * read once between two states (a redirect under way) is no page's fault.
 */
export function headlessPages(visits: readonly Visit[]): Set<string> {
  const seen = new Map<string, { visits: number; without: number }>();
  for (const v of visits) {
    const s = seen.get(v.path) ?? { visits: 0, without: 0 };
    s.visits++;
    if (v.findings.some((f) => f.kind === 'no heading')) s.without++;
    seen.set(v.path, s);
  }
  return new Set([...seen].filter(([, s]) => s.without * 2 > s.visits).map(([path]) => path));
}

const fmt = (ms: number) => (ms === Infinity ? 'never' : `${Math.round(ms)} ms`);

/**
 * The walk's failure: every page with something wrong, each finding once with the passes (language and
 * width) it was seen in. Empty when every page passed.
 */
export function report(visits: readonly Visit[]): string {
  const lines = new Map<string, Map<string, Set<string>>>();
  const add = (path: string, f: Finding, pass: string) => {
    const page = lines.get(path) ?? new Map<string, Set<string>>();
    lines.set(path, page);
    const line = `${f.kind}: ${f.detail}`;
    page.set(line, (page.get(line) ?? new Set()).add(pass));
  };
  const headless = headlessPages(visits);
  for (const v of visits)
    for (const f of v.findings)
      if (f.kind !== 'no heading' || headless.has(v.path)) add(v.path, f, `${v.lang} ${v.width}`);
  for (const [path, f] of slowPages(visits)) add(path, f, 'all');
  if (lines.size === 0) return '';
  const paths = new Set(visits.map((v) => v.path)).size;
  const out = [`${lines.size} of ${paths} pages have something wrong:`];
  for (const [path, page] of lines) {
    const landed = visits.find((v) => v.path === path && v.landed !== path)?.landed;
    out.push(`${path}${landed ? ` (shows ${landed})` : ''}`);
    for (const [line, passes] of page) out.push(`  - ${line} [${[...passes].join('; ')}]`);
  }
  return out.join('\n');
}
