import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  BUDI_PHONES,
  PERSONAS,
  chooseOption,
  isCall,
  jsonOf,
  latestOtp,
  login,
  newContext,
  postAsPage,
  screenshot,
  serverAndBrowser,
} from '../kit/browser';

// Passkeys in Chromium with the DevTools protocol's virtual authenticator (CTAP2, internal, resident
// key, user verification): enrol one in Settings, confirm a transfer and a bill payment with it to the
// receipt, refuse a replayed signature, verify the cart with it, and sign in with it. One session, in order.

const env = serverAndBrowser();
const SOURCE = '800123456701';
const RINA = '800123456837';

describe('passkeys in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let problems: string[];
  let authenticatorId: string;
  /** WebAuthn wants a name, not an address: the RP id is localhost. */
  const base = () => env.server.baseUrl.replace('127.0.0.1', 'localhost');

  beforeAll(async () => {
    ({ context, page, problems } = await newContext(env.browser, { language: 'en' }));
    cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
    await login(page, base(), PERSONAS.budi);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('enrols a passkey in Settings after an OTP', async () => {
    await page.goto(`${base()}/settings/passkeys/`);
    await page.getByTestId('passkeys-none').waitFor();
    await screenshot(page, 'passkeys-settings-none-1366');
    await page.getByTestId('passkeys-add').click();
    await page.getByTestId('passkey-name').fill('Work laptop');
    const sentAt = new Date();
    await page.getByTestId('passkey-send-otp').click();
    await page.getByTestId('passkey-otp').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
    await page.getByTestId('passkey-otp-confirm').click();
    await page.getByTestId('passkeys-done').waitFor();
    await expect.poll(() => page.getByTestId('passkey-row').count()).toBe(1);
    expect(await page.getByTestId('passkey-row').textContent()).toContain('Work laptop');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'passkeys-settings-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'passkeys-settings-390');
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  /** Submits the form, passes the FDS challenge when asked, confirms with the passkey: the receipt. */
  async function confirmWithPasskey(area: RegExp, shot?: string) {
    await page.getByTestId('inquiry-submit').click();
    await page.waitForURL(/\/(verify|fds-challenge)\//);
    if (page.url().includes('/fds-challenge/')) {
      await page.getByTestId('fds-recipient').locator('input').check();
      await page.getByTestId('fds-myself').locator('input').check();
      await page.getByTestId('fds-continue').click();
    }
    await page.waitForURL(area);
    await page.getByTestId('passkey-panel').waitFor();
    if (shot) {
      await screenshot(page, `${shot}-1366`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `${shot}-390`);
      await page.setViewportSize({ width: 1366, height: 800 });
    }
    // The signed answer as the page sent it (read on its way: ky streams the body, so the event has none).
    let body = '';
    await page.route('**/api/transaction/v1/confirm', async (route) => {
      body = route.request().postDataBuffer()?.toString('utf8') ?? '';
      await route.continue();
    });
    const confirm = jsonOf<{ status: string; referenceNo: string }>(page.waitForResponse(isCall('confirm')));
    await page.getByTestId('passkey-confirm').click();
    const receipt = await confirm;
    await page.locator(`[data-testid="receipt-view"][data-status="${receipt.status}"]`).waitFor();
    await page.unroute('**/api/transaction/v1/confirm');
    return { receipt, sent: JSON.parse(body || '{}') as Record<string, unknown> };
  }

  it('confirms a transfer with the passkey, and refuses its signature replayed', async () => {
    await page.goto(`${base()}/transfer/inquiry/?type=same-bank`);
    await page.getByTestId('inquiry-view').waitFor();
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.locator('#root_beneficiaryAccountNo').fill(RINA);
    await chooseOption(page, 'purpose', 'Family');
    await page.locator('#root_amount').fill('50000');
    const { receipt, sent } = await confirmWithPasskey(/\/transfer\/verify\//, 'passkeys-verify');
    expect(receipt.status).toBe('success');
    expect(sent.passkey).toBeTruthy();
    const replay = await postAsPage<{ apierror: { errorCode: string } }>(
      page,
      env.server,
      '/api/transaction/v1/confirm',
      { ...sent, idempotencyKey: 'replayed-key-0001' },
    );
    expect(replay.status).toBe(409);
    expect(replay.body.apierror.errorCode).toBe('PASSKEY_REPLAYED');
  });

  it('confirms a bill payment with the passkey; its signature does not confirm another inquiry', async () => {
    await page.goto(`${base()}/payment/bpjs/inquiry/`);
    await page.getByTestId('inquiry-view').waitFor();
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.locator('#root_customerNumber').fill('8888801234567');
    const { receipt, sent } = await confirmWithPasskey(/\/payment\/bpjs\/verify\//);
    expect(receipt.status).toBe('success');
    const other = await postAsPage<{ inquiryId: string }>(page, env.server, '/api/transaction/v1/inquiry', {
      flowId: 'payment.bpjs',
      form: { sourceOfFund: await sourceId(), customerNumber: '8888801234568' },
    });
    await postAsPage(page, env.server, '/api/transaction/v1/verification', {
      inquiryId: other.body.inquiryId,
      method: 'passkey',
    });
    const wrong = await postAsPage<{ apierror: { errorCode: string } }>(
      page,
      env.server,
      '/api/transaction/v1/confirm',
      { inquiryId: other.body.inquiryId, idempotencyKey: 'other-inquiry-0001', passkey: sent.passkey },
    );
    expect(wrong.body.apierror.errorCode).toBe('PASSKEY_OTHER_TRANSACTION');
  });

  it("verifies the cart's items with one passkey signature", async () => {
    const source = await sourceId();
    for (const customerNumber of ['8888801234569', '8888801234570'])
      expect(
        (
          await postAsPage(page, env.server, '/api/cart/v1/add', {
            flowId: 'payment.bpjs',
            form: { sourceOfFund: source, customerNumber },
          })
        ).status,
      ).toBe(200);
    await page.goto(`${base()}/cart/`);
    await page.getByTestId('cart-verify-passkey').click();
    await expect.poll(() => page.getByTestId('cart-result').count()).toBe(2);
    expect(await page.locator('[data-testid="cart-result"][data-status="success"]').count()).toBe(2);
  });

  it('signs in with the passkey instead of the user id and password', async () => {
    await page.evaluate(() => sessionStorage.clear());
    // The device waits for a touch: the page offered the passkey in the field's autofill meanwhile.
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await page.goto(`${base()}/login/`);
    await page.getByTestId('login-passkey').waitFor();
    expect(await page.locator('input[name="userId"]').getAttribute('autocomplete')).toBe('username webauthn');
    await screenshot(page, 'passkeys-login-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'passkeys-login-390');
    await page.setViewportSize({ width: 1366, height: 800 });
    // A touch of the user id field offers the passkey in its autofill (the library loads then).
    const library = page.waitForResponse((r) => /\/assets\/esm-[^/]+\.js$/.test(r.url()));
    await page.locator('input[name="userId"]').click();
    await library;
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    // The autofill's request may take the touch first, and sign in while the button is being
    // clicked; else the button asks the device. Either way the page must reach the dashboard.
    const signedIn = page.waitForURL(/\/dashboard\/$/);
    // (a click the autofill's sign-in overtook fails on a page gone: only the dashboard decides)
    void page
      .getByTestId('login-passkey')
      .click()
      .catch(() => undefined);
    await signedIn;
    await page.getByTestId('dashboard').waitFor();
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });

  /** The source account's id as the page's choices name it. */
  async function sourceId(): Promise<string> {
    const r = await postAsPage<{ choices: { sourceOfFund: { value: string; labelEng: string }[] } }>(
      page,
      env.server,
      '/api/transaction/v1/formdata',
      { flowId: 'payment.bpjs' },
    );
    return r.body.choices.sourceOfFund.find((o) => o.labelEng.includes(SOURCE))!.value;
  }
});
