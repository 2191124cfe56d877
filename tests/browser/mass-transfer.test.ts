import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import {
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  accountOf,
  chooseOption,
  postApi,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();

/** Budi's main savings account (demo seed). */
const SOURCE = '800123456701';
/** Rina's and Dewi's savings accounts (demo seed): other customers of the bank. */
const RINA = '800123456837';
const DEWI = '800123456845';

const balanceOfAccountNo = async (accountNo: string) =>
  Number(
    (
      await env.server.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE account_no = $1', [
        accountNo,
      ])
    ).rows[0]!.balance,
  );

/** The batch verified by one OTP, then its results page with `successes` rows done. */
async function verifyByOtp(page: Page, successes: number) {
  const sentAt = new Date();
  await page.getByTestId('batch-verify-otp').click();
  await page.getByTestId('batch-verify').waitFor();
  await page.getByTestId('batch-otp').fill(await latestOtp(env.server, undefined, sentAt));
  await page.getByTestId('batch-confirm').click();
  await page.getByTestId('batch-receipt').waitFor();
  await expect
    .poll(() => page.locator('[data-testid="batch-row"][data-status="success"]').count())
    .toBe(successes);
}

describe('mass transfer', () => {
  it('uploads a CSV with a wrong account and a duplicate, fixes one and drops the other, verifies once by OTP, and sees each row posted with the balances and history right', async () => {
    const web = await newContext(env.browser, { language: 'en' });
    const { page, problems } = web;
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(page);
      const source = await accountOf(env.server, headers, SOURCE);
      const before = {
        budi: source.balance.amount,
        rina: await balanceOfAccountNo(RINA),
        dewi: await balanceOfAccountNo(DEWI),
      };

      // From the transfer chooser to the mass transfer page; the source of fund, then the sheet.
      await page.goto(`${env.server.baseUrl}/transfer/`);
      await page.getByTestId('chooser-item-batch.transfer').click();
      await page.getByTestId('batch-inquiry').waitFor();
      await chooseOption(page, page.getByRole('combobox', { name: 'Source of fund' }), SOURCE.slice(-4));
      const csv = [
        'account_no,bank_code,method,beneficiary_name,amount,purpose,message',
        `${RINA},,,,150000,family,Gaji November`,
        '800999999999,,,,75000,family,',
        `${RINA},,,,250000,business,Invoice 12`,
        `${RINA},,,,150000,family,`,
      ].join('\n');
      await page.getByTestId('batch-file').setInputFiles({
        name: 'payroll.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByTestId('batch-rows').waitFor();
      // The bad rows are shown first, each with its own reason; the good ones are kept.
      await expect.poll(() => page.getByTestId('batch-valid').textContent()).toBe('2 ready');
      const wrong = page.locator('[data-testid="batch-row"][data-line="3"]');
      await expect
        .poll(() => wrong.getByTestId('batch-row-error').textContent())
        .toBe('Account number: Beneficiary account number is not found');
      const duplicate = page.locator('[data-testid="batch-row"][data-line="5"]');
      await expect
        .poll(() => duplicate.getByTestId('batch-row-error').textContent())
        .toBe('Account number: Duplicate of row 2');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'mass-transfer-rows-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'mass-transfer-rows-desktop');

      // Fix the wrong account (checked again, the name found), drop the duplicate.
      await wrong.getByTestId('batch-row-fix').click();
      await page.getByTestId('batch-fix-account_no').fill(DEWI);
      await page.getByTestId('batch-fix-save').click();
      await expect.poll(() => page.getByTestId('batch-valid').textContent()).toBe('3 ready');
      await duplicate.getByTestId('batch-row-remove').click();
      await page.getByTestId('batch-fix-first').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('batch-row').count()).toBe(3);
      await expect
        .poll(() =>
          page
            .locator('[data-testid="batch-row"][data-line="3"]')
            .getByTestId('batch-row-name')
            .textContent(),
        )
        .toMatch(/DEWI/);

      // One OTP for the batch.
      await verifyByOtp(page, 3);
      expect(await page.getByTestId('batch-result-counts').textContent()).toBe(
        '3 successful, 0 in progress, 0 failed',
      );
      await screenshot(page, 'mass-transfer-results-desktop');

      // Each row posted on its own: the balances moved by its amounts, each reference in the history.
      const batchId = new URL(page.url()).searchParams.get('batch')!;
      const view = await postApi<{ rows: { referenceNo: string; total: { amount: number } }[] }>(
        env.server,
        headers,
        '/api/batch/v1/get',
        { batchId },
      );
      const spent = view.body.rows.reduce((s, r) => s + r.total.amount, 0);
      expect(spent).toBe(475_000_00);
      expect((await accountOf(env.server, headers, SOURCE)).balance.amount).toBe(before.budi - spent);
      expect(await balanceOfAccountNo(RINA)).toBe(before.rina + 400_000_00);
      expect(await balanceOfAccountNo(DEWI)).toBe(before.dewi + 75_000_00);
      const history = await postApi<{ entries: { referenceNo: string }[] }>(
        env.server,
        headers,
        '/api/account/v1/history',
        {
          accountId: source.id,
        },
      );
      const listed = new Set(history.body.entries.map((e) => e.referenceNo));
      expect(view.body.rows.map((r) => r.referenceNo).filter((r) => !listed.has(r))).toEqual([]);

      // The result file.
      const downloaded = page.waitForEvent('download');
      await page.getByTestId('batch-download-result').click();
      const file = await readFile((await (await downloaded).path())!, 'utf8');
      expect(file).toContain('status,reference_no,reason');
      expect(file.match(/success/g)).toHaveLength(3);

      // The mass payment page beside it, for the eye: biller codes on demand, desktop and phone.
      await page.goto(`${env.server.baseUrl}/payment/mass-payment/`);
      await page.getByTestId('batch-biller-toggle').click();
      await page.getByTestId('batch-biller-codes').waitFor();
      await screenshot(page, 'mass-payment-start-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'mass-payment-start-phone');
      expect(problems).toEqual([]);
    } finally {
      await web.context.close();
    }
  }, 60_000);

  it('pays two bills and buys two top-ups each as one batch from a sheet, one OTP a batch, every row posted', async () => {
    const web = await newContext(env.browser, { language: 'en' });
    const { page, problems } = web;
    /** Uploads a sheet on a batch page, verifies it by OTP and answers what its rows cost. */
    const runBatch = async (path: string, rows: string[]) => {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.getByTestId('batch-inquiry').waitFor();
      await chooseOption(page, page.getByRole('combobox', { name: 'Source of fund' }), SOURCE.slice(-4));
      await page.getByTestId('batch-file').setInputFiles({
        name: 'sheet.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['biller,customer_no,product,amount', ...rows].join('\n')),
      });
      await page.getByTestId('batch-rows').waitFor();
      await expect.poll(() => page.getByTestId('batch-valid').textContent()).toBe(`${rows.length} ready`);
      await verifyByOtp(page, rows.length);
      const batchId = new URL(page.url()).searchParams.get('batch')!;
      const view = await postApi<{ rows: { total: { amount: number } }[] }>(
        env.server,
        await sessionHeaders(page),
        '/api/batch/v1/get',
        { batchId },
      );
      return view.body.rows.reduce((sum, r) => sum + r.total.amount, 0);
    };
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(page);
      const before = (await accountOf(env.server, headers, SOURCE)).balance.amount;
      const bills = await runBatch('/payment/mass-payment/', ['bpjs,8888805550001,,', 'PAMJAYA,12345670,,']);
      await screenshot(page, 'mass-payment-results-desktop');
      const topups = await runBatch('/purchase/mass-purchase/', [
        'mobile,081298760001,TELKOMSEL-50000,',
        'GOPAY,081234569999,,50000',
      ]);
      expect(bills).toBeGreaterThan(0);
      expect(topups).toBeGreaterThan(100_000_00);
      expect((await accountOf(env.server, headers, SOURCE)).balance.amount).toBe(before - bills - topups);
      expect(problems).toEqual([]);
    } finally {
      await web.context.close();
    }
  }, 60_000);
});
