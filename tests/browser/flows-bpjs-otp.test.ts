import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../src/shared/money';
import {
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  BUDI_PHONES,
  accountOf,
  chooseOption,
  isCall,
  jsonOf,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();

type Money = { amount: number; currency: string };
interface Inquiry {
  inquiryId: string;
  amount: Money;
  fees: { kind: string; amount: Money }[];
  total: Money;
  details: { customerName?: string };
}
interface Receipt {
  referenceNo: string;
  status: string;
  amount: Money;
  fees: { kind: string; amount: Money }[];
  total: Money;
}

const SOURCE = '800123456701';

/** The BPJS form, paid from SOURCE, for one customer number (not yet submitted). */
async function fillBpjsForm(page: Page, customerNumber: string) {
  await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
  await page.getByTestId('inquiry-view').waitFor();
  await chooseOption(page, 'sourceOfFund', SOURCE);
  await page.locator('#root_customerNumber').fill(customerNumber);
}

describe('BPJS payment with an OTP from the outbox', () => {
  it('pays the bill: verify summary, OTP to the chosen phone, receipt, balance lower by amount plus fee', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(page);
      const before = await accountOf(env.server, headers, SOURCE);

      await fillBpjsForm(page, '8888801234567');
      const inquiryCall = page.waitForResponse(isCall('inquiry'));
      await page.getByTestId('inquiry-submit').click();
      const inquiry = await jsonOf<Inquiry>(inquiryCall);
      expect(inquiry.fees).toEqual([{ kind: 'admin', amount: { amount: 250000, currency: 'IDR' } }]);
      expect(inquiry.total.amount).toBe(inquiry.amount.amount + 250000);

      // Verify: the summary shows what will be paid, then the phone to send the code to.
      await page.waitForURL(/\/payment\/bpjs\/verify\/$/);
      const summary = page.getByTestId('summary');
      await summary.waitFor();
      const summaryText = (await summary.textContent()) ?? '';
      expect(summaryText).toContain(SOURCE);
      expect(summaryText).toContain('8888801234567');
      expect(summaryText).toContain(inquiry.details.customerName!);
      expect(summaryText).toContain(formatMoney(inquiry.amount, 'en'));
      expect(summaryText).toContain(`Admin fee${formatMoney({ amount: 250000, currency: 'IDR' }, 'en')}`);
      expect(summaryText).toContain(`Total${formatMoney(inquiry.total, 'en')}`);
      await page.getByTestId('otp-phones').waitFor();
      await screenshot(page, 'flows-bpjs-verify-phones-en');
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByRole('button', { name: 'Send code' }).click();

      await page.getByTestId('otp-panel').waitFor();
      const code = await latestOtp(env.server, BUDI_PHONES[0], sentAt);
      // Countdowns never read more than their full duration (60 s to resend, 5 minutes to expire).
      const resendIn = Number(
        /Resend in (\d+) s/.exec((await page.getByTestId('otp-resend').textContent())!)![1],
      );
      expect(resendIn).toBeGreaterThan(50);
      expect(resendIn).toBeLessThanOrEqual(60);
      expect(await page.getByTestId('otp-panel').textContent()).toMatch(
        /The code expires in (5:00|4:[0-5]\d)/,
      );
      // Leaving the page keeps the sent code's challenge (never a code): back on verify, the same
      // request waits for its code, and no second one is sent.
      const sentTo = /We sent .*?\(reference \w+\)/.exec(
        (await page.getByTestId('otp-panel').textContent())!,
      )![0];
      await page.goto(`${env.server.baseUrl}/dashboard/`);
      await page.getByTestId('dashboard').waitFor();
      await page.goBack();
      await page.getByTestId('otp-panel').waitFor();
      expect(await page.getByTestId('otp-panel').textContent()).toContain(sentTo);
      expect(await latestOtp(env.server, BUDI_PHONES[0], sentAt)).toBe(code);
      // A reload on verify too: the page loads the verify step's machinery (which the form's page
      // does not carry) before the transaction resumes, with the same request.
      await page.reload();
      await page.getByTestId('otp-panel').waitFor();
      expect(await page.getByTestId('otp-panel').textContent()).toContain(sentTo);
      expect(await latestOtp(env.server, BUDI_PHONES[0], sentAt)).toBe(code);
      await page.getByTestId('otp-input').fill(code);
      await page.locator('[data-testid="otp-confirm"]:not([disabled])').waitFor();
      await screenshot(page, 'flows-bpjs-verify-otp-en');
      const confirmCall = page.waitForResponse(isCall('confirm'));
      await page.getByTestId('otp-confirm').click();
      const receipt = await jsonOf<Receipt>(confirmCall);

      // Receipt: success, reference number, admin fee and total.
      await page.waitForURL(/\/payment\/bpjs\/receipt\/$/);
      const view = page.locator('[data-testid="receipt-view"][data-status="success"]');
      await view.waitFor();
      expect(receipt.status).toBe('success');
      expect(receipt.referenceNo).toMatch(/\S{6,}/);
      expect(await page.getByTestId('receipt-reference').textContent()).toContain(receipt.referenceNo);
      const receiptText = (await view.textContent()) ?? '';
      expect(receiptText).toContain('Transaction successful');
      expect(receiptText).toContain(`Admin fee${formatMoney({ amount: 250000, currency: 'IDR' }, 'en')}`);
      expect(receiptText).toContain(`Total${formatMoney(inquiry.total, 'en')}`);
      expect(receipt.total).toEqual(inquiry.total);
      await screenshot(page, 'flows-bpjs-receipt-en');

      const after = await accountOf(env.server, headers, SOURCE);
      expect(before.balance.amount - after.balance.amount).toBe(inquiry.amount.amount + 250000);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says a look-up that timed out is a time-out (nothing was booked), and Reload asks again with the same form', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      // The simulated biller does not answer a number ending 0504 in time (504, ESB 0068).
      await fillBpjsForm(page, '8888801230504');
      const first = page.waitForResponse(isCall('inquiry'));
      await page.getByTestId('inquiry-submit').click();
      expect((await first).status()).toBe(504);
      const dialog = page.getByTestId('error-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Connection time-out, unable to load data');
      expect(await dialog.textContent()).not.toContain('Transaction in progress');
      // Asked again with the same number: the biller times out on it again (an empty form would be a 400).
      const again = page.waitForResponse(isCall('inquiry'));
      await dialog.getByRole('button', { name: 'Reload' }).click();
      expect((await again).status()).toBe(504);
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe('/payment/bpjs/inquiry/');
      expect(await page.locator('#root_customerNumber').inputValue()).toBe('8888801230504');
    } finally {
      await context.close();
    }
  });

  it("the flow's own labels follow a language switch on its page, the typed number kept", async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      await fillBpjsForm(page, '8888801234567');
      const label = page.locator('label[for="root_customerNumber"]');
      expect(await label.textContent()).toContain('Virtual account number');
      await page.getByTestId('lang-id').click();
      await expect.poll(() => label.textContent()).toContain('Nomor virtual account');
      expect(await page.locator('#root_customerNumber').inputValue()).toBe('8888801234567');
      await page.getByTestId('lang-en').click();
      await expect.poll(() => label.textContent()).toContain('Virtual account number');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
