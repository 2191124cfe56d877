import { describe, expect, it } from 'vitest';
import {
  BUDI_PHONES,
  chooseOption,
  isCall,
  jsonOf,
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
} from '../kit/browser';

const env = serverAndBrowser();
const SOURCE = '800123456701';
/** Dewi's savings account: a beneficiary Budi never paid through the engine. */
const DEWI = '800123456845';

// The engine's multi-step inquiry ("step N of M", Back, a reload in the middle) on a Sun Life
// purchase taken from the insurance landing page to the policy in My account, and the FDS challenge
// a first large transfer to someone new asks before verify, on the spec's /transfer/fds-challenge/.
describe('multi-step inquiry and FDS challenge', () => {
  it('buys Sun Life insurance in three steps, then passes the FDS challenge of a large transfer', async () => {
    const { context, page, problems } = await newContext(env.browser, {
      language: 'en',
      viewport: 'desktop',
    });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const base = env.server.baseUrl;

      // From the insurance landing page to step 1 of 3.
      await page.goto(`${base}/applyandinvest/insurance/`);
      await page
        .locator('[data-testid="apply"]')
        .and(page.locator('[href*="/applyandinvest/sunlife/"]'))
        .first()
        .click();
      await page.waitForURL(/\/applyandinvest\/sunlife\/inquiry\/step-1\//);
      await expect.poll(() => page.getByTestId('step-counter').textContent()).toContain('Step 1 of 3');
      await page.getByRole('radio', { name: 'Life' }).check();
      await page.locator('#root_insuredBirthDate').fill('1990-06-15');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'sunlife-step-1-phone-en');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('inquiry-submit').click();

      // Step 2: the products the first step's answer offers, the cover and the term.
      await page.waitForURL(/\/applyandinvest\/sunlife\/inquiry\/step-2\//);
      await expect.poll(() => page.getByTestId('step-counter').textContent()).toContain('Step 2 of 3');
      await chooseOption(page, 'product', 'Sun Life Brilliant Protection');
      await chooseOption(page, 'cover', 'Rp 250 million');
      await chooseOption(page, 'term', '10 years');
      const step2 = jsonOf<{ details: { premium: number; age: number } }>(
        page.waitForResponse(isCall('inquiry/step')),
      );
      await page.getByTestId('inquiry-submit').click();
      const answer = await step2;
      expect(answer.details.age).toBeGreaterThanOrEqual(35);

      // Step 3, kept across a reload; Back returns to step 2 with what was chosen.
      await page.waitForURL(/\/applyandinvest\/sunlife\/inquiry\/step-3\//);
      await page.reload();
      await expect.poll(() => page.getByTestId('step-counter').textContent()).toContain('Step 3 of 3');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(/\/applyandinvest\/sunlife\/inquiry\/step-2\//);
      expect(await page.locator('#root_product').textContent()).toContain('Sun Life Brilliant Protection');
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/applyandinvest\/sunlife\/inquiry\/step-3\//);
      await page.locator('#root_insuredName').fill('Budi Santoso');
      await page.locator('#root_beneficiaryName').fill('Ani Santoso');
      await chooseOption(page, 'beneficiaryRelation', 'Spouse');
      await chooseOption(page, 'sourceOfFund', SOURCE);
      const inquiry = jsonOf<{ amount: { amount: number } }>(page.waitForResponse(isCall('inquiry')));
      await page.getByTestId('inquiry-submit').click();
      expect((await inquiry).amount.amount).toBe(answer.details.premium);
      await page.waitForURL(/\/applyandinvest\/sunlife\/verify\//);
      await page.getByText('Sun Life Brilliant Protection').first().waitFor();
      await screenshot(page, 'sunlife-verify-desktop-en');
      // Its earlier steps live on the server for a while only: no cart for it.
      expect(await page.getByTestId('add-to-cart').count()).toBe(0);
      await page.getByRole('radio', { name: /7890$/ }).check();
      let sentAt = new Date();
      await page.getByTestId('otp-send').click();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<{ status: string; details: { policyNo: string } }>(
        page.waitForResponse(isCall('confirm')),
      );
      await page.getByTestId('otp-confirm').click();
      const receipt = await confirm;
      expect(receipt.status).toBe('success');
      await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
      await page.getByText(receipt.details.policyNo).first().waitFor();

      // The new policy in My account, at once.
      await page.goto(`${base}/myaccount/insurance-slfi/detail/?policy=${receipt.details.policyNo}`);
      await page.getByText('Sun Life Brilliant Protection').first().waitFor();
      await page.getByText('BUDI SANTOSO').first().waitFor();
      await screenshot(page, 'sunlife-policy-in-my-account-desktop-en');

      // The FDS page with no transaction of its area in progress goes back to the area's chooser.
      await page.goto(`${base}/payment/fds-payment/`);
      await page.waitForURL(/\/payment\/$/);

      // A first transfer of Rp 10 million to Dewi: the challenge before verify.
      await page.goto(`${base}/transfer/inquiry/?type=same-bank`);
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await page.locator('#root_beneficiaryAccountNo').fill(DEWI);
      await chooseOption(page, 'purpose', 'Family');
      await page.locator('#root_amount').fill('10000000');
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/transfer\/fds-challenge\/$/);
      const continueButton = page.getByTestId('fds-continue');
      await expect.poll(() => continueButton.isDisabled()).toBe(true);
      await page.getByTestId('fds-recipient').locator('input').check();
      await page.getByTestId('fds-myself').locator('input').check();
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'transfer-fds-challenge-phone-en');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'transfer-fds-challenge-desktop-en');
      await continueButton.click();
      await page.waitForURL(/\/transfer\/verify\/\?type=same-bank$/);
      await page.getByRole('radio', { name: /7890$/ }).check();
      sentAt = new Date();
      await page.getByTestId('otp-send').click();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      await page.getByTestId('otp-confirm').click();
      await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
      expect(problems).toEqual([]);
    } catch (err) {
      await screenshot(page, 'engine-steps-fds-failure');
      throw err;
    } finally {
      await context.close();
    }
  }, 180_000);
});
