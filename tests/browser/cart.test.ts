import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PERSONAS,
  companionLogin,
  latestOtp,
  signIn,
  newContext,
  serverAndBrowser,
  accountOf,
  chooseOption,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();

const SOURCE = '800123456701';
/** Rina's savings account (demo seed): another customer of the bank. */
const BENEFICIARY = '800123456837';

type Result = { status: string; receipt?: { total?: { amount: number } } };

/** Fills a flow's form, goes on to verify, and adds the transaction to the cart instead of verifying it. */
async function addToCart(page: Page, url: string, fill: () => Promise<void>) {
  await page.goto(`${env.server.baseUrl}${url}`);
  await page.getByTestId('inquiry-view').waitFor();
  await fill();
  await page.getByTestId('inquiry-submit').click();
  await page.getByTestId('verify-view').waitFor();
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL(/\/cart\/$/);
}

/** A same-bank transfer, a BPJS bill and a mobile top-up, each added to the cart from its verify page. */
async function addThree(
  page: Page,
  v: { purpose: string; amount: string; bpjsNumber: string; phone: string; denomination: string },
) {
  await addToCart(page, '/transfer/inquiry/?type=same-bank', async () => {
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.locator('#root_beneficiaryAccountNo').fill(BENEFICIARY);
    await chooseOption(page, 'purpose', v.purpose);
    await page.locator('#root_amount').fill(v.amount);
  });
  await addToCart(page, '/payment/bpjs/inquiry/', async () => {
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.locator('#root_customerNumber').fill(v.bpjsNumber);
  });
  await addToCart(page, '/purchase/mobile/inquiry/', async () => {
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.locator('#root_phoneNumber').fill(v.phone);
    await expect.poll(() => page.locator('#root_operator').textContent()).toBe('Telkomsel');
    await chooseOption(page, 'denomination', v.denomination);
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
  });
}

describe('the cart', () => {
  it('adds a transfer, a bill and a top-up, verifies them with one OTP, and sees three results and the balance lower by their totals', async () => {
    const web = await newContext(env.browser, { language: 'en' });
    const { page } = web;
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(page);
      const start = (await accountOf(env.server, headers, SOURCE)).balance.amount;

      await addThree(page, {
        purpose: 'Family',
        amount: '100000',
        bpjsNumber: '8888801234567',
        phone: '081298765431',
        denomination: 'Credit 50,000 —',
      });
      await expect.poll(() => page.getByTestId('cart-item').count()).toBe(3);
      await page.locator('[data-testid="cart-badge"][data-count="3"]').waitFor();

      // One OTP for the three.
      const sentAt = new Date();
      await page.getByTestId('cart-verify-otp').click();
      await page.getByTestId('cart-verify').waitFor();
      await page.getByTestId('cart-otp').fill(await latestOtp(env.server, undefined, sentAt));
      const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/cart/v1/confirm'));
      await page.getByTestId('cart-confirm').click();
      const first = ((await (await confirmed).json()) as { results: Result[] }).results;
      await expect
        .poll(() => page.locator('[data-testid="cart-result"][data-status="success"]').count())
        .toBe(3);
      const spent = (rs: Result[]) => rs.reduce((s, r) => s + (r.receipt?.total?.amount ?? 0), 0);
      const afterOtp = (await accountOf(env.server, headers, SOURCE)).balance.amount;
      expect(start - afterOtp).toBe(spent(first));

      await page.locator('[data-testid="cart-badge"][data-count="0"]').waitFor();
    } finally {
      await web.context.close();
    }
  });

  it('asks before logging out with items in the cart, then verifies three items by one approval in the companion app', async () => {
    const web = await newContext(env.browser, { language: 'id' });
    const mobile = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
    const { page } = web;
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(page);
      const start = (await accountOf(env.server, headers, SOURCE)).balance.amount;

      await addThree(page, {
        purpose: 'Keluarga',
        amount: '250000',
        bpjsNumber: '8888807654321',
        phone: '081298765432',
        denomination: 'Pulsa 25.000 —',
      });
      await page.locator('[data-testid="cart-badge"][data-count="3"]').waitFor();

      // Logging out with items in the cart asks first (spec section 4); staying keeps the session.
      await page.getByTestId('logout').click();
      await page.getByTestId('cart-logout-stay').click();
      await page.getByTestId('cart-logout-stay').waitFor({ state: 'detached' });
      expect(page.url()).toMatch(/\/cart\/$/);

      // One approval for the three, in the app, which lists every item.
      await mobile.page.goto(`${env.server.baseUrl}/m/`);
      await companionLogin(mobile.page, env.server, PERSONAS.budi.userId, '482916');
      await page.getByTestId('cart-verify-approval').click();
      const shown = (await page.getByTestId('cart-match-number').textContent())!.trim();
      const card = mobile.page.getByTestId('approval-card');
      await card.waitFor();
      // Every item is on the phone, with its own details (numbers grouped as the web shows them).
      const request = ((await card.textContent()) ?? '').replace(/\s/g, '');
      expect(request).toContain('3 transactions in the cart'.replace(/\s/g, ''));
      expect(request).toContain('RINAKUSUMAWATI');
      expect(request).toContain('8888807654321');
      expect(request).toContain('0812-9876-5432');
      const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/cart/v1/confirm'));
      await mobile.page.getByTestId(`approval-match-${shown}`).click();
      const results = ((await (await confirmed).json()) as { results: Result[] }).results;
      expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success']);
      await expect
        .poll(() => page.locator('[data-testid="cart-result"][data-status="success"]').count())
        .toBe(3);
      const spent = results.reduce((s, r) => s + (r.receipt?.total?.amount ?? 0), 0);
      expect(start - (await accountOf(env.server, headers, SOURCE)).balance.amount).toBe(spent);
      await page.locator('[data-testid="cart-badge"][data-count="0"]').waitFor();

      // With an empty cart, logout goes straight to the login page.
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login\/$/);
    } finally {
      await web.context.close();
      await mobile.context.close();
    }
  });
});
