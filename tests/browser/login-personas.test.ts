import { describe, expect, it } from 'vitest';
import {
  enterUserId,
  latestOtp,
  login,
  newContext,
  PERSONAS,
  screenshot,
  serverAndBrowser,
} from '../kit/browser';

const env = serverAndBrowser();

describe('each persona logs in and sees the right dashboard', () => {
  it('budisantoso (full customer): secure word, then accounts, cards, deposits, investments', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await screenshot(page, 'login-desktop-en');
      expect(await enterUserId(page, env.server.baseUrl, PERSONAS.budi)).toBe('sunflower');
      expect(await page.getByText('Make sure this is your secure word').isVisible()).toBe(true);
      await screenshot(page, 'login-secure-word-desktop-en');
      await page.locator('input[name="password"]').fill(PERSONAS.budi.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/dashboard\/$/);
      await expect
        .poll(() => page.getByTestId('dashboard-greeting').textContent())
        .toMatch(/^Good (morning|afternoon|evening|night), Mr\. Budi/);
      for (const s of ['accounts', 'cards', 'deposits', 'investments']) {
        expect(await page.getByTestId(`section-${s}`).isVisible(), s).toBe(true);
      }
      const accounts = (await page.getByTestId('section-accounts').textContent()) ?? '';
      expect(accounts).toMatch(/IDR [\d,]+/);
      expect(accounts).toMatch(/USD [\d,]+\.\d\d/);
      expect(await page.getByTestId('no-default-account').count()).toBe(0);
      await screenshot(page, 'dashboard-budi-desktop-en');
      // the session lives in sessionStorage only: nothing of it in localStorage
      const local = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(local.filter((k) => !['language', 'browserId', 'bannerDismissed'].includes(k))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('saridewi (credit-card-only): cards, no accounts, and the pop-up on a feature needing CASA', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.sari);
      await expect.poll(() => page.getByTestId('dashboard-greeting').textContent()).toMatch(/, Ms\. Sari/);
      expect(await page.getByTestId('section-cards').isVisible()).toBe(true);
      expect(await page.getByTestId('section-accounts').count()).toBe(0);
      await page.getByTestId('action-transfer').click();
      const dialog = page.getByTestId('casa-required-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Savings/Current Account');
      await page.waitForTimeout(400); // let the dialog's fade-in finish before the picture
      await screenshot(page, 'dashboard-sari-casa-dialog-desktop-en');
      expect(new URL(page.url()).pathname).toBe('/dashboard/');
    } finally {
      await context.close();
    }
  });

  it('andiwijaya (supplementary): the notice, and the feature unavailable with a visit to a branch', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.andi);
      await page.getByTestId('supplementary-notice').waitFor();
      expect(await page.getByTestId('section-cards').textContent()).toContain('Supplementary');
      await page.getByTestId('action-payment').click();
      const dialog = page.getByTestId('supplementary-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/branch/i);
      expect(await page.getByTestId('casa-required-dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('rinanodefault: dashboard error 95 through the catalogue with a link to settings', async () => {
    const { context, page } = await newContext(env.browser, { language: 'id' });
    try {
      await login(page, env.server.baseUrl, PERSONAS.rina);
      const alert = page.getByTestId('no-default-account');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Rekening utama belum diatur');
      expect(await alert.locator('a').getAttribute('href')).toMatch(/^\/settings\//);
      expect(await page.getByTestId('section-accounts').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('dewifds: the FDS challenge with the OTP from the SMS, then the dashboard', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await enterUserId(page, env.server.baseUrl, PERSONAS.dewi);
      await page.locator('input[name="password"]').fill(PERSONAS.dewi.password);
      const sent = new Date();
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/login\/fdschallenge\/$/);
      expect(await page.getByRole('button', { name: /Resend code in 0[01]:/ }).isDisabled()).toBe(true);
      // a wrong code stays inline
      const code = await latestOtp(env.server, undefined, sent);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByTestId('otp-input').fill(wrong);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.locator('.Mui-error').first().waitFor();
      await screenshot(page, 'login-fds-challenge-desktop-en');
      await page.getByTestId('otp-input').fill(code);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/dashboard\/$/);
      await page.getByTestId('dashboard').waitFor();
    } finally {
      await context.close();
    }
  });

  it('bayubds on a new browser: the BDS challenge, the resend countdown, then the dashboard', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await page.clock.install();
      await page.goto(`${env.server.baseUrl}/login/`);
      await enterUserId(page, env.server.baseUrl, PERSONAS.bayu);
      await page.locator('input[name="password"]').fill(PERSONAS.bayu.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/login\/bdschallenge\/$/);
      await page.getByRole('heading', { name: 'New browser detected' }).waitFor();
      const resend = page.getByRole('button', { name: /Resend code/ });
      expect(await resend.isDisabled()).toBe(true);
      await page.clock.fastForward('01:01');
      await expect.poll(() => resend.textContent()).toBe('Resend code');
      // (the server keeps its own countdown in real time, so the resend itself is not clicked here)
      const code = await latestOtp(env.server);
      await page.getByTestId('otp-input').fill(code);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/dashboard\/$/);
      await page.getByTestId('dashboard').waitFor();
    } finally {
      await context.close();
    }
  });

  it('T&C, tutorial, contact us and FAQ have their content; the login banner stays dismissed on reload', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      const banners = page.getByTestId('maintenance-banners');
      await banners.waitFor();
      await banners.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => banners.count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(await page.getByTestId('maintenance-banners').count()).toBe(0);

      await page.getByRole('link', { name: 'Terms and Conditions' }).click();
      await page.getByRole('heading', { name: 'Terms and Conditions of Internet Banking' }).waitFor();
      expect(await page.locator('main li').count()).toBeGreaterThanOrEqual(6);
      await screenshot(page, 'login-terms-desktop-en');
      await page.getByRole('link', { name: 'Tutorial' }).click();
      await page.getByRole('heading', { name: 'Tutorial', level: 1 }).waitFor();
      expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(5);
      await page.getByRole('link', { name: 'Contact Us' }).click();
      await page.getByRole('link', { name: '14041' }).waitFor();
      await page.getByRole('link', { name: 'FAQ' }).click();
      await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
      await page.getByRole('button', { name: 'What is the secure word?' }).click();
      await page.getByText('A word you choose at registration').waitFor();
      await screenshot(page, 'login-faq-desktop-en');
    } finally {
      await context.close();
    }
  });

  it('a wrong password shows the server message in Indonesian', async () => {
    const { context, page } = await newContext(env.browser, { language: 'id' });
    try {
      await page.goto(`${env.server.baseUrl}/login/`);
      await enterUserId(page, env.server.baseUrl, PERSONAS.budi);
      await page.locator('input[name="password"]').fill('Salah@2026');
      await page.locator('form button[type="submit"]').click();
      const alert = page.getByTestId('login-error');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('CLICKS : LOGIN_FAILED');
      expect(new URL(page.url()).pathname).toBe('/login/');
    } finally {
      await context.close();
    }
  });
});
