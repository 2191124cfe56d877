import { describe, it } from 'vitest';
import { login, newContext, PERSONAS, screenshot, serverAndBrowser } from './helpers';

const env = serverAndBrowser();

describe('shots', () => {
  it('takes them', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { context, page, problems } = await newContext(env.browser, { language: viewport === 'desktop' ? 'en' : 'id', viewport });
      await login(page, env.server.baseUrl, PERSONAS.budi);
      for (const [name, path, wait] of [
        ['promo', '/promocode/', 'promo-card'],
        ['promo-applied', '/promocode/applied/', 'promo-card'],
        ['promo-detail', '/promocode/applied/?code=VOUCHER10', 'promo-transaction'],
        ['search', '/searchflight/?from=CGK&to=DPS&date=2027-01-20&pax=2', 'flight-offer'],
        ['bookings', '/my-booking-list/', 'booking'],
        ['vouchers', '/topup-voucher/', 'voucher-purchase'],
        ['voucher-flow', '/topup-voucher/inquiry/?brand=STEAM', 'inquiry-view'],
      ] as const) {
        await page.goto(`${env.server.baseUrl}${path}`);
        await page.getByTestId(wait).first().waitFor();
        await screenshot(page, `living-${viewport}-${name}`);
      }
      console.log(viewport, problems);
      await context.close();
    }
  }, 180_000);
});
