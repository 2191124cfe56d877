import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUDI_PHONES,
  chooseOption,
  isCall,
  jsonOf,
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
} from '../kit/browser';

const env = serverAndBrowser();
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

const SOURCE = '800123456729';
const BENEFICIARY = '800123456837';

// A customer pays on a phone, downloads the receipt PDF and sends it; the merchant scans its QR code
// and, without logging in, sees that the bank booked it.
describe('receipt PDF with a public check', () => {
  it('downloads a PDF with the logo, every row and a check code whose page confirms the receipt', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi, '/transfer/inquiry/?type=same-bank');
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await page.locator('#root_beneficiaryAccountNo').fill(BENEFICIARY);
      await chooseOption(page, 'purpose', 'Keluarga');
      await page.locator('#root_amount').fill('125000');
      await page.locator('#root_message').fill('Sewa kamar Mei');
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/transfer\/verify\/\?type=same-bank$/);
      await page.getByTestId('otp-phones').waitFor();
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByTestId('otp-send').click();
      await page.getByTestId('otp-panel').waitFor();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<{ referenceNo: string }>(page.waitForResponse(isCall('confirm')));
      await page.getByTestId('otp-confirm').click();
      const { referenceNo } = await confirm;
      await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();

      const code = ((await page.getByTestId('receipt-check-code').textContent()) ?? '').replace(
        'Kode cek ',
        '',
      );
      expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await screenshot(page, 'receipt-phone-id');

      const download = page.waitForEvent('download');
      await page.getByTestId('receipt-pdf').click();
      mkdirSync(SHOTS, { recursive: true });
      const pdf = path.join(SHOTS, 'receipt-phone-id.pdf');
      await (await download).saveAs(pdf);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      for (const expected of [
        'OCTO',
        'Bukti transaksi',
        referenceNo,
        'Tujuan transaksi',
        'Keluarga',
        'Berita',
        'Sewa kamar Mei',
        'RINA KUSUMAWATI',
        'Rp 125.000',
        code,
      ])
        expect(text).toContain(expected);
      execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', pdf, path.join(SHOTS, 'receipt-pdf-id')]);

      // The merchant's phone: no session, the page the QR code opens.
      const merchant = await newContext(env.browser, { viewport: 'mobile' });
      try {
        await merchant.page.goto(`${env.server.baseUrl}/r/${code.replace('-', '')}`);
        const found = merchant.page.getByTestId('receipt-check-found');
        await found.waitFor();
        const shown = (await found.textContent()) ?? '';
        expect(shown).toContain('Bukti transaksi ini asli');
        expect(shown).toContain(referenceNo);
        expect(shown).toContain('Rp 125.000');
        expect(shown).toContain('R*** K*********');
        expect(shown).not.toContain(BENEFICIARY);
        await screenshot(merchant.page, 'receipt-check-phone-id');
        await merchant.page.getByRole('link', { name: 'English' }).click();
        await merchant.page.getByText('This receipt is genuine').waitFor();
        await screenshot(merchant.page, 'receipt-check-phone-en');
        expect(merchant.problems).toEqual([]);
      } finally {
        await merchant.context.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
