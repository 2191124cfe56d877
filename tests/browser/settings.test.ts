import { describe, expect, it } from 'vitest';
import { PERSONAS, login, newContext, screenshot, serverAndBrowser } from './helpers';

const env = serverAndBrowser();

describe('settings', () => {
  it('hides an account from the dashboard, lowers a limit at once, holds a raise until cancelled, and keeps alerts to a channel', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
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
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
      await page.goto(`${env.server.baseUrl}/settings/personal-information/`);
      const facts = page.getByTestId('profile-facts');
      await facts.waitFor();
      expect(await facts.textContent()).toContain('+62812****7890');
      await screenshot(page, 'settings-profile-mobile-id');
      await page.goto(`${env.server.baseUrl}/settings/transaction-limit/`);
      await page.getByTestId('limits-transfer').waitFor();
      await screenshot(page, 'settings-limits-mobile-id');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
