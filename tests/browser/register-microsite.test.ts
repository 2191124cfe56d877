import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import {
  latestCode,
  registrationPage,
  SHOTS,
  startRegistrationServer,
  staysOn,
  type RegistrationServer,
} from '../register/browser-harness';
import { REGISTRATION_HOLDERS } from '../../src/server/registration/seed';

const holder = (cif: string) => REGISTRATION_HOLDERS.find((h) => h.cif === cif)!;

describe('registration microsite in a real browser', () => {
  let s: RegistrationServer;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    s = await startRegistrationServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const newPage = (): Promise<Page> => registrationPage(s.browser, 900);

  it('registers a savings holder, then the new user id and password log in to internet banking', async () => {
    const page = await newPage();
    const h = holder('REG0004');
    await page.goto(`${s.base}/register`);
    await page.getByTestId('screen-base').waitFor();
    await page.screenshot({ path: `${SHOTS}/01-base.png` });
    await page.getByTestId('choose-casa').click();
    await page.getByTestId('screen-casadetails').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register/casadetails/');

    // A rule of the microsite's reading, inline.
    await page.fill('#reg-accountNumber', '80010020030');
    await page.locator('#reg-atmCardLast4').focus();
    await expect
      .poll(() => page.locator('#reg-accountNumber-helper').textContent())
      .toBe('Your input has to be within 12-13 digits');
    await page.fill('#reg-accountNumber', h.casa!.accountNo);
    await page.fill('#reg-atmCardLast4', h.casa!.atmCardLast4);
    await page.fill('#reg-atmPin', h.casa!.atmPin);
    await page.screenshot({ path: `${SHOTS}/02-casa.png` });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByTestId('screen-userinformations').waitFor();
    // The token was extended on load: the session-timeout countdown runs from 10 minutes.
    await page.getByTestId('session-countdown').waitFor();
    expect(await page.getByTestId('session-countdown').textContent()).toMatch(
      /Your session ends in (09:\d\d|10:00)/,
    );
    await page.fill('#reg-userId', 'wulan2026');
    await page.fill('#reg-password', 'wulan2026');
    await expect
      .poll(() => page.getByTestId('password-strength').getAttribute('data-strength'))
      .toBe('notAcceptable');
    await page.fill('#reg-password', 'Wulan@2026#');
    await expect
      .poll(() => page.getByTestId('password-strength').getAttribute('data-strength'))
      .toBe('strong');
    await page.fill('#reg-secureWord', 'mangrove');
    await page.fill('#reg-email', 'wulan@example.com');
    await page.getByTestId('mobile-login').locator('input').check();
    await page.fill('#reg-appPin', '123456');
    await page.locator('#reg-email').focus();
    await expect.poll(() => page.locator('#reg-appPin-helper').textContent()).toBe('PIN is not acceptable');
    await page.fill('#reg-appPin', '804271');
    await page.screenshot({ path: `${SHOTS}/03-user-info.png`, fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByTestId('screen-validatephone').waitFor();
    await page.screenshot({ path: `${SHOTS}/04-phone.png` });
    await page.getByRole('button', { name: 'Send activation code' }).click();
    await page.getByTestId('screen-otp').waitFor();
    // Resend is blocked by the countdown.
    expect(await page.getByTestId('otp-resend').isDisabled()).toBe(true);
    expect(await page.getByTestId('otp-resend').textContent()).toMatch(/Resend in \d+ s/);
    // A wrong code stays inline (OTP_05).
    await page.fill('#reg-otp', '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.locator('#reg-otp').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/Invalid OTP\. 2 attempts left/).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/05-otp-wrong.png` });
    await page.fill('#reg-otp', await latestCode(s.base, h.phones[0]!));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByTestId('screen-validate-email').waitFor();
    await page.fill('#reg-otp', await latestCode(s.base, 'wulan@example.com'));
    await page.screenshot({ path: `${SHOTS}/06-email.png` });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('screen-yay-success').waitFor();
    await page.screenshot({ path: `${SHOTS}/07-success.png` });
    expect(await page.getByText(/user ID wulan2026/).count()).toBe(1);

    // The new login works on internet banking (API: login then the dashboard).
    const login = await fetch(`${s.base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-browser-id': 'reg-test-browser' },
      body: JSON.stringify({ userId: 'wulan2026', password: 'Wulan@2026#' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { status: string; customer: { fullName: string } };
    expect(body.status).toBe('ok');
    expect(body.customer.fullName).toContain('Wulan Sari');
    const token = login.headers.get('access_token')!;
    const summary = await fetch(`${s.base}/api/dashboard/v1/summary`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-browser-id': 'reg-test-browser',
      },
      body: '{}',
    });
    expect(summary.status).toBe(200);
    const dash = (await summary.json()) as { accounts: { accountNo: string }[] };
    expect(dash.accounts.map((a) => a.accountNo)).toContain(h.casa!.accountNo);

    // And through the login page, the user reaches the dashboard.
    await page.getByTestId('go-login').click();
    await page.waitForURL(/\/login\/?$/);
    await page.locator('input[name="userId"], #userId').first().fill('wulan2026');
    await page
      .getByRole('button', { name: /next|lanjut/i })
      .first()
      .click();
    await page.getByTestId('secure-word').waitFor();
    expect(await page.getByTestId('secure-word').textContent()).toContain('mangrove');
    await page.locator('input[type="password"]').first().fill('Wulan@2026#');
    await page.locator('button[type="submit"]').last().click();
    await page.waitForURL(/\/dashboard\//, { timeout: 30_000 });
    await page.getByTestId(`account-${h.casa!.accountNo}`).waitFor();
    expect(await page.getByTestId('dashboard-greeting').textContent()).toContain('Wulan');
    await page.screenshot({ path: `${SHOTS}/08-dashboard.png` });

    // The companion app login takes the app PIN.
    const mobile = await fetch(`${s.base}/api/mobile/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-browser-id': 'reg-test-phone' },
      body: JSON.stringify({ userId: 'wulan2026', appPin: '804271' }),
    });
    expect(mobile.status).toBe(200);
    await page.context().close();
  });

  it('guards: steps without the previous state go to the base; back and forward do nothing there', async () => {
    const page = await newPage();
    for (const screen of [
      'casadetails',
      'ccdetails',
      'userinformations',
      'validatephone',
      'otp',
      'validate-email',
      'yay',
    ]) {
      await page.goto(`${s.base}/register/${screen}/`);
      await page.getByTestId('screen-base').waitFor();
      expect(new URL(page.url()).pathname, screen).toMatch(/^\/register\/?$/);
    }
    // Card activation opens without state.
    await page.goto(`${s.base}/register/ccotp/`);
    await page.getByTestId('screen-ccotp').waitFor();

    await page.goto(`${s.base}/register/`);
    await page.getByTestId('screen-base').waitFor();
    // Back pressed the moment the screen appears, before the browser paints it: blocked too.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="screen-ccdetails"]')) return;
        observer.disconnect();
        history.back();
        document.body.dataset.pressedBack = 'yes';
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('choose-cc').click();
    // The URL changes before the screen is drawn: wait for the back itself, then for the undo.
    await page.locator('body[data-pressed-back="yes"]').waitFor({ state: 'attached' });
    await staysOn(page, '/register/ccdetails/');
    await page.goBack();
    await staysOn(page, '/register/ccdetails/');
    expect(await page.getByTestId('screen-ccdetails').count()).toBe(1);

    // The credit card route: the details pass, and back is still blocked on user info.
    const h = holder('REG0006');
    await page.fill('#reg-cardNumber', h.creditCard!.cardNumber);
    await page.fill('#reg-dateOfBirth', h.dateOfBirth);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('screen-userinformations').waitFor();
    await page.goBack();
    await staysOn(page, '/register/userinformations/');
    await page.goForward();
    await staysOn(page, '/register/userinformations/');

    // Header: language switch and live chat (350x420 panel with the chat page in it).
    await page.getByTestId('lang-id').click();
    await page.getByText('Informasi pengguna').waitFor();
    await page.getByTestId('chat-button').click();
    const panel = page.getByTestId('chat-panel');
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([350, 420]);
    const chat = page.frameLocator('[data-testid="chat-panel"] iframe');
    await chat.locator('#log .agent').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/09-chat.png` });
    expect(await page.getByTestId('home-button').getAttribute('href')).toBe('/login/');
    await page.context().close();
  });

  it('three wrong codes freeze the phone: the user picks the other number', async () => {
    const page = await newPage();
    const h = holder('REG0002');
    await page.goto(`${s.base}/register/`);
    await page.getByTestId('choose-casa').click();
    await page.fill('#reg-accountNumber', h.casa!.accountNo);
    await page.fill('#reg-atmCardLast4', h.casa!.atmCardLast4);
    await page.fill('#reg-atmPin', h.casa!.atmPin);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('screen-userinformations').waitFor();
    await page.fill('#reg-userId', 'lestari01');
    await page.fill('#reg-password', 'Lestari#01');
    await page.fill('#reg-secureWord', 'tamarind');
    await page.fill('#reg-email', 'lestari@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('screen-validatephone').waitFor();
    expect(await page.getByRole('radio').count()).toBe(2);
    await page.getByRole('button', { name: 'Send activation code' }).click();
    await page.getByTestId('screen-otp').waitFor();
    for (let i = 0; i < 3; i++) {
      await page.fill('#reg-otp', '999999');
      await page.getByRole('button', { name: 'Verify' }).click();
      if (i < 2) await page.getByText(`Invalid OTP. ${2 - i} attempt`).waitFor();
    }
    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Mobile number frozen');
    await page.screenshot({ path: `${SHOTS}/16-phone-frozen.png` });
    await dialog.getByRole('button').last().click();
    await page.getByTestId('screen-validatephone').waitFor();
    const radios = page.getByRole('radio');
    expect(await radios.nth(0).isDisabled()).toBe(true);
    expect(await radios.nth(1).isChecked()).toBe(true);
    expect(await page.getByText(/frozen until/).count()).toBe(1);
    await page.getByRole('button', { name: 'Send activation code' }).click();
    await page.getByTestId('screen-otp').waitFor();
    expect(await page.getByText(/\+62856\*+0002/).count()).toBe(1);
    await page.fill('#reg-otp', await latestCode(s.base, h.phones[1]!));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('screen-validate-email').waitFor();
    await page.context().close();
  });

  it('blocked CIF and wrong data show the catalogue texts', async () => {
    const page = await newPage();
    const h = holder('REG0007');
    await page.goto(`${s.base}/register/`);
    await page.getByTestId('choose-casa').click();
    await page.fill('#reg-accountNumber', h.casa!.accountNo);
    await page.fill('#reg-atmCardLast4', h.casa!.atmCardLast4);
    await page.fill('#reg-atmPin', h.casa!.atmPin);
    await page.getByRole('button', { name: 'Next' }).click();
    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Your registration cannot be processed');
    expect(await dialog.textContent()).toContain('CIF');
    await page.screenshot({ path: `${SHOTS}/10-cif-blocked.png` });
    await dialog.getByRole('button').last().click();
    await page.fill('#reg-atmPin', '000001');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Data that you have inputted was incorrect').waitFor();
    await page.context().close();
  });
});
