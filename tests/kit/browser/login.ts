import type { Page } from 'playwright-core';
import type { Persona } from '../personas';
import { answeredCredentials } from '../../../src/shared/api/rotated-token';
import { BROWSER_ID, CREDENTIALS } from '../../../src/shared/api/session-store';

export { PERSONAS, type Persona } from '../personas';

/**
 * Fills the login page up to the password: user id, Next, waits for the secure word.
 * Works in either language (it uses field names and test ids, not texts).
 */
export async function enterUserId(page: Page, baseUrl: string, persona: Persona): Promise<string> {
  if (!page.url().includes('/login/')) await page.goto(`${baseUrl}/login/`);
  await page.locator('input[name="userId"]').fill(persona.userId);
  await page.locator('form button[type="submit"]').click();
  const word = page.getByTestId('secure-word');
  await word.waitFor();
  return (await word.textContent()) ?? '';
}

/** Logs in through the real login page and waits for the dashboard (no challenge expected). */
export async function login(page: Page, baseUrl: string, persona: Persona): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await enterUserId(page, baseUrl, persona);
  await page.locator('input[name="password"]').fill(persona.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/dashboard\/$/);
  await page.getByTestId('dashboard').waitFor();
}

/** A blank document of the server's origin (answered by Playwright, not the server) to sign in from. */
const BLANK = '/__sign-in__';

/**
 * Signs in as the login page does, without drawing it, for tests whose subject is not the login page
 * (those use login()): the same calls (secure word, then password) from the page's own browser (its
 * browser id, address and agent), the session kept where the app keeps it (sessionStorage), then the
 * dashboard (or the page `to`) opened afresh. A login page drawn and filled cost about a second of
 * Chromium's CPU each time, some sixty times a run.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  persona: Persona,
  to = '/dashboard/',
): Promise<void> {
  const blank = `${baseUrl}${BLANK}`;
  await page.route(blank, (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>-</title>' }),
  );
  await page.goto(blank);
  await page.unroute(blank);
  const answer = await page.evaluate(
    async ({ userId, password, browserIdKey }) => {
      let browserId = localStorage.getItem(browserIdKey);
      if (!browserId) localStorage.setItem(browserIdKey, (browserId = crypto.randomUUID()));
      // (no function declared in here: a bundler's name helper would not exist in the page)
      const headers = { 'content-type': 'application/json', 'x-browser-id': browserId };
      const word = await fetch('/api/v1/login/secureword', {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId }),
      });
      if (!word.ok) return { refused: `secure word: ${word.status} ${await word.text()}` };
      const res = await fetch('/api/v1/login', {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId, password }),
      });
      const body = (await res.json()) as { status?: string };
      if (!res.ok || body.status !== 'ok') return { refused: `login: ${res.status} ${JSON.stringify(body)}` };
      return { accessToken: res.headers.get('access_token'), expires: res.headers.get('expires') };
    },
    { userId: persona.userId, password: persona.password, browserIdKey: BROWSER_ID },
  );
  // The credentials as the web client reads them from a login's answer, kept where it keeps them.
  const credentials = answeredCredentials(undefined, undefined, (name) =>
    name === 'access_token' ? answer.accessToken : answer.expires,
  );
  if (!credentials) throw new Error(`signIn(${persona.userId}) refused: ${answer.refused ?? 'no token'}`);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    CREDENTIALS,
    JSON.stringify(credentials),
  ] as const);
  // Straight to the page a test is about (each page drawn afresh costs Chromium about half a second);
  // the test waits for what it shows.
  await page.goto(`${baseUrl}${to}`);
  if (to === '/dashboard/') await page.getByTestId('dashboard').waitFor();
}
