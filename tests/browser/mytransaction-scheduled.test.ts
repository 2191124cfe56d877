import { describe, expect, it } from 'vitest';
import { BUDI_PHONES, isCall, jsonOf } from './helpers/flows';
import { PERSONAS, latestOtp, login, newContext, screenshot, serverAndBrowser } from './helpers';

const env = serverAndBrowser();

// A customer stops a recurring transfer from My Transactions: Delete opens the verified flow with it
// chosen, the OTP from the phone confirms it, and the list shows it deleted.
describe('my transactions: delete a scheduled transfer', () => {
  it('deletes the weekly transfer through OTP and sees it deleted in the list', async () => {
    const { context, page, problems } = await newContext(env.browser, {
      language: 'en',
      viewport: 'desktop',
    });
    try {
      await login(page, env.server.baseUrl, PERSONAS.budi);
      await page.goto(`${env.server.baseUrl}/mytransaction/`);
      const weekly = page.getByTestId('scheduled').filter({ hasText: 'Every Friday' });
      await weekly.waitFor();
      const id = await weekly.getAttribute('data-id');
      await weekly.getByTestId('scheduled-delete').click();

      // The spec's page opens the flow's form with this transfer chosen.
      await page.waitForURL(new RegExp(`/mytransaction/delete-scheduled/inquiry/\\?instruction=${id}$`));
      await page.getByTestId('inquiry-view').waitFor();
      const inquiry = jsonOf<{ details: { nextRunDate: string } }>(page.waitForResponse(isCall('inquiry')));
      await page.getByTestId('inquiry-submit').click();
      expect((await inquiry).details.nextRunDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await page.waitForURL(/\/mytransaction\/delete-scheduled\/verify\/$/);
      await screenshot(page, 'mytransaction-delete-verify-desktop-en');
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByTestId('otp-send').click();
      await page.getByTestId('otp-panel').waitFor();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<{ status: string; details: { instructionStatus: string } }>(
        page.waitForResponse(isCall('confirm')),
      );
      await page.getByTestId('otp-confirm').click();
      const receipt = await confirm;
      expect(receipt).toMatchObject({ status: 'success', details: { instructionStatus: 'cancelled' } });
      await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
      await page.waitForURL(/\/mytransaction\/delete-scheduled\/receipt\/$/);
      await screenshot(page, 'mytransaction-delete-receipt-desktop-en');

      // Back on the list: deleted, with nothing left to edit or delete.
      await page.goto(`${env.server.baseUrl}/mytransaction/`);
      const card = page.locator(`[data-testid="scheduled"][data-id="${id}"]`);
      await card.getByText('Deleted').waitFor();
      expect(await card.getByTestId('scheduled-delete').count()).toBe(0);

      // Edit on the monthly transfer opens the edit flow with that transfer chosen.
      const monthly = page.getByTestId('scheduled').filter({ hasText: 'Every month on day 25' });
      const monthlyId = await monthly.getAttribute('data-id');
      await monthly.getByTestId('scheduled-edit').click();
      await page.waitForURL(new RegExp(`/mytransaction/edit-scheduled/inquiry/\\?instruction=${monthlyId}$`));
      await page.getByTestId('inquiry-view').waitFor();
      await page.locator('#root_amount').waitFor();
      await screenshot(page, 'mytransaction-edit-inquiry-desktop-en');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
