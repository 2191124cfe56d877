import { describe, expect, it } from 'vitest';
import { login, newContext, PERSONAS, serverAndBrowser } from './helpers';

const env = serverAndBrowser();

describe('Poin Xtra and my goals', () => {
  it("shows budisantoso's points, history, calculator and redeem form, then his goal's progress", async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
      await page.goto(`${env.server.baseUrl}/poinxtra/`);
      expect(await page.getByTestId('poinxtra-points').textContent()).toBe('65,000');
      await page.getByTestId('poinxtra-bonus').click();
      await page.getByText('Bonus points are off').waitFor();

      await page.getByTestId('poinxtra-history').click();
      await page.waitForURL(/\/poinxtra\/history\/$/);
      await page.getByTestId('poinxtra-movement').first().waitFor();
      expect(await page.getByTestId('poinxtra-movement').count()).toBeGreaterThan(4);

      await page.goto(`${env.server.baseUrl}/poinxtra/calculator/`);
      await page.getByTestId('calculator-points').fill('1000');
      expect(await page.getByTestId('calculator-cashback').textContent()).toBe('IDR 1,000');

      await page.goto(`${env.server.baseUrl}/poinxtra/redeem/`);
      await page.waitForURL(/\/poinxtra\/redeem\/inquiry\/$/);
      await page.getByText('Redeem for').first().waitFor();

      await page.goto(`${env.server.baseUrl}/dashboard/my-goal/`);
      await page.getByTestId('goal-item').first().click();
      await page.waitForURL(/\/my-goal\/detail\/\?id=\d+$/);
      expect(await page.getByTestId('goal-saved').textContent()).toBe('IDR 7,500,000');
      await page.getByTestId('goal-edit').click();
      await page.waitForURL(/\/my-goal\/edit\/inquiry\/\?goal=\d+$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
