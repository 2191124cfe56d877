import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../src/shared/money';
import {
  PERSONAS,
  companionLogin,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  accountOf,
  chooseOption,
  isCall,
  jsonOf,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();

const SOURCE = '800123456729';
/** Rina's savings account (demo seed): another customer of the bank. */
const BENEFICIARY = '800123456837';
const BENEFICIARY_NAME = 'RINA KUSUMAWATI';

/** Fills the same-bank transfer form (web in Indonesian) and asks for app approval on verify. */
async function startTransfer(page: Page, amountRupiah: number, message: string, overBalanceFirst = false) {
  await page.goto(`${env.server.baseUrl}/transfer/inquiry/?type=same-bank`);
  await page.getByTestId('inquiry-view').waitFor();
  await chooseOption(page, 'sourceOfFund', SOURCE);
  await page.locator('#root_beneficiaryAccountNo').fill(BENEFICIARY);
  await chooseOption(page, 'purpose', 'Keluarga');
  if (overBalanceFirst) {
    // More than the balance: the server's message under the amount. A new amount takes it away (it
    // was about the old one), and the tap on Next below goes through.
    await page.locator('#root_amount').fill('50000000');
    await page.getByTestId('inquiry-submit').click();
    await page.getByText('Saldo tidak mencukupi').waitFor();
  }
  await page.locator('#root_amount').fill(String(amountRupiah));
  await expect.poll(() => page.getByText('Saldo tidak mencukupi').count()).toBe(0);
  // Leaving the amount (its reading line goes blank) does not move what is below it.
  const next = page.getByTestId('inquiry-submit');
  const typingAt = (await next.boundingBox())!.y;
  await page.locator('#root_message').fill(message);
  expect((await next.boundingBox())!.y).toBe(typingAt);
  const inquiry = jsonOf<{ inquiryId: string; total: { amount: number; currency: string } }>(
    page.waitForResponse(isCall('inquiry')),
  );
  await page.getByTestId('inquiry-submit').click();
  expect((await inquiry).total).toEqual({ amount: amountRupiah * 100, currency: 'IDR' });
  await page.waitForURL(/\/transfer\/verify\/\?type=same-bank$/);
  expect(await page.getByTestId('summary').textContent()).toContain(BENEFICIARY_NAME);
  // Approval in the app is chosen before any code is sent.
  await page.getByTestId('otp-use-approval').click();
  await page.getByTestId('approval-panel').waitFor();
  expect(await page.getByTestId('approval-panel').textContent()).toMatch(/\(sisa (5:00|4:[0-5]\d)\)/);
}

/** The companion app in its own browser context (a phone), logged in with the app PIN (enrolled by SMS code). */
async function openCompanion() {
  const mobile = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
  await mobile.page.goto(`${env.server.baseUrl}/m/`);
  await companionLogin(mobile.page, env.server, PERSONAS.budi.userId, '482916');
  return mobile;
}

describe('same-bank transfer approved in the companion app', () => {
  it('waits on verify, shows the exact request in /m, and the receipt appears once approved', async () => {
    const web = await newContext(env.browser, { language: 'id' });
    const mobile = await openCompanion();
    try {
      await signIn(web.page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(web.page);
      const before = await accountOf(env.server, headers, SOURCE);
      await startTransfer(web.page, 1_234_567, 'Uang kuliah', true);
      await screenshot(web.page, 'flows-approval-web-waiting-id');

      const card = mobile.page.getByTestId('approval-card');
      await card.waitFor();
      const total = formatMoney({ amount: 1_234_567_00, currency: 'IDR' }, 'en');
      expect(await mobile.page.getByTestId('approval-total').textContent()).toBe(total);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(BENEFICIARY_NAME);
      // The account number grouped as the web's verify page shows it.
      expect(text).toContain(`Recipient account number${BENEFICIARY.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
      expect(text).toContain('Uang kuliah');
      // The purpose reads as the web shows it, in the app's language only (not the raw enum value).
      expect(text).toContain('Purpose of transactionFamily');
      expect(text).not.toContain('Keluarga');
      await screenshot(mobile.page, 'flows-approval-mobile-request-en');

      const confirm = web.page.waitForResponse(isCall('confirm'));
      // The customer taps the number the web page shows.
      const shown = (await web.page
        .locator('[data-testid="approval-match-number"]:visible')
        .first()
        .textContent())!.trim();
      await mobile.page.getByTestId(`approval-match-${shown}`).click();
      const receipt = await jsonOf<{ status: string; referenceNo: string }>(confirm);
      expect(receipt.status).toBe('success');
      await web.page.waitForURL(/\/transfer\/receipt\/\?type=same-bank$/);
      await web.page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
      expect(await web.page.getByTestId('receipt-reference').textContent()).toContain(receipt.referenceNo);
      expect(await web.page.getByTestId('receipt-view').textContent()).toContain(BENEFICIARY_NAME);
      await screenshot(web.page, 'flows-approval-web-receipt-id');

      const after = await accountOf(env.server, headers, SOURCE);
      expect(before.balance.amount - after.balance.amount).toBe(1_234_567_00);
      await mobile.page.getByTestId('mobile-empty').waitFor();
      // Only the over-balance inquiry's 422, which Chromium logs for any failed request.
      expect(web.problems).toEqual([
        'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      ]);
    } finally {
      await web.context.close();
      await mobile.context.close();
    }
  });

  it('is cancelled on the web when rejected in /m, and no money moves', async () => {
    const web = await newContext(env.browser, { language: 'id' });
    const mobile = await openCompanion();
    try {
      await signIn(web.page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(web.page);
      const before = await accountOf(env.server, headers, SOURCE);
      await startTransfer(web.page, 75_000, 'Titip');

      await mobile.page.getByTestId('approval-card').waitFor();
      await mobile.page.getByTestId('approval-reject').click();
      await mobile.page.getByTestId('approval-reject').click();
      await mobile.page.getByTestId('mobile-empty').waitFor();

      const rejected = web.page.getByTestId('approval-rejected');
      await rejected.waitFor();
      expect(await rejected.textContent()).toContain('dibatalkan');
      await screenshot(web.page, 'flows-approval-web-rejected-id');
      expect(await web.page.getByTestId('receipt-view').count()).toBe(0);
      const after = await accountOf(env.server, headers, SOURCE);
      expect(after.balance.amount).toBe(before.balance.amount);
    } finally {
      await web.context.close();
      await mobile.context.close();
    }
  });
});
