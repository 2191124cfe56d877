import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, newContext, PERSONAS, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

/** Every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** What the page's styles did: CssBaseline's body margin, and emotion's style elements and their nonce. */
function styled(page: Page) {
  return page.evaluate(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    const styles = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')];
    return {
      bodyMargin: getComputedStyle(document.body).margin,
      emotionStyles: styles.length,
      withPageNonce: styles.filter((s) => !!meta?.nonce && s.nonce === meta.nonce).length,
    };
  });
}

describe('styles under a CSP without unsafe-inline', () => {
  it('apply on the login page, the dashboard, a transaction, the microsite and the companion app, with no violation', async () => {
    const { context, page } = await newContext(env.browser);
    const violations = await watchViolations(page);
    try {
      const res = await page.goto(`${env.server.baseUrl}/login/`);
      const csp = (await res!.allHeaders())['content-security-policy'] ?? '';
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      await page.locator('input[name="userId"]').waitFor();
      const pages: Record<string, Awaited<ReturnType<typeof styled>>> = {};
      const found: string[] = [];
      // Each page's own report (a navigation starts a new one).
      const look = async (name: string) => {
        pages[name] = await styled(page);
        found.push(...(await violations()).map((v) => `${name}: ${v}`));
      };
      await look('login');

      await login(page, env.server.baseUrl, PERSONAS.budi);
      await page.waitForURL(/\/dashboard\/$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await look('dashboard');

      await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
      await page.locator('input[name="customerNumber"], #root_customerNumber').first().waitFor();
      await look('transaction');

      for (const [name, path] of [
        ['register', '/register/'],
        ['mobile', '/m/'],
      ] as const) {
        await page.goto(`${env.server.baseUrl}${path}`);
        await page.locator('button, input').first().waitFor();
        await look(name);
      }

      expect(found).toEqual([]);
      for (const [name, s] of Object.entries(pages)) {
        expect({ name, bodyMargin: s.bodyMargin }).toEqual({ name, bodyMargin: '0px' });
        expect(s.emotionStyles, name).toBeGreaterThan(0);
        expect(s.withPageNonce, name).toBe(s.emotionStyles);
      }
    } finally {
      await context.close();
    }
  });
});
