import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  BUDI_PHONES,
  chooseOption,
  isCall,
} from '../kit/browser';

const env = serverAndBrowser();

const SOURCE = '800123456701';

/** A BPJS bill paid from SOURCE with an OTP, up to its receipt (the page is in Indonesian). */
async function payBpjs(page: Page, customerNumber: string, prefilled = false) {
  if (!prefilled) {
    await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
    await page.getByTestId('inquiry-view').waitFor();
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.locator('#root_customerNumber').fill(customerNumber);
  }
  await page.getByTestId('inquiry-submit').click();
  await page.waitForURL(/\/payment\/bpjs\/verify\/$/);
  await page.getByRole('radio', { name: /7890$/ }).check();
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Kirim kode' }).click();
  await page.getByTestId('otp-panel').waitFor();
  await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
  const confirmCall = page.waitForResponse(isCall('confirm'));
  await page.locator('[data-testid="otp-confirm"]:not([disabled])').click();
  expect((await confirmCall).status()).toBe(200);
  await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
}

/** Saves the receipt's transaction as a favourite under `name`; returns the name the dialog offered. */
async function saveAs(page: Page, name: string): Promise<string> {
  await page.getByTestId('receipt-favourite').click();
  const dialog = page.getByTestId('save-favourite-dialog');
  const field = dialog.getByRole('textbox', { name: 'Nama favorit' });
  await field.waitFor();
  const offered = await field.inputValue();
  await field.fill(name);
  await dialog.getByTestId('save-favourite-confirm').click();
  return offered;
}

describe('favourites', () => {
  it('saves a paid bill under a name of its own, starts it again filled in from My Favorites, renames and deletes it', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);

      // The first bill: the dialog offers the biller and the number; the customer names it.
      await payBpjs(page, '8888801234567');
      expect(await saveAs(page, 'BPJS Ibu')).toBe('BPJS Kesehatan 8888801234567');
      await page.getByTestId('save-favourite-dialog').waitFor({ state: 'detached' });
      const saved = page.getByTestId('receipt-favourite');
      expect(await saved.textContent()).toBe('Tersimpan sebagai favorit');
      expect(await saved.isDisabled()).toBe(true);

      // A second bill of the same biller (saving it used to fail: every favourite of a flow was
      // named after the flow). The name taken is said in the dialog, which stays open.
      await payBpjs(page, '8888809876543');
      await saveAs(page, 'BPJS Ibu');
      const dialog = page.getByTestId('save-favourite-dialog');
      await dialog.getByText('Anda sudah memiliki favorit dengan nama ini. Pilih nama lain.').waitFor();
      await screenshot(page, 'favourites-name-taken-mobile-id');
      await dialog.getByRole('textbox', { name: 'Nama favorit' }).fill('BPJS Ayah');
      await dialog.getByTestId('save-favourite-confirm').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('receipt-favourites-link').click();

      // My Favorites: both, newest first, each with its biller and number.
      await page.waitForURL(/\/my-favorite\/$/);
      const cards = page.getByTestId('favourite');
      await cards.first().waitFor();
      expect(await cards.allTextContents()).toEqual([
        expect.stringMatching(/^BPJS AyahPembayaran BPJS Kesehatan · 8888809876543Disimpan pada /),
        expect.stringMatching(/^BPJS IbuPembayaran BPJS Kesehatan · 8888801234567Disimpan pada /),
      ]);
      await screenshot(page, 'favourites-list-mobile-id');

      // Started again: a new transaction with the saved form, which goes through as before.
      await page.getByRole('button', { name: 'Mulai “BPJS Ibu”' }).click();
      await page.waitForURL(/\/payment\/bpjs\/inquiry\/\?favorite=\d+$/);
      await page.getByTestId('favourite-filled').waitFor();
      expect(await page.locator('#root_customerNumber').inputValue()).toBe('8888801234567');
      // The source of fund reads as the account once the customer's accounts have arrived.
      await page.locator('#root_sourceOfFund', { hasText: SOURCE }).waitFor();
      await screenshot(page, 'favourites-filled-in-mobile-id');
      await payBpjs(page, '8888801234567', true);
      expect(await page.getByTestId('receipt-view').textContent()).toContain('8888801234567');

      // Renamed, then deleted.
      await page.goto(`${env.server.baseUrl}/my-favorite/`);
      await page.getByRole('link', { name: 'Ubah nama “BPJS Ayah”' }).click();
      await page.getByTestId('edit-favourite-page').waitFor();
      const name = page.getByRole('textbox', { name: 'Nama favorit' });
      expect(await name.inputValue()).toBe('BPJS Ayah');
      await name.fill('BPJS Ibu');
      await page.getByTestId('edit-favourite-save').click();
      await page.getByText('Anda sudah memiliki favorit dengan nama ini. Pilih nama lain.').waitFor();
      await name.fill('BPJS Bapak');
      await page.getByTestId('edit-favourite-save').click();
      await page.waitForURL(/\/my-favorite\/$/);
      await page.getByText('Nama favorit diubah').waitFor();
      await page.getByRole('button', { name: 'Hapus “BPJS Bapak”' }).click();
      await page.getByTestId('delete-favourite-confirm').click();
      await page.getByText('“BPJS Bapak” dihapus').waitFor();
      expect(await cards.count()).toBe(1);
      expect(await cards.first().textContent()).toMatch(/^BPJS Ibu/);

      // A favourite that is gone: the form says so and starts empty.
      await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/?favorite=999999`);
      await page.getByTestId('favourite-gone').waitFor();
      expect(await page.locator('#root_customerNumber').inputValue()).toBe('');
      // The two names taken were 409 answers, which Chromium logs; nothing else went wrong.
      expect(problems.filter((p) => !p.includes('status of 409 (Conflict)'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
