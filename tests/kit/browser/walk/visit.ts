import type { Page } from 'playwright-core';
import { inspect, type Finding } from './detectors';
import type { Lang, LocaleIndex } from './locale-index';
import { LEVEL_ONE_HEADING, snapshotOf } from './page-snapshot';

/** A page walked: where it ended, how long its content took, what was wrong. */
export interface Visit {
  path: string;
  lang: Lang;
  width: number;
  /** The path shown at the end (a redirect's target). */
  landed: string;
  /** How it was opened: afresh as from outside, or through the app's link. */
  how?: 'link' | 'load';
  /** From the navigation to the page's content shown (ms); Infinity when it never showed. */
  ms: number;
  findings: Finding[];
  /** Where the visit's time went (ms): opening it until its calls were answered, reading it. */
  spent: { open: number; read: number };
}

/** The page's own record of what went wrong while a visit lasted. */
export interface PageWatch {
  problems: string[];
  responses: string[];
}

/**
 * Watches a page for the walk: console errors and page errors (newContext collects them into
 * `problems` already: pass that array), every 4xx/5xx answer; and counts in the page the API calls
 * still unanswered (`walkCalls`; an event stream counts until its answer starts, as any call).
 */
export async function watchPage(page: Page, problems: string[]): Promise<PageWatch> {
  const watch: PageWatch = { problems, responses: [] };
  page.on('response', (r) => {
    if (r.status() >= 400)
      watch.responses.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { walkCalls: number };
    w.walkCalls = 0;
    const original = window.fetch;
    window.fetch = (...args: Parameters<typeof fetch>) => {
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (!url.includes('/api/')) return original(...args);
      w.walkCalls++;
      const answered = original(...args);
      answered.then(
        () => w.walkCalls--,
        () => w.walkCalls--,
      );
      return answered;
    };
  });
  return watch;
}

/**
 * Goes to `path` as the app's links do (the session and the loaded code stay), or loads it afresh
 * (`how: 'load'`, as a link from outside opens it), and times it: from the navigation to the page's
 * content shown, in the page's own clock. Shown means: text or a frame in main (or an open dialog),
 * no indeterminate spinner or skeleton there, and main changed from the page before (or, for a page
 * that draws as the one before it, unchanged for a second). It returns once the page's calls are
 * answered too (none open for 60 ms) and its level-one heading is drawn: what they bring is drawn
 * before the page is read.
 */
export async function openTimed(
  page: Page,
  path: string,
  timeoutMs: number,
  how: 'link' | 'load' = 'link',
): Promise<number> {
  if (how === 'load') await page.goto(path, { waitUntil: 'commit' });
  await page.evaluate(
    ([to, link]) => {
      const w = window as unknown as { walkStart: number; walkBefore: string; walkShown?: number };
      const main = document.querySelector('main') as HTMLElement | null;
      const dialog = document.querySelector('[role="dialog"]') as HTMLElement | null;
      w.walkBefore = link ? (main?.innerText ?? '') + (dialog?.innerText ?? '') : '';
      w.walkShown = undefined;
      w.walkStart = link ? performance.now() : 0;
      if (!link) return;
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    [path, how === 'link'] as const,
  );
  try {
    const shown = await page.waitForFunction(
      (headings) => {
        const w = window as unknown as {
          walkStart: number;
          walkBefore: string;
          walkShown?: number;
          walkCalls?: number;
          walkQuiet?: number;
        };
        const now = performance.now();
        if (w.walkShown === undefined) {
          const main = document.querySelector('main');
          const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
            d.checkVisibility(),
          );
          const parts = [main, dialog].filter((e): e is HTMLElement => !!e);
          const busy = parts.some((p) =>
            [
              ...p.querySelectorAll(
                '.MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate, .MuiSkeleton-root',
              ),
            ].some((e) => (e as HTMLElement).checkVisibility()),
          );
          const text = parts.map((p) => p.innerText).join('');
          const frame = [...(main?.querySelectorAll('iframe') ?? [])].some((f) => f.checkVisibility());
          if (busy || (!text.trim() && !frame)) return false;
          if (text === w.walkBefore && now - w.walkStart < 1000) return false;
          w.walkShown = now - w.walkStart;
        }
        // Settled: no call open, and the page's level-one heading drawn. What shows first may be only
        // the shell's part of main (a maintenance banner) while a redirect's page still loads its code,
        // which no call counts (CI read two such pages before they drew, on a loaded machine).
        const headed = [...document.querySelectorAll(headings)].some((h) =>
          (h as HTMLElement).checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
        );
        if ((w.walkCalls ?? 0) > 0 || !headed) w.walkQuiet = undefined;
        else w.walkQuiet ??= now;
        // (the content's time counts; the wait for its last calls and its heading is capped: a page
        // without a heading is read after 3 s, and the walk says so)
        return (w.walkQuiet !== undefined && now - w.walkQuiet >= 60) ||
          now - w.walkStart - w.walkShown > 3000
          ? w.walkShown
          : false;
      },
      LEVEL_ONE_HEADING,
      { timeout: timeoutMs, polling: 'raf' },
    );
    return (await shown.jsonValue()) as number;
  } catch {
    return Infinity;
  }
}

