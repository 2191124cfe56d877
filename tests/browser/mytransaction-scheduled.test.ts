import { describe, expect, it } from 'vitest';
import {
  BUDI_PHONES,
  accountAsPage,
  chooseOption,
  isCall,
  jsonOf,
  postAsPage,
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  signedInSession,
} from '../kit/browser';
import { bankDate } from '../../src/shared/bank-time';

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
      await signIn(page, env.server.baseUrl, PERSONAS.budi, '/mytransaction/');
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

  // "When to transfer" on the transfer forms: an SKN transfer for a later date and a monthly same-bank
  // transfer are verified by OTP, nothing is debited, and both wait in My Transactions. Every kind of
  // recurrence has its fields and summary in tests/engine/schedule-field.test.tsx, its rules and runs
  // in tests/server/schedules/ and its line in tests/features/transfers/transfer-pages.test.tsx. One
  // step per transfer, each with its own time: they share the session, in order.
  describe('schedules transfers from the transfer forms and sees them listed', () => {
    type Scheduled = { instructionId: number; nextRunDate: string };
    const made: Record<string, Scheduled> = {};
    const s = signedInSession(env, PERSONAS.budi, { language: 'en', viewport: 'desktop' });

    const verifyAndConfirm = async (label: string) => {
      await s.page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await s.page.getByTestId('otp-send').click();
      await s.page.getByTestId('otp-panel').waitFor();
      await s.page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<{ scheduled?: Scheduled }>(s.page.waitForResponse(isCall('confirm')));
      await s.page.getByTestId('otp-confirm').click();
      const receipt = await confirm;
      await s.page.locator('[data-testid="receipt-view"][data-status="scheduled"]').waitFor();
      await s.page.getByTestId('receipt-scheduled-link').waitFor();
      await screenshot(s.page, `${label}-receipt-desktop-en`);
      return receipt.scheduled!;
    };
    const inquiryOf = async (type: string) => {
      await s.page.goto(`${env.server.baseUrl}/transfer/inquiry/?type=${type}`);
      await s.page.getByTestId('inquiry-view').waitFor();
      await chooseOption(s.page, 'sourceOfFund', '800123456701');
    };

    it('an SKN transfer on a later date', async () => {
      const date = bankDate(new Date(), 3);
      await inquiryOf('skn');
      await chooseOption(s.page, 'bankCode', 'Bank Central Asia');
      await s.page.locator('#root_beneficiaryAccountNo').fill('1234567890');
      await s.page.locator('#root_beneficiaryName').fill('Siti Rahayu');
      await s.page.locator('#root_beneficiaryAddress').fill('Jl. Sudirman 1');
      await s.page.locator('#root_province').fill('DKI Jakarta');
      await s.page.locator('#root_city').fill('Jakarta Selatan');
      await chooseOption(s.page, 'citizenship', 'Indonesian');
      await chooseOption(s.page, 'beneficiaryType', 'Individual');
      await chooseOption(s.page, 'purpose', 'Family');
      await s.page.locator('#root_amount').fill('1250000');
      await s.page.getByRole('radio', { name: 'On a date' }).check();
      await s.page.locator('#root_when_date').fill(date);
      await s.page.getByTestId('inquiry-submit').click();
      await s.page.waitForURL(/\/transfer\/verify\/\?type=skn$/);
      await s.page.getByText(/^On \d+ \w+ \d{4}$/).waitFor();
      await screenshot(s.page, 'transfer-skn-scheduled-verify-desktop-en');
      made.skn = await verifyAndConfirm('transfer-skn-scheduled');
      expect(made.skn.nextRunDate).toBe(date);
    });

    it('to Rina every month on day 15, three times (the form on a phone too)', async () => {
      await inquiryOf('same-bank');
      await s.page.locator('#root_beneficiaryAccountNo').fill('800123456837');
      await chooseOption(s.page, 'purpose', 'Family');
      await s.page.locator('#root_amount').fill('150000');
      await s.page.getByRole('radio', { name: 'Recurring' }).check();
      await s.page.getByRole('radio', { name: 'Every month' }).check();
      await chooseOption(s.page, 'when_dayOfMonth', '15');
      await s.page.locator('#root_when_startDate').fill(bankDate(new Date(), 1));
      await s.page.getByRole('radio', { name: 'After a number of transfers' }).check();
      await s.page.locator('#root_when_occurrences').fill('3');
      await screenshot(s.page, 'transfer-same-bank-recurring-inquiry-desktop-en');
      await s.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(s.page, 'transfer-same-bank-recurring-inquiry-phone-en');
      await s.page.setViewportSize({ width: 1280, height: 800 });
      await s.page.getByTestId('inquiry-submit').click();
      await s.page.waitForURL(/\/transfer\/verify\/\?type=same-bank$/);
      await s.page.getByText(/^Every month on day 15, from .+, 3 transfers$/).waitFor();
      made.monthly = await verifyAndConfirm('transfer-same-bank-recurring');
    });

    it('debits nothing, and lists both in My Transactions with edit and delete', async () => {
      // Nothing was debited: no line (not even of Rp 0) in the account's history for any of them.
      const { id } = await accountAsPage(s.page, env.server, '800123456701');
      const history = await postAsPage<{ entries: { amount: { amount: number } }[] }>(
        s.page,
        env.server,
        '/api/account/v1/history',
        { accountId: id },
      );
      expect(history.body.entries.filter((e) => e.amount.amount === 0)).toEqual([]);

      await s.page.goto(`${env.server.baseUrl}/mytransaction/`);
      const card = (one: Scheduled | undefined) =>
        s.page.locator(`[data-testid="scheduled"][data-id="${one!.instructionId}"]`);
      await card(made.skn).getByText('SITI RAHAYU').waitFor();
      await card(made.monthly)
        .getByText(/Every month on day 15/)
        .waitFor();
      expect(await card(made.monthly).getByTestId('scheduled-delete').count()).toBe(1);
      await screenshot(s.page, 'mytransaction-new-scheduled-desktop-en');
      expect(s.problems).toEqual([]);
    });

    // Issue 44 item 3g: a transfer for later goes into the cart like any other; the cart's confirm
    // stores the schedule and says so, taking nothing today.
    it('a same-bank transfer on a later date through the cart: its confirm schedules it', async () => {
      const date = bankDate(new Date(), 4);
      const { id, balance } = await accountAsPage(s.page, env.server, '800123456701');
      await inquiryOf('same-bank');
      await s.page.locator('#root_beneficiaryAccountNo').fill('800123456837');
      await chooseOption(s.page, 'purpose', 'Family');
      await s.page.locator('#root_amount').fill('175000');
      await s.page.getByRole('radio', { name: 'On a date' }).check();
      await s.page.locator('#root_when_date').fill(date);
      await s.page.getByTestId('inquiry-submit').click();
      await s.page.getByTestId('verify-view').waitFor();
      await s.page.getByTestId('add-to-cart').click();
      await s.page.waitForURL(/\/cart\/$/);
      await s.page.getByTestId('cart-item').first().waitFor();
      const sentAt = new Date();
      await s.page.getByTestId('cart-verify-otp').click();
      await s.page.getByTestId('cart-verify').waitFor();
      await s.page.getByTestId('cart-otp').fill(await latestOtp(env.server, undefined, sentAt));
      await s.page.getByTestId('cart-confirm').click();
      const result = s.page.locator('[data-testid="cart-result"][data-status="scheduled"]');
      await result.waitFor();
      expect(await result.textContent()).toMatch(/Scheduled for \d+ \w+ \d{4}: nothing is taken until then/);
      await s.page.getByTestId('cart-scheduled-link').waitFor();
      await screenshot(s.page, 'cart-scheduled-result-desktop-en');
      const after = await accountAsPage(s.page, env.server, '800123456701');
      expect(after.id).toBe(id);
      expect(after.balance.amount).toBe(balance.amount);
      expect(s.problems).toEqual([]);
    });

    // Issue 44 item 3f: a mass transfer scheduled on a date is deleted as a whole from the list: its
    // Delete opens the spec's delete-scheduled page with the batch chosen, verified by OTP once.
    it('a mass transfer on a date, deleted as a whole from My Transactions', async () => {
      await s.page.goto(`${env.server.baseUrl}/transfer/`);
      await s.page.getByTestId('chooser-item-batch.transfer').click();
      await s.page.getByTestId('batch-inquiry').waitFor();
      await chooseOption(s.page, s.page.getByRole('combobox', { name: 'Source of fund' }), '6701');
      const csv = [
        'account_no,bank_code,method,beneficiary_name,amount,purpose,message',
        '800123456837,,,,120000,family,',
        '800123456845,,,,80000,family,',
      ].join('\n');
      await s.page
        .getByTestId('batch-file')
        .setInputFiles({ name: 'later.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect.poll(() => s.page.getByTestId('batch-valid').textContent()).toBe('2 ready');
      await s.page.getByTestId('batch-when-date').check();
      await s.page.getByTestId('batch-date').fill(bankDate(new Date(), 5));
      const sentAt = new Date();
      await s.page.getByTestId('batch-verify-otp').click();
      await s.page.getByTestId('batch-verify').waitFor();
      await s.page.getByTestId('batch-otp').fill(await latestOtp(env.server, undefined, sentAt));
      await s.page.getByTestId('batch-confirm').click();
      await s.page.getByTestId('batch-receipt').waitFor();

      await s.page.goto(`${env.server.baseUrl}/mytransaction/`);
      const mass = s.page.getByTestId('scheduled').filter({ hasText: 'Mass transfer' }).first();
      await mass.waitFor();
      const batchId = await mass.getAttribute('data-id');
      await mass.getByRole('link', { name: 'Delete the whole mass transfer: every transfer of it' }).click();
      await s.page.waitForURL(/\/mytransaction\/delete-scheduled\/inquiry\/\?instruction=batch%3A/);
      await s.page.getByTestId('inquiry-view').waitFor();
      await s.page.getByTestId('inquiry-submit').click();
      await s.page.waitForURL(/\/mytransaction\/delete-scheduled\/verify\/$/);
      await s.page.getByText('Mass transfer: 2 recipients').waitFor();
      await screenshot(s.page, 'mytransaction-delete-mass-verify-desktop-en');
      await s.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(s.page, 'mytransaction-delete-mass-verify-phone-en');
      await s.page.setViewportSize({ width: 1280, height: 800 });
      await s.page.getByRole('radio', { name: /7890$/ }).check();
      const otpAt = new Date();
      await s.page.getByTestId('otp-send').click();
      await s.page.getByTestId('otp-panel').waitFor();
      await s.page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], otpAt));
      const confirm = jsonOf<{ status: string; details: { instructionsCancelled: string } }>(
        s.page.waitForResponse(isCall('confirm')),
      );
      await s.page.getByTestId('otp-confirm').click();
      expect(await confirm).toMatchObject({ status: 'success', details: { instructionsCancelled: '2' } });
      await s.page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();

      await s.page.goto(`${env.server.baseUrl}/mytransaction/`);
      const card = s.page.locator(`[data-testid="scheduled"][data-id="${batchId}"]`);
      await card.getByText('Deleted').waitFor();
      expect(await card.getByTestId('scheduled-delete').count()).toBe(0);
      expect(s.problems).toEqual([]);
    });
  });
});
