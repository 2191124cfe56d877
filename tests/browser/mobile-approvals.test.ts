import { describe, expect, it } from 'vitest';
import { companionLogin, latestOtp, newContext, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

/** Budi's internet-banking session, through the real login API. */
async function webSession(): Promise<Record<string, string>> {
  const headers = { 'content-type': 'application/json', 'x-browser-id': 'web-browser-for-mobile-test' };
  const res = await fetch(`${env.server.baseUrl}/api/v1/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userId: 'budisantoso', password: 'Budi@2026' }),
  });
  expect(res.status).toBe(200);
  return { ...headers, authorization: `Bearer ${res.headers.get('access_token')}` };
}

async function api(headers: Record<string, string>, path: string, body: unknown) {
  const res = await fetch(`${env.server.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('companion app (/m/)', () => {
  it('is installable: manifest with icons', async () => {
    const res = await fetch(`${env.server.baseUrl}/m/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/m/', display: 'standalone' });
    for (const icon of manifest.icons)
      expect((await fetch(`${env.server.baseUrl}${icon.src}`)).status).toBe(200);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('logs in with user id and app PIN, shows a request live with its exact details, and approves it', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
    try {
      await page.goto(`${env.server.baseUrl}/m/`);
      await page.getByTestId('mobile-user-id').fill('budisantoso');
      await page.getByTestId('mobile-pin').fill('000000');
      await page.getByTestId('mobile-login').click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('incorrect');
      await screenshot(page, 'mobile-login-error-en');
      await page.getByTestId('mobile-pin').fill('482916');
      const since = new Date();
      await page.getByTestId('mobile-login').click();
      // A phone new to Budi is enrolled for approvals with the SMS code first.
      await page.getByTestId('mobile-enrol-code').waitFor();
      expect(await page.getByTestId('mobile-enrol-text').textContent()).toContain('SMS');
      await screenshot(page, 'mobile-enrol-en');
      await page.getByTestId('mobile-enrol-code').fill(await latestOtp(env.server, undefined, since));
      await page.getByTestId('mobile-enrol-submit').click();
      await page.getByTestId('mobile-empty').waitFor();
      await page.locator('[data-testid="mobile-live"]:has-text("Live")').waitFor();

      // Budi starts an own-account transfer in internet banking and asks for app approval.
      const web = await webSession();
      const formdata = await api(web, '/api/transaction/v1/formdata', { flowId: 'transfer.own' });
      const [from, to] = formdata.body.choices.sourceOfFund as {
        value: string;
        detail: { currency: string };
      }[];
      const inq = await api(web, '/api/transaction/v1/inquiry', {
        flowId: 'transfer.own',
        form: {
          sourceOfFund: from!.value,
          beneficiaryAccount: to!.value,
          amount: 123_456_00,
          message: 'Uang sekolah',
        },
      });
      expect(inq.status).toBe(200);
      const ver = await api(web, '/api/transaction/v1/verification', {
        inquiryId: inq.body.inquiryId,
        method: 'approval',
      });
      expect(ver.body.method).toBe('approval');

      // It arrives without a reload (server-sent events).
      const card = page.getByTestId('approval-card');
      await card.waitFor();
      expect(await page.getByTestId('approval-total').textContent()).toBe('IDR 123,456');
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('Uang sekolah');
      expect(text).toMatch(/Expires in [45]:\d\d/);
      await screenshot(page, 'mobile-approval-request-en');

      // Number matching: the app offers three numbers; the one the web shows approves.
      expect(await page.locator('[data-testid^="approval-match-"]').count()).toBe(3);
      await page.getByTestId(`approval-match-${ver.body.matchNumber}`).click();
      await page.getByText('Approved. Internet banking will complete the transaction.').waitFor();
      await page.getByTestId('mobile-empty').waitFor();
      const status = await api(web, '/api/transaction/v1/verification/status', {
        inquiryId: inq.body.inquiryId,
      });
      expect(status.body).toEqual({ status: 'approved' });
      const receipt = await api(web, '/api/transaction/v1/confirm', {
        inquiryId: inq.body.inquiryId,
        idempotencyKey: 'mobile-browser-test-1',
      });
      expect(receipt.body.status).toBe('success');
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('rejects in Indonesian after a second tap, and the web sees the cancellation', async () => {
    const { context, page } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await page.goto(`${env.server.baseUrl}/m/`);
      await companionLogin(page, env.server, 'budisantoso', '482916');
      await page.getByTestId('mobile-empty').waitFor();
      const web = await webSession();
      const formdata = await api(web, '/api/transaction/v1/formdata', { flowId: 'transfer.own' });
      const [from, to] = formdata.body.choices.sourceOfFund as { value: string }[];
      const inq = await api(web, '/api/transaction/v1/inquiry', {
        flowId: 'transfer.own',
        form: { sourceOfFund: from!.value, beneficiaryAccount: to!.value, amount: 50_000_00 },
      });
      await api(web, '/api/transaction/v1/verification', {
        inquiryId: inq.body.inquiryId,
        method: 'approval',
      });
      await page.getByTestId('approval-card').waitFor();
      expect(await page.getByTestId('approval-total').textContent()).toBe('Rp 50.000');
      await page.getByTestId('approval-reject').click();
      await page.getByText('Tolak transaksi ini? Transaksi akan dibatalkan.').waitFor();
      await screenshot(page, 'mobile-approval-reject-id');
      await page.getByTestId('approval-reject').click();
      await page.getByText('Ditolak. Transaksi dibatalkan.').waitFor();
      const status = await api(web, '/api/transaction/v1/verification/status', {
        inquiryId: inq.body.inquiryId,
      });
      expect(status.body).toEqual({ status: 'rejected' });
    } finally {
      await context.close();
    }
  });
});
