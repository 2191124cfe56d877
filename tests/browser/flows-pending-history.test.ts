import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/transactions/catalog';
import { settleDuePayments } from '../../src/server/transactions/settlement';
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
import { serverRegistry } from '../../src/server/domains';

const env = serverAndBrowser();
const SOURCE = '800123456701';
const pendingMs = process.env.BILLER_PENDING_MS;
afterEach(() => {
  if (pendingMs === undefined) delete process.env.BILLER_PENDING_MS;
  else process.env.BILLER_PENDING_MS = pendingMs;
});

describe('a payment in progress', () => {
  it('is in the account history the receipt links to, held, and shown paid once the biller has answered', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      // The dashboard leads to each account's history (the seeded months of it).
      await page.getByTestId(`account-history-${SOURCE}`).click();
      await page.waitForURL(/\/myaccount\/history\/casa\/\?account=\d+$/);
      await page.getByTestId('history-entry').first().waitFor();

      // The biller answers 'in progress' (ESB 2018) for a number ending 2018.
      await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await page.locator('#root_customerNumber').fill('8888800012018');
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/payment\/bpjs\/verify\/$/);
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = page.waitForResponse(isCall('confirm'));
      await page.locator('[data-testid="otp-confirm"]:not([disabled])').click();
      const receipt = (await (await confirm).json()) as { referenceNo: string; status: string };
      expect(receipt.status).toBe('pending');
      await page.locator('[data-testid="receipt-view"][data-status="pending"]').waitFor();
      await screenshot(page, 'flows-pending-receipt-en');

      // "Check your history later": the link opens the history of the account the money is held on.
      await page.getByTestId('receipt-history-link').click();
      await page.waitForURL(/\/myaccount\/history\/casa\/\?account=\d+$/);
      const newest = page.getByTestId('history-entry').first();
      await newest.waitFor();
      expect(await newest.getAttribute('data-status')).toBe('pending');
      expect(await newest.textContent()).toContain('BPJS Kesehatan payment');
      expect(await newest.textContent()).toContain(`Ref. ${receipt.referenceNo}`);
      expect(await newest.textContent()).toContain('In progress');
      await screenshot(page, 'history-pending-en');

      // The bank asks the biller again; it has paid by now.
      process.env.BILLER_PENDING_MS = '0';
      await env.server.db.query('UPDATE pending_settlements SET next_check_at = now()');
      expect(await settleDuePayments(env.server.db, loadCatalog(), serverRegistry())).toMatchObject({
        success: 1,
      });
      await page.reload();
      await newest.waitFor();
      expect(await newest.getAttribute('data-status')).toBe('success');
      expect(await newest.textContent()).toContain(`Ref. ${receipt.referenceNo}`);
      expect(await newest.textContent()).not.toContain('In progress');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
