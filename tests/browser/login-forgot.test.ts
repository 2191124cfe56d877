import { describe, expect, it } from 'vitest';
import { latestOtp, login, newContext, outbox, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

async function savingsAccountOf(userId: string): Promise<string> {
  const { rows } = await env.server.db.query<{ account_no: string }>(
    `SELECT a.account_no FROM accounts a JOIN customers c ON c.id = a.customer_id
      WHERE c.user_id = $1 AND a.product = 'savings' AND a.currency = 'IDR' ORDER BY a.id LIMIT 1`,
    [userId],
  );
  if (!rows[0]) throw new Error(`no savings account for ${userId}`);
  return rows[0].account_no;
}

describe('forgot flows against the real server', () => {
  it('forgot password: base, credentials, OTP with the new password, then login with it', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.getByRole('link', { name: 'Forgot password' }).click();
      await page.waitForURL(/\/login\/forgot-password\/$/);
      await page.getByRole('link', { name: 'Start' }).click();
      await page.waitForURL(/\/login\/forgot-password\/credentials\/$/);
      // browser-side rules first: nothing goes to the server
      await page.locator('input[name="accountNumber"]').fill('123');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Your input has to be within 12-13 digits').waitFor();
      await screenshot(page, 'login-forgot-password-credentials-desktop-en');

      await page.locator('input[name="userId"]').fill(PERSONAS.rina.userId);
      await page.locator('input[name="accountNumber"]').fill(await savingsAccountOf(PERSONAS.rina.userId));
      await page.locator('input[name="atmCardLast4"]').fill('3381');
      await page.locator('input[name="atmPin"]').fill('135790');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/login\/forgot-password\/otp\/$/);
      const sent = new Date();
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByTestId('otp-input').waitFor();
      const code = await latestOtp(env.server, '+6287812345678', sent);
      await page.locator('input[name="newPassword"]').fill('Rina@2027x');
      await page.locator('input[name="confirmPassword"]').fill('Rina@2027x');
      // Pasted as the SMS shows it to some phones ("123-456"): the six digits are taken.
      await page.getByTestId('otp-input').focus();
      await page.keyboard.insertText(`${code.slice(0, 3)}-${code.slice(3)}`);
      expect(await page.getByTestId('otp-input').inputValue()).toBe(code);
      await screenshot(page, 'login-forgot-password-otp-desktop-en');
      await page.getByRole('button', { name: 'Confirm' }).click();
      const result = page.getByTestId('forgot-result');
      await result.waitFor();
      expect(await result.textContent()).toContain('Your password has been changed');
      await login(page, env.server.baseUrl, { ...PERSONAS.rina, password: 'Rina@2027x' });
      expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('forgot e-debit number: the masked card number goes by SMS to the verified phone', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.getByRole('link', { name: 'Forgot e-debit number' }).click();
      await page.getByRole('link', { name: 'Start' }).click();
      await page.locator('input[name="userId"]').fill(PERSONAS.budi.userId);
      await page.locator('input[name="dateOfBirth"]').fill('1984-03-14');
      await page.locator('input[name="accountNumber"]').fill(await savingsAccountOf(PERSONAS.budi.userId));
      await screenshot(page, 'login-forgot-edebit-credentials-mobile-en');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/login\/forgot-edebit\/otp\/$/);
      const sent = new Date();
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByTestId('otp-input').waitFor();
      const code = await latestOtp(env.server, '+6281234567890', sent);
      await page.getByTestId('otp-input').fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      const result = page.getByTestId('forgot-result');
      await result.waitFor();
      expect(await result.textContent()).toContain('Your e-debit number has been sent by SMS');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });

  it('forgot user id by credit card or account: the user id arrives by SMS, never on the page', async () => {
    const { context, page } = await newContext(env.browser, { language: 'id' });
    try {
      await page.goto(`${env.server.baseUrl}/login/forgot-userid/credentials/`);
      await page.locator('input[name="accountNumber"]').fill(await savingsAccountOf(PERSONAS.budi.userId));
      await page.locator('input[name="dateOfBirth"]').fill('1984-03-14');
      await page.getByRole('button', { name: 'Lanjut' }).click();
      await page.waitForURL(/\/login\/forgot-userid\/otp\/$/);
      // two phones: send to the second one
      await page.getByRole('radio').nth(1).check();
      const sent = new Date();
      await page.getByRole('button', { name: 'Kirim kode' }).click();
      await page.getByTestId('otp-input').waitFor();
      const code = await latestOtp(env.server, '+6285712345678', sent);
      await page.getByTestId('otp-input').fill(code);
      await page.getByRole('button', { name: 'Konfirmasi' }).click();
      const result = page.getByTestId('forgot-result');
      await result.waitFor();
      expect(await result.textContent()).toContain('User ID Anda telah dikirim lewat SMS');
      expect(await page.locator('body').textContent()).not.toContain('budisantoso');
      const sms = await outbox(env.server, '+6285712345678');
      expect(sms.some((m) => m.text.includes('budisantoso'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
