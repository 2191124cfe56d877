import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signIn, newContext, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('my business', () => {
  it('shows the business, generates a merchant report, waits for it and downloads it (CSV and PDF)', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('menu-myBusiness').click();
      await page.waitForURL(/\/mybusiness\/$/);
      const merchant = page.getByTestId('merchant');
      await merchant.waitFor();
      expect(await merchant.locator('h2').textContent()).toBe('Kopi Santoso');
      expect(await page.getByTestId('merchant-gross').textContent()).toMatch(/^Rp\s?\d{1,3}(\.\d{3})+$/);
      expect(await page.getByTestId('merchant-sale').count()).toBe(8);
      await screenshot(page, 'mybusiness-desktop-id');

      await page.getByTestId('to-report').click();
      await page.waitForURL(/\/mybusiness\/merchant-report\/$/);
      // A period that ends in the future is refused in place.
      await page.getByTestId('report-to').fill('2099-01-01');
      await page.getByText('Tanggal akhir tidak boleh melewati hari ini.').waitFor();
      expect(await page.getByTestId('report-generate').isDisabled()).toBe(true);

      // Last 7 days as PDF: prepared, then downloaded.
      await page.getByTestId('preset-week').click();
      await page.getByTestId('report-generate').click();
      const report = page.getByTestId('report').first();
      await page.locator('[data-testid="report"][data-status="ready"]').first().waitFor();
      const pdfDownload = page.waitForEvent('download');
      await report.getByTestId('report-download').click();
      const pdf = await pdfDownload;
      expect(pdf.suggestedFilename()).toMatch(
        /^merchant-report-OCTO0082731-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.pdf$/,
      );
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await screenshot(page, 'merchant-report-desktop-id');

      // Last month as CSV: the rows a spreadsheet opens.
      await page.getByTestId('preset-last-month').click();
      await page.getByTestId('format-csv').click();
      await page.getByTestId('report-generate').click();
      await page.locator('[data-testid="report"][data-status="ready"]').nth(1).waitFor();
      const csvDownload = page.waitForEvent('download');
      await page.getByTestId('report').first().getByTestId('report-download').click();
      const csv = readFileSync((await (await csvDownload).path())!, 'utf8').replace(/^\ufeff/, '');
      expect(csv.split('\r\n')[0]).toBe(
        'Tanggal (WIB),Referensi,Kanal,Pembayar,Status,Nominal,Biaya (MDR),Bersih',
      );
      expect(csv.split('\r\n').length).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('looks right on a phone in English, and tells a customer without a business', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi, '/mybusiness/');
      await page.getByTestId('merchant').waitFor();
      await screenshot(page, 'mybusiness-mobile-en');
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(await wide()).toBe(false);
      await page.goto(`${env.server.baseUrl}/mybusiness/merchant-report/`);
      await page.getByTestId('report-generate').waitFor();
      await screenshot(page, 'merchant-report-mobile-en');
      expect(await wide()).toBe(false);
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login\/$/);
      await signIn(page, env.server.baseUrl, PERSONAS.rina, '/mybusiness/');
      expect(await page.getByTestId('business-none').textContent()).toContain(
        'You have no merchant registered with us.',
      );
    } finally {
      await context.close();
    }
  });
});
