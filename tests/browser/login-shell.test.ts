import { describe, expect, it } from 'vitest';
import { newContext, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('the login page is painted from its HTML, before the app has run (scripts/prerender-login.ts)', () => {
  it('shows the page in the stored language with no script, then the app replaces it and a choice of language sticks', async () => {
    const { context, page, problems } = await newContext(env.browser, { viewport: 'mobile' });
    try {
      // No script at all: what a phone shows while the app's script is still on its way.
      await page.route(/\.js$/, (r) => r.abort());
      await page.goto(`${env.server.baseUrl}/login/`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Masuk');
      expect(await page.locator('#root > div[inert] footer nav a').count()).toBe(4);
      expect(await page.locator('input[name="userId"]').isDisabled()).toBe(true);
      // Styled by its own style elements (CssBaseline's body margin, the brand's header colour).
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      expect(
        await page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor),
      ).not.toBe('rgba(0, 0, 0, 0)');
      await page.unroute(/\.js$/);

      // With the app: it renders over the prerendered page, which is gone; fields work.
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.locator('input[name="userId"]:not([disabled])').fill('budisantoso');
      expect(await page.locator('[inert]').count()).toBe(0);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.inputValue('input[name="userId"]')).toBe('budisantoso');

      // English chosen: the next visit's HTML is already in English.
      await page.getByTestId('lang-en').click();
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await page.route(/\.js$/, (r) => r.abort());
      await page.goto(`${env.server.baseUrl}/login/`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Log in');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await page.unroute(/\.js$/);
      // Nothing but the aborted scripts went wrong (no CSP violation, no error of the page).
      expect(problems.filter((p) => !/ERR_FAILED/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints the maintenance banners with the page, so nothing moves when the app draws it; one dismissed today stays out', async () => {
    const { context, page, problems } = await newContext(env.browser, { viewport: 'mobile' });
    const noScript = () => page.route(/\.js$/, (r) => r.abort());
    const heading = async () => (await page.locator('h1').boundingBox())!.y;
    try {
      await noScript();
      await page.goto(`${env.server.baseUrl}/login/`);
      const banner = page.getByTestId('maintenance-banner-login-maintenance');
      await expect(banner.locator('.MuiAlertTitle-root').textContent()).resolves.toBe(
        'Pemeliharaan sistem terjadwal',
      );
      const painted = await heading();
      await page.unroute(/\.js$/);

      // The app draws the same banner over it: the heading stays where the HTML put it.
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.locator('input[name="userId"]:not([disabled])').waitFor();
      await banner.waitFor();
      expect(await page.locator('[inert]').count()).toBe(0);
      expect(await heading()).toBe(painted);

      // Dismissed: the next visit's HTML leaves it out, before anything has run but its check.
      await banner.getByRole('button').click();
      await banner.waitFor({ state: 'detached' });
      const withoutBanner = await heading();
      expect(withoutBanner).toBeLessThan(painted);
      await noScript();
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.locator('h1').waitFor();
      expect(await page.getByTestId('maintenance-banners').count()).toBe(0);
      expect(await heading()).toBe(withoutBanner);
      // The check ran under the page's CSP (a refused inline script is a console error).
      expect(problems.filter((p) => !/ERR_FAILED/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
