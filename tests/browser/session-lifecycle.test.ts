import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, newContext, openInApp, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('session lifecycle in the browser', () => {
  it('the language switch survives a reload, before and after login', async () => {
    const { context, page } = await newContext(env.browser); // no stored language: Indonesian by default
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.getByRole('heading', { name: 'Masuk' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
      await page.getByTestId('lang-en').click();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      await login(page, env.server.baseUrl, PERSONAS.budi);
      await expect.poll(() => page.getByTestId('dashboard-greeting').textContent()).toMatch(/^Good /);
      await page.getByTestId('lang-id').click();
      await expect.poll(() => page.getByTestId('dashboard-greeting').textContent()).toMatch(/^Selamat /);
      await page.reload();
      // the session (sessionStorage) and the language (localStorage) both survive
      await expect
        .poll(() => page.getByTestId('dashboard-greeting').textContent())
        .toMatch(/^Selamat .*Mr\. Budi/);
      expect(await page.getByTestId('section-accounts').textContent()).toContain('Rp ');
    } finally {
      await context.close();
    }
  });

  it("the idle prompt appears before the 5-minute limit and 'Yes, I'm still here' keeps the session", async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await page.clock.install();
      await login(page, env.server.baseUrl, PERSONAS.budi);
      const dialog = page.getByTestId('idle-dialog');
      await page.clock.fastForward('03:50');
      expect(await dialog.count()).toBe(0);
      await page.clock.fastForward('00:15');
      await dialog.waitFor();
      expect(await page.getByTestId('idle-countdown').textContent()).toMatch(/\d+/);
      await screenshot(page, 'session-idle-prompt-desktop-en');
      const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/session/refresh'));
      await page.getByTestId('idle-stay').click();
      expect((await refreshed).status()).toBe(200);
      await dialog.waitFor({ state: 'detached' });
      // the timer started again: nothing 3 minutes later, still on the dashboard with a live session
      await page.clock.fastForward('03:00');
      expect(await dialog.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/dashboard/');
      const me = await page.evaluate(async () => {
        const c = JSON.parse(sessionStorage.getItem('credentials') ?? '{}') as { accessToken?: string };
        const r = await fetch('/api/v1/session/me', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${c.accessToken}`,
            'x-browser-id': localStorage.getItem('browserId') ?? '',
          },
          body: '{}',
        });
        return r.status;
      });
      expect(me).toBe(200);
      // left alone past the limit: logged out to the login page with the time-out notice
      await page.clock.fastForward('01:10');
      await dialog.waitFor();
      await page.clock.fastForward('01:05');
      await page.waitForURL(/\/login\/$/);
      await page.getByTestId('session-expired').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a page that lost the answer bringing its new token (a navigation aborted it) stays signed in', async () => {
    // Seen in the walk of every page: a signed-in customer sent to /login/ minutes in, with 401s.
    const { context, page } = await newContext(env.browser, { language: 'en' });
    const heldToken = (p: Page) =>
      p.evaluate(
        () =>
          (JSON.parse(sessionStorage.getItem('credentials') ?? '{}') as { accessToken?: string }).accessToken,
      );
    /** Time passes for the token held: it was issued, and any token it replaced ended, `s` seconds earlier. */
    const age = async (s: number) => {
      const hash = createHash('sha256')
        .update((await heldToken(page))!)
        .digest('hex');
      await env.server.db.query(
        `UPDATE sessions SET token_issued_at = token_issued_at - $2::int * interval '1 second',
                previous_valid_until = previous_valid_until - $2::int * interval '1 second'
          WHERE token_hash = $1 OR previous_token_hash = $1`,
        [hash, s],
      );
    };
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('dashboard-greeting').waitFor();
      const before = await heldToken(page);
      await age(31);
      // The server rotates on one of the next calls; the browser sees none of their answers until it has.
      let rotated = false;
      await page.route('**/api/**', async (route) => {
        if (route.request().method() !== 'POST' || rotated) return route.continue();
        const answer = await route.fetch();
        if (answer.headers()['access_token'] !== before) rotated = true;
        await route.abort('aborted');
      });
      await openInApp(page, '/myaccount/');
      await expect.poll(() => rotated).toBe(true);
      await page.unrouteAll({ behavior: 'wait' });
      // The page's next call, still with the old token, brings the new one.
      await openInApp(page, '/dashboard/');
      await page.getByTestId('dashboard-greeting').waitFor();
      await expect.poll(() => heldToken(page)).not.toBe(before);
      // Long after the old token's grace window, the customer is still signed in.
      await age(120);
      const unauthorized: string[] = [];
      page.on('response', (r) => r.status() === 401 && unauthorized.push(r.url()));
      const answered = page.waitForResponse(
        (r) => r.url().includes('/api/') && r.request().method() === 'POST',
      );
      await openInApp(page, '/myaccount/');
      expect((await answered).status()).toBe(200);
      await openInApp(page, '/dashboard/');
      await page.getByTestId('dashboard-greeting').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/');
      expect(unauthorized).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("logout returns to login with the server's message, and the session is gone", async () => {
    const { context, page } = await newContext(env.browser, { language: 'id' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.sari);
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login\/$/);
      const msg = page.getByTestId('logout-message');
      await msg.waitFor();
      expect(await msg.textContent()).toBe(
        'Anda telah berhasil keluar. Terima kasih telah menggunakan layanan kami.',
      );
      await screenshot(page, 'login-after-logout-desktop-id');
      expect(await page.evaluate(() => sessionStorage.getItem('credentials'))).toBeNull();
      // shown once: a reload does not repeat it
      await page.reload();
      await page.getByRole('heading', { name: 'Masuk' }).waitFor();
      expect(await msg.count()).toBe(0);
      // and the dashboard now needs a login again
      await page.goto(`${env.server.baseUrl}/dashboard/`);
      await page.waitForURL(/\/login\/$/);
    } finally {
      await context.close();
    }
  });
});
