import { describe, expect, it } from 'vitest';
import { login, newContext, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('dashboard pages', () => {
  it('the dashboard and a transaction form build no date formatter: none of ICU’s time zone data on their first load', async () => {
    // (logged in once before, so the dashboard has a last login to write)
    const earlier = await newContext(env.browser, { language: 'id' });
    await login(earlier.page, env.server.baseUrl, PERSONAS.budi);
    await earlier.context.close();
    const { context, page, problems } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
      // every date formatter a page builds, by Intl or through Date's own toLocale*String
      await page.addInitScript(() => {
        const w = window as unknown as { dateFormatters: string[] };
        w.dateFormatters = [];
        const Original = Intl.DateTimeFormat;
        Intl.DateTimeFormat = new Proxy(Original, {
          construct: (target, args: ConstructorParameters<typeof Original>) => {
            w.dateFormatters.push(JSON.stringify(args));
            return new target(...args);
          },
        });
        for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
          const original = Date.prototype[name];
          Date.prototype[name] = function (this: Date, ...args: []) {
            w.dateFormatters.push(`Date.${name}`);
            return original.apply(this, args);
          };
        }
      });
      const formatters = () =>
        page.evaluate(() => (window as unknown as { dateFormatters: string[] }).dateFormatters);
      await page.goto(`${env.server.baseUrl}/dashboard/`);
      await page.getByTestId('section-accounts').waitFor();
      // (the login time, written by bank-time.ts's formatBankDay and formatBankTime)
      await expect(page.getByTestId('dashboard').textContent()).resolves.toMatch(
        /\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des) \d{4} \d\d\.\d\d WIB/,
      );
      await page.waitForTimeout(500);
      expect(await formatters()).toEqual([]);
      await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
      await page.locator('main form input').first().waitFor();
      await page.waitForTimeout(500);
      expect(await formatters()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('exchange rates: special rates asked again every 10 seconds, with the notice and the last update', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await page.clock.install();
      await login(page, env.server.baseUrl, PERSONAS.budi);
      let calls = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/exchangerate/v1/list')) calls += 1;
      });
      await page.getByTestId('action-exchangeRate').click();
      await page.waitForURL(/\/exchange-rate\/$/);
      await page.getByTestId('rates-special').waitFor();
      expect(await page.getByTestId('special-rate-notice').textContent()).toContain(
        'Special rates change every 10 seconds',
      );
      expect(await page.getByTestId('rates-updated').textContent()).toMatch(
        /^Last update: \d\d:\d\d:\d\d WIB$/,
      );
      expect(await page.getByTestId('rate-special-USD').textContent()).toMatch(
        /USD.*\d[\d,]*\.\d\d.*\d[\d,]*\.\d\d/,
      );
      await screenshot(page, 'exchange-rate-desktop-en');
      await expect.poll(() => calls).toBe(1);
      await page.clock.fastForward('00:10');
      await expect.poll(() => calls).toBe(2);
      await page.clock.fastForward('00:10');
      await expect.poll(() => calls).toBe(3);
    } finally {
      await context.close();
    }
  });

  for (const persona of ['budi', 'sari'] as const) {
    it(`renders on a phone (390x844) without horizontal overflow: ${persona}`, async () => {
      const { context, page, problems } = await newContext(env.browser, {
        language: 'id',
        viewport: 'mobile',
      });
      try {
        await page.goto(`${env.server.baseUrl}/login/`);
        await page.getByRole('heading', { name: 'Masuk' }).waitFor();
        if (persona === 'budi') await screenshot(page, 'login-mobile-id');
        await login(page, env.server.baseUrl, PERSONAS[persona]);
        await page.getByTestId('section-cards').waitFor();
        await screenshot(page, `dashboard-${persona}-mobile-id`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (persona === 'budi') {
          await page.goto(`${env.server.baseUrl}/exchange-rate/`);
          await page.getByTestId('rates-board').waitFor();
          await screenshot(page, 'exchange-rate-mobile-id');
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
        }
        expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
