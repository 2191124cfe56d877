import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { testChromium } from '../../../scripts/test-chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (its headless shell when installed), never a downloaded one. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: testChromium(), args: CHROMIUM_ARGS });
}

let shared: Promise<Browser> | undefined;
/**
 * This worker's Chromium (test files share modules per worker, vite.config.ts): launched by the first
 * file that asks, each file's pages in contexts of their own; Playwright ends it with the worker.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    launching.then(
      (b) => b.on('disconnected', () => shared === launching && (shared = undefined)),
      () => shared === launching && (shared = undefined),
    );
  }
  return shared;
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface ContextOptions {
  viewport?: ViewportName;
  /** 'en' or 'id'; stored as the app's language before any page script runs. */
  language?: 'en' | 'id';
  /** As every customer's system asks by default ('no-preference'), or to reduce motion (the tests' default). */
  reducedMotion?: 'reduce' | 'no-preference';
}

/**
 * A fresh context (own storage: a new browser id, no session). Page errors and failed console
 * messages are collected in `problems` so a test can assert the page ran clean.
 */
export async function newContext(
  browser: Browser,
  opts: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[opts.viewport ?? 'desktop'],
    locale: opts.language === 'en' ? 'en-GB' : 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // As a customer who asked their system to reduce motion: menus and dialogs open and close at once
    // (the theme's reduced motion), so no step waits for an animation. Storybook's run keeps motion.
    reducedMotion: opts.reducedMotion ?? 'reduce',
  });
  if (opts.language) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, opts.language);
  }
  // BROWSER_CPU_THROTTLE=6: a page as slow as on a loaded CI machine (Chromium's CPU throttling),
  // with its waits stretched alike; for hunting flaky steps, never set in CI.
  const throttle = Number(process.env.BROWSER_CPU_THROTTLE ?? 1);
  context.setDefaultTimeout(15_000 * throttle);
  const page = await context.newPage();
  if (throttle > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return { context, page, problems };
}

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * Saves a screenshot under test-results/screenshots/<name>.png and returns its path: the full page, or
 * the viewport only (`fullPage: false`) for a test that goes on after it with something open. A
 * full-page shot resizes Chromium's viewport for a moment (playwright#30149): a page that draws by
 * width (the phone's header under 900 px) may redraw, and what it held (a search typed) is gone.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * A test of a long session that fails leaves its evidence: a screenshot under
 * test-results/screenshots/failed-<test>.png, and the page's URL, the test ids it shows (a field's
 * with its value) and the problems seen, printed and added to the failure's message, so the summary
 * at the end of a CI log carries them where the screenshot is gone with the machine.
 */
export async function keepEvidence(
  page: Page | undefined,
  test: string,
  failure?: { message: string },
  problems: readonly string[] = [],
): Promise<void> {
  if (!page || page.isClosed()) return;
  const name = `failed-${test.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
  const shown = await page
    .evaluate(() =>
      [...document.querySelectorAll('[data-testid]')]
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => {
          const id = e.getAttribute('data-testid') ?? '';
          return e instanceof HTMLInputElement ? `${id}=${JSON.stringify(e.value)}` : id;
        })
        .slice(0, 80),
    )
    .catch(() => []);
  const file = await screenshot(page, name).catch(() => 'none');
  const evidence = `${test}: failed on ${page.url()}; shown: ${shown.join(' ')}; problems: ${
    problems.join(' | ') || 'none'
  }; screenshot: ${file}`;
  console.error(evidence);
  if (failure && typeof failure.message === 'string') failure.message += `\n[evidence] ${evidence}`;
}
