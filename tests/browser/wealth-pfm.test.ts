import { describe, expect, it } from 'vitest';
import { signIn, newContext, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('wealth and the financial planner', () => {
  it('shows the net worth by product and, in the planner, spending by month and the next 60 days', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('menu-wealth').click();
      await page.waitForURL(/\/dashboard\/wealth\/$/);
      expect(await page.getByTestId('net-worth').textContent()).toMatch(/^IDR [\d,]+(\.\d\d)?$/);
      const categories = await page
        .getByTestId('wealth-category')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-category')));
      expect(categories).toEqual([
        'casa',
        'deposits',
        'mutualFunds',
        'bonds',
        'gold',
        'creditCards',
        'loans',
      ]);
      await page.getByTestId('wealth-chart').locator('svg path').first().waitFor();
      await screenshot(page, 'wealth-desktop-en');

      await page.getByTestId('to-pfm').click();
      await page.waitForURL(/\/new-pfm\/$/);
      await page.getByTestId('forecast-chart').locator('svg path').first().waitFor();
      await page.getByTestId('spending-chart').locator('svg rect').first().waitFor();
      const kinds = new Set(
        await page
          .getByTestId('forecast-event')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
      );
      for (const k of ['income', 'bill', 'loan', 'card']) expect(kinds).toContain(k);
      await page.getByText('Salary').first().waitFor();
      expect(await page.getByTestId('forecast-lowest').textContent()).toMatch(
        /^Lowest projected balance: IDR /,
      );
      expect(await page.getByTestId('spending-category').count()).toBeGreaterThan(2);
      await screenshot(page, 'pfm-desktop-en');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads on a phone in Indonesian without overflowing', async () => {
    const { context, page } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      await page.goto(`${env.server.baseUrl}/dashboard/wealth/`);
      await page.getByTestId('net-worth').waitFor();
      expect(await page.getByText('Kekayaan bersih', { exact: true }).count()).toBe(1);
      await screenshot(page, 'wealth-mobile-id');
      // The header's search, mailbox, language and logout all fit beside the menu and logo.
      const logout = await page.getByTestId('logout').boundingBox();
      expect(logout!.x + logout!.width).toBeLessThanOrEqual(390);
      expect(await wide()).toBe(false);
      await page.goto(`${env.server.baseUrl}/new-pfm/`);
      await page.getByTestId('forecast-event').first().waitFor();
      await screenshot(page, 'pfm-mobile-id');
      expect(await wide()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
