import { describe, expect, it } from 'vitest';
import { login, newContext, PERSONAS, screenshot, serverAndBrowser, type ViewportName } from '../kit/browser';

const env = serverAndBrowser();

// The dashboard's demo banner: the page's largest paint, drawn from the HTML before the app has run.
const BANNER = 'maintenance-banner-dashboard-maintenance';

describe('a signed-in page is painted from its HTML frame, before the app has run (scripts/prerender-frame.ts)', () => {
  for (const viewport of ['mobile', 'desktop'] as const satisfies ViewportName[])
    it(`shows the frame and the page's banners with no script, and nothing moves when the app draws the page (${viewport})`, async () => {
      const { context, page, problems } = await newContext(env.browser, { language: 'en', viewport });
      // (the frame holds both screens' frames: the one shown is this screen's)
      const shown = (testId: string) => page.getByTestId(testId).filter({ visible: true });
      const bannerBox = async () => (await shown(BANNER).boundingBox())!;
      try {
        await login(page, env.server.baseUrl, PERSONAS.budi);
        await page.getByTestId(BANNER).waitFor();
        const drawn = await bannerBox();

        // No script at all: what a phone shows while the app's scripts are on their way.
        await page.route(/\.js$/, (r) => r.abort());
        await page.goto(`${env.server.baseUrl}/dashboard/`);
        const frame = page.locator('#root > [data-signed-in-frame][inert]');
        await frame.waitFor();
        await expect(shown(BANNER).locator('.MuiAlertTitle-root').textContent()).resolves.toBe(
          'Account information update',
        );
        // The screen's own frame only: a phone's menu button, or a desktop's left menu.
        const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
        expect(await menuButton.filter({ visible: true }).count()).toBe(viewport === 'mobile' ? 1 : 0);
        expect(await shown('left-menu').count()).toBe(viewport === 'desktop' ? 1 : 0);
        expect(await shown('logout').isDisabled()).toBe(true);
        // No page marked current: the frame stands for every page.
        expect(await frame.locator('[aria-current="page"]').count()).toBe(0);
        expect(await bannerBox()).toEqual(drawn);
        await screenshot(page, `signed-in-frame-${viewport}-en`);
        await page.unroute(/\.js$/);

        // With the app: the same banner where the HTML put it, the frame gone, the page there, and the
        // header on the page all along (the app replaces the frame with itself, never with nothing).
        await page.addInitScript(() => {
          const w = window as unknown as { headerless: number };
          w.headerless = 0;
          let painted = false;
          new MutationObserver(() => {
            const header = !!document.querySelector('#root header');
            if (painted && !header) w.headerless++;
            painted ||= header;
          }).observe(document, { childList: true, subtree: true });
        });
        await page.goto(`${env.server.baseUrl}/dashboard/`);
        await page.getByTestId('dashboard').waitFor();
        expect(await page.evaluate(() => (window as unknown as { headerless: number }).headerless)).toBe(0);
        expect(await page.locator('[inert]').count()).toBe(0);
        expect(await bannerBox()).toEqual(drawn);
        // (nothing but the aborted scripts went wrong: no CSP refusal of the frame's checks)
        expect(problems.filter((p) => !/ERR_FAILED/.test(p))).toEqual([]);
      } finally {
        await context.close();
      }
    });

  it("gives a transaction page its form's styles in the HTML: the app draws the form with them, inserting none again", async () => {
    // (the frame is drawn with the theme's motion: a customer who asked to reduce it gets other styles)
    const { context, page, problems } = await newContext(env.browser, {
      language: 'id',
      viewport: 'mobile',
      reducedMotion: 'no-preference',
    });
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
      const url = `${env.server.baseUrl}/payment/bpjs/inquiry/`;
      // the style names the HTML carries (emotion's `data-emotion="css name name"`)
      const html = await (await page.request.get(url)).text();
      const prerendered = new Set(
        [...html.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')),
      );
      await page.goto(url);
      await page.locator('main form input').first().waitFor();
      // the form's own style classes: its card, fields, inputs, helper text and button
      const used = await page.evaluate(() =>
        [...document.querySelectorAll('main form, main form *, main .MuiCard-root')]
          .flatMap((el) => [...el.classList])
          .filter((c) => /^css-[a-z0-9]+$/.test(c))
          .map((c) => c.slice(4)),
      );
      const formNames = [...new Set(used)];
      expect(formNames.length).toBeGreaterThan(5);
      // every one of them came with the HTML (a kind of field the sample form lacks would not)...
      const missing = formNames.filter((n) => !prerendered.has(n));
      expect(missing).toEqual([]);
      // ...and is in the page's style sheets at most once: adopted, not inserted again
      const counts = await page.evaluate((names) => {
        const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
        return names.map(
          (n) => rules.filter((r) => r instanceof CSSStyleRule && r.selectorText === `.css-${n}`).length,
        );
      }, formNames);
      // (a class may have no rule of its own, only nested ones)
      expect(formNames.filter((_, i) => counts[i]! > 1)).toEqual([]);
      expect(counts.filter((c) => c === 1).length).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a visitor with no session no frame at all, and the login page', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
    try {
      await page.route(/\.js$/, (r) => r.abort());
      await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
      await page.locator('#root > [data-signed-in-frame]').waitFor({ state: 'attached' });
      expect(await page.locator('#root > [data-signed-in-frame]').isVisible()).toBe(false);
      expect(await page.getByTestId('logout').filter({ visible: true }).count()).toBe(0);
      await page.unroute(/\.js$/);

      await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
      await page.waitForURL(/\/login\/$/);
      await page.locator('input[name="userId"]:not([disabled])').waitFor();
      expect(problems.filter((p) => !/ERR_FAILED/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