/** Waits until no API call of the page is open for `quietMs` (at most `maxMs`): late content drawn too. */
export async function settle(page: Page, quietMs = 60, maxMs = 3000): Promise<void> {
  await page
    .waitForFunction(
      (quiet) => {
        const w = window as unknown as { walkCalls?: number; walkSettled?: number };
        if ((w.walkCalls ?? 0) > 0) w.walkSettled = undefined;
        else w.walkSettled ??= performance.now();
        return w.walkSettled !== undefined && performance.now() - w.walkSettled >= quiet;
      },
      quietMs,
      { timeout: maxMs, polling: 'raf' },
    )
    .catch(() => undefined);
}

/** Expected 4xx/5xx answers: a call that asks whether something exists, by design (with the reason). */
export type Expected = (response: string, path: string) => boolean;

let moves = 0;
/** Past this, a visit's content is taken never to show. */
const NEVER_MS = 20_000;

/**
 * A dialog the page opened is answered before going on, as a customer does (Escape, else its last
 * button): it would stay over the next page the walk opens through a link.
 */
export async function dismissDialogs(page: Page): Promise<void> {
  const dialog = page.locator('[role="dialog"]:visible');
  if (!(await dialog.count())) return;
  await page.keyboard.press('Escape');
  if (await dialog.count()) await dialog.last().locator('button').last().click({ timeout: 2000 });
  await dialog
    .first()
    .waitFor({ state: 'hidden', timeout: 2000 })
    .catch(() => undefined);
}

/**
 * The failures a visit saw, minus the expected ones; Chromium logs every failed call as an error, so
 * an expected call's line is no fault of the page either.
 */
export function failuresOf(
  watch: PageWatch,
  since: { problems: number; responses: number },
  path: string,
  expected?: Expected,
): Finding[] {
  const failed = watch.responses.slice(since.responses);
  const unexpected = failed.filter((r) => !expected?.(r, path));
  let excused = failed.length - unexpected.length;
  const findings: Finding[] = [];
  for (const p of watch.problems.slice(since.problems)) {
    if (excused > 0 && /Failed to load resource: the server responded with a status of [45]\d\d/.test(p)) {
      excused--;
      continue;
    }
    findings.push({ kind: 'console error', detail: p });
  }
  for (const r of unexpected) findings.push({ kind: 'unexpected response', detail: r });
  return findings;
}

/**
 * One page of the walk: opened, timed, its calls answered, read; its console errors, page errors and
 * unexpected failed calls counted with what the detectors find.
 */
export async function visit(
  page: Page,
  watch: PageWatch,
  path: string,
  at: {
    lang: Lang;
    width: number;
    index: LocaleIndex;
    expected?: Expected;
    how?: 'link' | 'load';
    baseUrl?: string;
  },
): Promise<Visit> {
  const since = { problems: watch.problems.length, responses: watch.responses.length };
  // A customer's move now and then (somewhere else, or no event fires): keeps the idle logout away.
  if (++moves % 20 === 0) await page.mouse.move(5 + ((moves / 20) % 40), 300);
  const t0 = Date.now();
  // (a page is slow on the median of its visits: one visit waits long before it is called "never")
  const ms = await openTimed(page, at.how === 'load' ? `${at.baseUrl}${path}` : path, NEVER_MS, at.how);
  const t1 = Date.now();
  const findings = inspect(await snapshotOf(page), at.lang, at.index, at.width < 600);
  await dismissDialogs(page);
  const spent = { open: t1 - t0, read: Date.now() - t1 };
  findings.push(...failuresOf(watch, since, path, at.expected));
  if (ms === Infinity)
    findings.push({ kind: 'slow', detail: `its content never showed within ${NEVER_MS / 1000} s` });
  const landed = new URL(page.url()).pathname;
  return { path, lang: at.lang, width: at.width, landed, how: at.how ?? 'link', ms, findings, spent };
}
