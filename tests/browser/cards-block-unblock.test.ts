import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PERSONAS,
  latestOtp,
  otpSentBy,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  BUDI_PHONES,
  chooseOption,
  isCall,
  jsonOf,
} from '../kit/browser';

const env = serverAndBrowser();

const MASKED = '5481 17** **** 5678';

/** Verify by the OTP sent to Budi's first phone, then wait for the receipt at `route`receipt/. */
async function verifyByOtp(page: Page, route: string, name: string) {
  await page.waitForURL(new RegExp(`${route}verify/$`));
  await page.getByTestId('otp-phones').waitFor();
  await page.getByRole('radio', { name: /7890$/ }).check();
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('otp-panel').waitFor();
  await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
  await page.locator('[data-testid="otp-confirm"]:not([disabled])').waitFor();
  await screenshot(page, `${name}-verify-en`);
  const confirm = page.waitForResponse(isCall('confirm'));
  await page.getByTestId('otp-confirm').click();
  const receipt = await jsonOf<{ status: string; referenceNo: string }>(confirm);
  await page.waitForURL(new RegExp(`${route}receipt/$`));
  const view = page.locator('[data-testid="receipt-view"][data-status="success"]');
  await view.waitFor();
  await screenshot(page, `${name}-receipt-en`);
  return { receipt, text: (await view.textContent()) ?? '' };
}

describe('card block and unblock', () => {
  it('Budi blocks his credit card with an OTP, cannot block it twice, and unblocks it', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);

      // Block: the card (shown masked, never in full) and a reason.
      await page.goto(`${env.server.baseUrl}/myaccount/blockcard/inquiry/`);
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'card', MASKED);
      expect(await page.locator('#root_card').textContent()).not.toContain('5481170012345678');
      await page.getByLabel('Lost').check();
      await screenshot(page, 'cards-block-form-en');
      await page.getByTestId('inquiry-submit').click();
      const blocked = await verifyByOtp(page, '/myaccount/blockcard/', 'cards-block');
      expect(blocked.receipt.status).toBe('success');
      expect(blocked.text).toContain(MASKED);
      expect(blocked.text).toContain('Card statusBlocked');
      expect(blocked.text).not.toContain('5481170012345678');

      // A blocked card is no longer offered to block.
      await page.goto(`${env.server.baseUrl}/myaccount/blockcard/inquiry/`);
      await page.getByTestId('inquiry-view').waitFor();
      await page.locator('#root_card').click();
      // Counted in the open menu (counted before it opens, any count is 0).
      await page.getByRole('listbox').waitFor();
      expect(await page.getByRole('option').filter({ hasText: '5678' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      // Unblock: offered now, and active again on the receipt.
      await page.goto(`${env.server.baseUrl}/myaccount/unblockcard/inquiry/`);
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'card', MASKED);
      await page.getByTestId('inquiry-submit').click();
      const unblocked = await verifyByOtp(page, '/myaccount/unblockcard/', 'cards-unblock');
      expect(unblocked.text).toContain('Card statusActive');

      // Change PIN (issue 21), from the PIN page: the PINs are typed masked, a PIN equal to the old
      // one or a blacklisted one is refused on its field, and no PIN is kept in the browser.
      await page.goto(`${env.server.baseUrl}/settings/activate-and-manage-PIN/`);
      await page.getByTestId('cards-change-pin').waitFor();
      await page.getByTestId('cards-change-pin').getByTestId('change-pin').first().click();
      await page.waitForURL(/\/myaccount\/changePIN\/inquiry\//);
      await page.getByTestId('inquiry-view').waitFor();
      expect(await page.locator('#root_oldPin').getAttribute('type')).toBe('password');
      const pins = async (oldPin: string, newPin: string, confirmPin = newPin) => {
        await page.locator('#root_oldPin').fill(oldPin);
        await page.locator('#root_newPin').fill(newPin);
        await page.locator('#root_confirmPin').fill(confirmPin);
        await page.getByTestId('inquiry-submit').click();
      };
      await pins('802615', '123456');
      await page.getByText('PIN is not acceptable').first().waitFor();
      await pins('802615', '802615');
      await page.getByText('The new PIN must be different from your current PIN.').first().waitFor();
      await screenshot(page, 'cards-change-pin-refused-en');
      await pins('802615', '390417');
      await page.waitForURL(/\/myaccount\/changePIN\/verify\/$/);
      await page.getByTestId('otp-phones').waitFor();
      const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
      expect(stored).toContain('card.change-pin');
      for (const pin of ['802615', '390417']) {
        expect(stored).not.toContain(pin);
        expect(await page.locator('main').textContent()).not.toContain(pin);
      }
      const changed = await verifyByOtp(page, '/myaccount/changePIN/', 'cards-change-pin');
      expect(changed.receipt.status).toBe('success');
      expect(changed.text).toContain('PINChanged');
      // The refusal asked for (422) is all Chromium logged.
      expect(problems.filter((p) => !p.includes('422'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('card management and CVV', () => {
  it('Budi turns overseas use on from card management with an OTP, and sees his CVV after an OTP', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi, '/settings/cc-card-management/');
      await page.getByTestId('cc-card-management-page').waitFor();
      const card = page.locator('[data-testid^="manage-card-"]').first();
      await card.getByTestId('toggle-overseas').click();
      // The flow's form opens with the card chosen.
      await page.waitForURL(/\/settings\/manage-card\/overseas\/inquiry\//);
      await page.getByTestId('inquiry-view').waitFor();
      await page.getByLabel('On', { exact: true }).check();
      await page.getByTestId('inquiry-submit').click();
      const on = await verifyByOtp(page, '/settings/manage-card/overseas/', 'cards-overseas');
      expect(on.receipt.status).toBe('success');
      expect(on.text).toContain('Overseas transactionsOn');

      await page.goto(`${env.server.baseUrl}/settings/view-cvv/`);
      await page.getByTestId('view-cvv-page').waitFor();
      // The overseas toggle's code went to the same phone a moment ago: the one this click sends.
      const cvvCode = await otpSentBy(env.server, BUDI_PHONES[0], () =>
        page.getByTestId('cvv-send-otp').click(),
      );
      await page.getByTestId('cvv-otp').fill(cvvCode);
      await page.getByTestId('cvv-reveal').click();
      await expect.poll(async () => page.getByTestId('cvv-shown').textContent()).toMatch(/\d{3}/);

      // A card setting no flow serves: said plainly, with the ones there are.
      await page.goto(`${env.server.baseUrl}/settings/manage-card/contactless/verify/`);
      expect(await page.getByTestId('unknown-card-action').textContent()).toBe(
        'There is no card setting called “contactless”. Choose one of the settings below.',
      );
      await page.getByTestId('manage-card-online').click();
      await page.waitForURL(/\/settings\/manage-card\/online\/inquiry\/$/);
      await page.getByTestId('inquiry-view').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
