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
  companionLogin,
} from '../kit/browser';

const env = serverAndBrowser();

/** Verify the flow on the page by the OTP sent to Budi's first phone; returns the receipt's text. */
async function verifyByOtp(page: Page, route: RegExp) {
  await page.waitForURL(route);
  await page.getByTestId('otp-phones').waitFor();
  await page.getByRole('radio', { name: /7890$/ }).check();
  const sentAt = new Date();
  await page.getByRole('button', { name: /Send code|Kirim kode/ }).click();
  await page.getByTestId('otp-panel').waitFor();
  await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
  await page.locator('[data-testid="otp-confirm"]:not([disabled])').click();
  const view = page.locator('[data-testid="receipt-view"][data-status="success"]');
  await view.waitFor();
  return (await view.textContent()) ?? '';
}

describe('settings', () => {
  it('hides an account from the dashboard, lowers a limit at once, holds a raise until cancelled, and keeps alerts to a channel', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('account-history-800987654306').waitFor();
      await page.goto(`${env.server.baseUrl}/settings/`);
      await page.getByTestId('settings-hub').waitFor();
      await screenshot(page, 'settings-hub-desktop-en');

      // Account visibility: the current account leaves the dashboard; the default one cannot.
      await page.getByTestId('settings-account-visibility').click();
      const giro = page.getByTestId('visibility-800987654306');
      await giro.waitFor();
      expect(await page.getByTestId('visibility-800123456701').getByRole('switch').first().isDisabled()).toBe(
        true,
      );
      await giro.getByRole('switch', { name: 'Show on the dashboard' }).click();
      await page.getByTestId('visibility-saved').waitFor();
      await screenshot(page, 'settings-visibility-desktop-en');
      await page.goto(`${env.server.baseUrl}/dashboard/`);
      await page.getByTestId('account-history-800123456701').waitFor();
      expect(await page.getByTestId('account-history-800987654306').count()).toBe(0);

      // Limits: lowering applies at once.
      await page.goto(`${env.server.baseUrl}/settings/transaction-limit/`);
      await page.getByTestId('limit-change-transfer-internet').click();
      await page.getByTestId('limit-per-transaction').fill('5000000');
      await page.getByTestId('limit-daily').fill('10000000');
      await page.getByTestId('limit-save').click();
      expect(await page.getByTestId('limit-message').textContent()).toBe('The new limit applies from now.');
      await expect
        .poll(() => page.getByTestId('limit-transfer-internet').textContent())
        .toContain('IDR 5,000,000 per transaction');

      // Above the bank's maximum: said on the field, nothing changed.
      await page.getByTestId('limit-change-purchase-internet').click();
      await page.getByTestId('limit-per-transaction').fill('60000000');
      await page.getByTestId('limit-daily').fill('60000000');
      await page.getByTestId('limit-save').click();
      await page.getByText("The bank's maximum per transaction is IDR 50,000,000.").waitFor();

      // A raise waits for verification and can be cancelled.
      await page.goto(`${env.server.baseUrl}/settings/transaction-limit/`);
      await page.getByTestId('limit-change-payment-internet').click();
      await page.getByTestId('limit-per-transaction').fill('80000000');
      await page.getByTestId('limit-save').click();
      // The raise goes straight to its verification; left unverified, the limits page shows it waiting.
      await page.waitForURL(/\/settings\/transaction-limit\/raise\/inquiry\/\?request=\d+$/);
      await page.goto(`${env.server.baseUrl}/settings/transaction-limit/`);
      await page.getByTestId('limit-pending-payment-internet').waitFor();
      expect(await page.getByTestId('limit-pending-payment-internet').textContent()).toContain(
        'waiting for verification',
      );
      await screenshot(page, 'settings-limits-raise-desktop-en');
      await page.getByTestId('limit-cancel').click();
      await page.getByTestId('limit-pending-payment-internet').waitFor({ state: 'detached' });
      expect(await page.getByTestId('limit-payment-internet').textContent()).toContain(
        'IDR 50,000,000 per transaction',
      );

      // Verified with an OTP, a raise waits out its 24 hours: the customer is told when it applies and
      // can still cancel it (issue 21 item 10).
      await page.getByTestId('limit-change-payment-internet').click();
      await page.getByTestId('limit-per-transaction').fill('70000000');
      await page.getByTestId('limit-save').click();
      await page.waitForURL(/\/settings\/transaction-limit\/raise\/inquiry\/\?request=\d+$/);
      await page.getByTestId('inquiry-view').waitFor();
      await page.getByTestId('inquiry-submit').click();
      const raised = await verifyByOtp(page, /\/settings\/transaction-limit\/raise\/verify\/$/);
      expect(raised).toContain('Limit per transactionIDR 70,000,000');
      expect(raised).toMatch(/Applies from\d\d\/\d\d\/\d{4}/);
      await page.goto(`${env.server.baseUrl}/settings/transaction-limit/`);
      const cooling = page.getByTestId('limit-pending-payment-internet');
      await cooling.waitFor();
      expect(await cooling.textContent()).toMatch(/IDR 70,000,000 per transaction .*: applies at /);
      expect(await page.getByTestId('limit-payment-internet').textContent()).toContain(
        'IDR 50,000,000 per transaction',
      );
      await screenshot(page, 'settings-limits-cooling-off-desktop-en');
      await cooling.getByTestId('limit-cancel').click();
      await cooling.waitFor({ state: 'detached' });

      // Alerts: at least one channel.
      await page.goto(`${env.server.baseUrl}/settings/transaction-alert/`);
      const channels = page.getByTestId('alert-channels');
      await channels.waitFor();
      await channels.getByRole('checkbox', { name: 'SMS' }).uncheck();
      await channels.getByRole('checkbox', { name: 'E-mail' }).uncheck();
      await page.getByTestId('alert-save').click();
      expect(await page.getByTestId('alert-channels-error').textContent()).toBe(
        'Choose at least one way to receive the alerts.',
      );
      await channels.getByRole('checkbox', { name: 'App notification' }).check();
      await page.getByTestId('alert-save').click();
      await page.getByTestId('alert-saved').waitFor();
      await screenshot(page, 'settings-alerts-desktop-en');
      // The refusals asked for (422) are what Chromium logged.
      expect(problems.filter((p) => !p.includes('422'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows personal information on a phone in Indonesian', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    const phone = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      // Budi's phone enrolled in the companion app (an SMS code), before the password changes.
      await phone.page.goto(`${env.server.baseUrl}/m/`);
      await companionLogin(phone.page, env.server, PERSONAS.budi.userId, '482916');
      await phone.page.getByTestId('mobile-enrol-code').waitFor({ state: 'detached' });
      await page.goto(`${env.server.baseUrl}/settings/personal-information/`);
      const facts = page.getByTestId('profile-facts');
      await facts.waitFor();
      expect(await facts.textContent()).toContain('+62812****7890');
      await screenshot(page, 'settings-profile-mobile-id');
      await page.goto(`${env.server.baseUrl}/settings/transaction-limit/`);
      await page.getByTestId('limits-transfer').waitFor();
      await screenshot(page, 'settings-limits-mobile-id');

      // Change the password (issue 21 item 9): the current one, spec section 5's rules, an OTP.
      await page.goto(`${env.server.baseUrl}/settings/change-password/`);
      await page.waitForURL(/\/settings\/change-password\/inquiry\/$/);
      await page.getByTestId('inquiry-view').waitFor();
      const fill = async (current: string, next: string) => {
        await page.locator('#root_currentPassword').fill(current);
        await page.locator('#root_newPassword').fill(next);
        await page.locator('#root_confirmPassword').fill(next);
        await page.getByTestId('inquiry-submit').click();
      };
      await fill(PERSONAS.budi.password, 'lemah');
      await page.getByText('8 sampai 14 karakter').first().waitFor();
      await fill(PERSONAS.budi.password, PERSONAS.budi.password);
      await page.getByText('Kata sandi baru harus berbeda dari kata sandi Anda saat ini.').first().waitFor();
      await screenshot(page, 'settings-password-refused-mobile-id');
      await fill(PERSONAS.budi.password, 'Sandi#2027');
      const changed = await verifyByOtp(page, /\/settings\/change-password\/verify\/$/);
      expect(changed).toContain('budisantoso');
      expect(changed).not.toContain('Sandi#2027');
      // Issue 44 item 3a: the receipt names the companion-app device waiting for Budi's check.
      expect(changed).toContain('Perangkat aplikasi pendamping untuk diperiksa');
      await screenshot(page, 'settings-password-receipt-mobile-id');
      // Settings > Companion app asks which devices to keep; kept, the phone approves again.
      await page.goto(`${env.server.baseUrl}/settings/companion-devices/`);
      const review = page.getByTestId('devices-review');
      await review.getByText('Perangkat mana yang milik Anda?').waitFor();
      await screenshot(page, 'settings-companion-devices-review-mobile-id');
      await review.getByRole('checkbox').first().check();
      await page.getByTestId('devices-review-save').click();
      await page.getByTestId('devices-done').waitFor();
      expect(await page.getByTestId('devices-review').count()).toBe(0);
      await screenshot(page, 'settings-companion-devices-kept-mobile-id');

      // Change the mobile number: a code to the new number, then it and the (new) password, then the
      // OTP to the registered number.
      await page.goto(`${env.server.baseUrl}/settings/change-mobile-number/`);
      await page.waitForURL(/\/settings\/change-mobile-number\/inquiry\/step-1\/$/);
      await page.locator('#root_newMobileNumber').fill('081398765432');
      const codeSentAt = new Date();
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/settings\/change-mobile-number\/inquiry\/step-2\/$/);
      await page
        .locator('#root_newPhoneCode')
        .fill(await latestOtp(env.server, '+6281398765432', codeSentAt));
      await page.locator('#root_currentPassword').fill('Sandi#2027');
      await screenshot(page, 'settings-mobile-number-code-mobile-id');
      await page.getByTestId('inquiry-submit').click();
      const moved = await verifyByOtp(page, /\/settings\/change-mobile-number\/verify\/$/);
      expect(moved).toContain('+62813****5432');
      await screenshot(page, 'settings-mobile-number-receipt-mobile-id');
      // The refusal asked for (422) is all Chromium logged.
      expect(problems.filter((p) => !p.includes('422'))).toEqual([]);
    } finally {
      await context.close();
      await phone.context.close();
    }
  });
});
