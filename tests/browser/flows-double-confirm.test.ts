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
  accountOf,
  chooseOption,
  isCall,
  jsonOf,
  postApi,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();

/** Budi's current account: a BPJS source of fund. */
const SOURCE = '800987654306';

interface HistoryEntry {
  referenceNo: string;
  type: 'debit' | 'credit';
  amount: { amount: number; currency: string };
}

async function historyOf(headers: Record<string, string>, accountId: number): Promise<HistoryEntry[]> {
  const res = await postApi<{ entries: HistoryEntry[] }>(env.server, headers, '/api/account/v1/history', {
    accountId,
  });
  return res.status === 200 ? res.body.entries : [];
}

/** Budi's BPJS payments in the journal (every status). */
async function bpjsJournals(): Promise<number> {
  const { rows } = await env.server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM journal j JOIN customers c ON c.id = j.customer_id
      WHERE c.user_id = $1 AND j.flow_id = 'payment.bpjs'`,
    [PERSONAS.budi.userId],
  );
  return rows[0]!.n;
}

/** Logs in, pays a BPJS bill up to the entered OTP; returns what the checks need. */
async function upToConfirm(page: Page, customerNumber: string) {
  await signIn(page, env.server.baseUrl, PERSONAS.budi);
  const headers = await sessionHeaders(page);
  const account = await accountOf(env.server, headers, SOURCE);
  const history = await historyOf(headers, account.id);
  await page.goto(`${env.server.baseUrl}/payment/bpjs/inquiry/`);
  await page.getByTestId('inquiry-view').waitFor();
  // Marks the page: it must be the same element on the verify step (kept mounted, not built anew).
  await page.getByTestId('flow-payment.bpjs').evaluate((el) => (el.dataset.mark = 'inquiry'));
  // The shell asked for the customer when the page loaded; a flow's page must not ask again (waiting
  // for the answer blanked the receipt for a moment).
  const customerAsked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/session/me')) customerAsked.push(page.url());
  });
  await chooseOption(page, 'sourceOfFund', SOURCE);
  await page.locator('#root_customerNumber').fill(customerNumber);
  const inquiryCall = page.waitForResponse(isCall('inquiry'));
  await page.getByTestId('inquiry-submit').click();
  const inquiry = await jsonOf<{ total: { amount: number } }>(inquiryCall);
  const sentAt = new Date();
  await page.getByTestId('otp-send').click();
  await page.getByTestId('otp-panel').waitFor();
  const code = await latestOtp(env.server, BUDI_PHONES[0], sentAt);
  await page.getByTestId('otp-input').fill(code);
  // The URL follows the machine to verify, maybe only now: the code typed must survive it.
  await page.waitForURL(/\/payment\/bpjs\/verify\/$/);
  expect(await page.locator('[data-testid="flow-payment.bpjs"][data-mark="inquiry"]').count()).toBe(1);
  await page.locator('[data-testid="otp-confirm"]:not([disabled])').waitFor();
  const confirms: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/transaction/v1/confirm')) confirms.push(r.url());
  });
  const journals = await bpjsJournals();
  return { headers, account, history, total: inquiry.total.amount, confirms, journals, customerAsked };
}

/** After the clicks: one receipt on the page, one journal, one debit of the total. */
async function expectExactlyOnce(page: Page, s: Awaited<ReturnType<typeof upToConfirm>>, shot: string) {
  await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
  // The receipt is shown before the URL follows the machine to the receipt step's page.
  await page.waitForURL(/\/payment\/bpjs\/receipt\/$/);
  const reference = (await page.getByTestId('receipt-reference').textContent())?.replace(/\D/g, '') ?? '';
  await screenshot(page, shot);
  expect(await page.getByTestId('receipt-view').count()).toBe(1);
  expect(s.customerAsked).toEqual([]);
  // One call reached the server (the second click found the machine already confirming).
  expect(s.confirms).toHaveLength(1);

  const after = await accountOf(env.server, s.headers, SOURCE);
  expect(s.account.balance.amount - after.balance.amount).toBe(s.total);
  const seen = new Set(s.history.map((e) => e.referenceNo));
  const fresh = (await historyOf(s.headers, s.account.id)).filter((e) => !seen.has(e.referenceNo));
  expect(fresh).toEqual([
    expect.objectContaining({
      referenceNo: reference,
      type: 'debit',
      amount: { amount: s.total, currency: 'IDR' },
    }),
  ]);
  const { rows } = await env.server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM journal j JOIN customers c ON c.id = j.customer_id
      WHERE c.user_id = $1 AND j.flow_id = 'payment.bpjs' AND j.reference_no = $2`,
    [PERSONAS.budi.userId, reference],
  );
  expect(rows[0]!.n).toBe(1);
  expect(await bpjsJournals()).toBe(s.journals + 1);
}

describe('a double click on confirm executes once', () => {
  it('page.dblclick on the OTP confirm button', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      const s = await upToConfirm(page, '8888807654321');
      await page.getByTestId('otp-confirm').dblclick();
      await expectExactlyOnce(page, s, 'flows-double-confirm-dblclick-en');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('two clicks in the same task through element.click()', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id' });
    try {
      const s = await upToConfirm(page, '8888801112223');
      await screenshot(page, 'flows-double-confirm-before-id');
      const button = await page.waitForFunction(() =>
        document.querySelector<HTMLButtonElement>('[data-testid="otp-confirm"]:not([disabled])'),
      );
      await button.evaluate((b: HTMLButtonElement) => {
        b.click();
        b.click();
      });
      await expectExactlyOnce(page, s, 'flows-double-confirm-evaluate-id');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
