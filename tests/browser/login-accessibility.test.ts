import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, PERSONAS, VIEWPORTS, serverAndBrowser } from '../kit/browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const env = serverAndBrowser();

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/** Serious and critical axe-core violations of the page as it stands (WCAG 2.1 A and AA rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the login area and the dashboard (axe-core)', () => {
  it('login steps, forgot password, the dashboard and exchange rates have no serious violations', async () => {
    // axe is injected as a script: this context alone skips the CSP that would refuse it
    const context = await env.browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.locator('input[name="userId"]').waitFor();
      const found: Record<string, string[]> = {};
      found.login = await seriousViolations(page);
      await page.locator('input[name="userId"]').fill(PERSONAS.budi.userId);
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('secure-word').waitFor();
      found.secureWord = await seriousViolations(page);
      await page.goto(`${env.server.baseUrl}/login/forgot-password/credentials/`);
      await page.locator('input[name="atmPin"]').waitFor();
      found.forgot = await seriousViolations(page);
      await login(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('section-accounts').waitFor();
      found.dashboard = await seriousViolations(page);
      await page.goto(`${env.server.baseUrl}/exchange-rate/`);
      await page.getByTestId('rates-board').waitFor();
      found.rates = await seriousViolations(page);
      expect(found).toEqual({ login: [], secureWord: [], forgot: [], dashboard: [], rates: [] });
    } finally {
      await context.close();
    }
  });
});
