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
import { verifySecret } from '../../src/server/auth/password';

const holder = (cif: string) => REGISTRATION_HOLDERS.find((h) => h.cif === cif)!;

describe('credit card activation and the onboarding frame in a real browser', () => {
  let s: RegistrationServer;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    s = await startRegistrationServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const newPage = async (init?: () => void): Promise<Page> => {
    const page = await registrationPage(s.browser, 800);
    if (init) await page.addInitScript(init);
    return page;
  };

  it('activates a card: details, OTP, temporary PIN and a new PIN; back is blocked on the way', async () => {
    const page = await newPage();
    const h = holder('REG0010');
    await page.goto(`${s.base}/register/`);
    await page.getByTestId('go-ccactivation').click();
    await page.getByTestId('screen-ccactivation').waitFor();
    // Pasted as the card prints it, in groups of four: all sixteen digits arrive.
    await page.locator('#reg-cardNumber').focus();
    await page.keyboard.insertText(h.creditCard!.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(await page.locator('#reg-cardNumber').inputValue()).toBe(h.creditCard!.cardNumber);
    await page.fill('#reg-dateOfBirth', h.dateOfBirth);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByTestId('screen-ccotp').waitFor();
    await page.goBack();
    await staysOn(page, '/register/ccotp/');
    await page.getByRole('button', { name: 'Send activation code' }).click();
    await page.locator('#reg-otp').waitFor();
    // The code pasted from the SMS with spaces around and inside: its six digits are taken.
    const code = await latestCode(s.base, h.phones[0]!);
    await page.locator('#reg-otp').focus();
    await page.keyboard.insertText(` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(await page.locator('#reg-otp').inputValue()).toBe(code);
    await page.screenshot({ path: `${SHOTS}/11-card-otp.png` });
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByTestId('screen-changepin').waitFor();
    await page.fill('#reg-temporaryPin', h.creditCard!.temporaryPin!);
    await page.fill('#reg-newPin', '111111');
    await page.fill('#reg-confirmPin', '111112');
    await page.getByRole('button', { name: 'Activate card' }).click();
    await expect.poll(() => page.locator('#reg-newPin-helper').textContent()).toBe('PIN is not acceptable');
    expect(await page.locator('#reg-confirmPin-helper').textContent()).toBe('PINs do not match');
    await page.screenshot({ path: `${SHOTS}/12-change-pin-rules.png` });
    await page.fill('#reg-newPin', '802417');
    await page.fill('#reg-confirmPin', '802417');
    await page.getByRole('button', { name: 'Activate card' }).click();
    await page.getByTestId('card-activated').waitFor();
    await page.screenshot({ path: `${SHOTS}/13-card-activated.png` });

    const { rows } = await s.db.query<{ status: string; pin_hash: string }>(
      'SELECT status, pin_hash FROM credit_cards WHERE card_number = $1',
      [h.creditCard!.cardNumber],
    );
    expect(rows[0]!.status).toBe('active');
    expect(await verifySecret(rows[0]!.pin_hash, '802417')).toBe(true);
    await page.context().close();
  });

  it('embeds the onboarding page after the image check, with camera and microphone, and the open-account link', async () => {
    const page = await newPage();
    await page.goto(`${s.base}/register/`);
    await page.getByTestId('go-open-account').click();
    const frame = page.getByTestId('onboarding-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('allow')).toBe('camera; microphone');
    expect(await frame.getAttribute('src')).toBe('/standins/onboarding/open-account?merchantCode=OCTOWEB');
    await page.frameLocator('[data-testid="onboarding-frame"]').getByText('Online account opening').waitFor();
    // The page's loaded message keeps the time-out screen away.
    expect(await page.getByTestId('onboarding-timeout').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/14-onboarding.png` });

    // check-NTB goes to the continue-registration page.
    await page.evaluate(() => sessionStorage.setItem('registrationType', 'check-NTB'));
    await page.reload();
    await page.getByTestId('onboarding-frame').waitFor();
    expect(await page.getByTestId('onboarding-frame').getAttribute('src')).toMatch(
      /^\/standins\/onboarding\/continue-registration\?/,
    );
    await page.context().close();
  });

  it("shows 'Connection time-out' with error: 0000 and Reload when the image never arrives", async () => {
    const page = await newPage(() => {
      (window as { __REGISTRATION_TEST__?: unknown }).__REGISTRATION_TEST__ = {
        imageCheckUrl: '/standins/onboarding/stall.gif',
        imageCheckMs: 1500,
      };
    });
    const started = Date.now();
    await page.goto(`${s.base}/register/threeo/`);
    const timeout = page.getByTestId('onboarding-timeout');
    await timeout.waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await timeout.textContent()).toContain('Connection time-out');
    expect(await page.getByTestId('onboarding-code').textContent()).toBe('error: 0000');
    expect(await page.getByTestId('onboarding-frame').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/15-onboarding-timeout.png` });
    // Reload runs the check again (still stalled, so the screen comes back).
    await page.getByTestId('onboarding-reload').click();
    await page.getByRole('status').waitFor();
    await timeout.waitFor();
    await page.context().close();
  });
});
