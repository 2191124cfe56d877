import { describe, expect, it } from 'vitest';
import { PERSONAS, signIn, newContext, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('apply & invest and gold saving, read side', () => {
  it('compares funds, signs the additional-risk statement for a fund above the profile, renews the profile, simulates a loan and sees gold with its pickups', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const base = env.server.baseUrl;

      // From the hub to the funds: Budi's moderate profile allows the money market fund, not the equity one.
      await page.goto(`${base}/applyandinvest/`);
      await page.getByTestId('tile-investment').click();
      await page.getByTestId('investment-funds').getByRole('link', { name: 'Buka' }).click();
      await page.waitForURL(/\/applyandinvest\/product-list-mf\/$/);
      await page.getByTestId('profile-banner').getByText('Profil risiko Anda: Moderat').waitFor();
      const equity = page.getByTestId('fund').filter({ hasText: 'Schroder Dana Prestasi' });
      expect(await equity.getByTestId('not-eligible').getAttribute('data-reason')).toBe('above_profile');
      const cash = page.getByTestId('fund').filter({ hasText: 'Principal Cash Fund' });
      expect(await cash.getByTestId('buy').getAttribute('href')).toBe(
        '/applyandinvest/mutualfund/MF-PCF/subscription/inquiry/',
      );
      await screenshot(page, 'invest-funds-mobile-id');

      // Its details: the NAV chart is drawn.
      await equity.getByRole('link', { name: 'Detail' }).click();
      await page.waitForURL(/pasardana\/product-details\/\?code=MF-SDP$/);
      await page.locator('[data-testid="price-chart"] .MuiLineChart-line').first().waitFor();
      await screenshot(page, 'invest-fund-details-mobile-id');

      // The statement: refused unticked, then signed; the fund becomes buyable.
      await page.getByRole('link', { name: 'Baca pernyataan risiko' }).click();
      await page.waitForURL(/additional-investment-risk\/\?code=MF-SDP$/);
      await page.getByTestId('additional-sign').click();
      await page.getByText('Centang pernyataan untuk melanjutkan.').waitFor();
      await page.getByTestId('additional-accept').check();
      await page.getByTestId('additional-sign').click();
      await page.getByTestId('additional-allowed').waitFor();
      await page.goto(`${base}/applyandinvest/product-list-mf/`);
      await page
        .getByTestId('fund')
        .filter({ hasText: 'Schroder Dana Prestasi' })
        .getByTestId('buy')
        .waitFor();

      // Bonds: the open offering can be ordered; a secondary bond's details chart its price.
      await page.goto(`${base}/applyandinvest/product-list-bonds/`);
      const ori = page.getByTestId('bond-ORI028');
      expect(await ori.getByTestId('offer-status').textContent()).toBe('Penawaran dibuka');
      expect(await ori.getByTestId('buy').getAttribute('href')).toBe(
        '/applyandinvest/bonds/buy/inquiry/?code=ORI028',
      );
      await page.getByTestId('bond-FR0100').getByRole('link', { name: 'Detail' }).click();
      await page.getByTestId('bond-details').getByText('6,625% tetap').waitFor();
      await page.locator('[data-testid="price-chart"] .MuiLineChart-line').first().waitFor();

      // The questionnaire: an incomplete one says what is missing; a complete one gives the profile.
      await page.goto(`${base}/applyandinvest/product-list-bonds/`);
      await page.getByTestId('profile-banner').getByRole('link', { name: 'Isi ulang' }).click();
      await page.waitForURL(/questionnaire-risk-profile\/$/);
      await page.getByRole('radio', { name: 'Di atas 55 tahun' }).check();
      await page.getByTestId('questionnaire-submit').click();
      await page.getByTestId('questionnaire-missing').getByText('6 pertanyaan belum dijawab.').waitFor();
      for (const answer of [
        'Kurang dari 1 tahun',
        'Menjaga dana tetap aman',
        'Hanya tabungan dan deposito',
        'Lebih dari 75%',
        'Tidak ada penghasilan tetap',
        'Menjual semuanya',
      ])
        await page.getByRole('radio', { name: answer, exact: true }).check();
      await page.getByTestId('questionnaire-submit').click();
      expect(await page.getByTestId('risk-result-name').textContent()).toBe('Konservatif');
      await screenshot(page, 'invest-risk-result-mobile-id');
      // The new profile drops the statement signed under the old one.
      await page.goto(`${base}/applyandinvest/product-list-mf/`);
      const bondFund = page.getByTestId('fund').filter({ hasText: 'Manulife Obligasi Negara Indonesia II' });
      expect(await bondFund.getByTestId('not-eligible').getAttribute('data-reason')).toBe('above_profile');
      expect(
        await page
          .getByTestId('fund')
          .filter({ hasText: 'Schroder Dana Prestasi' })
          .getByTestId('buy')
          .count(),
      ).toBe(0);

      // A loan simulation: the instalment of Rp 60,000,000 over 24 months at 11.5%.
      await page.goto(`${base}/applyandinvest/octoloan/`);
      await page.getByRole('link', { name: 'Simulasi cicilan' }).first().click();
      await page.waitForURL(/loan\/product-info\/\?code=LOAN-KTA$/);
      await page.getByTestId('loan-amount').fill('60000000');
      expect(await page.getByTestId('loan-instalment').textContent()).toBe('Rp 2.810.419');
      await page.getByTestId('loan-amount').fill('1000');
      await page.getByText('Jumlah harus antara Rp 5.000.000 dan Rp 300.000.000.').waitFor();
      expect(await page.getByTestId('loan-instalment').count()).toBe(0);

      // Gold: 8.5 g after the printed bars, and the pickups in their three states.
      await page.goto(`${base}/gold-saving/`);
      expect(await page.getByTestId('gold-grams').textContent()).toBe('8,5000 g');
      const statuses = await page
        .getByTestId('pickup')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
      expect(statuses).toEqual(['in_progress', 'ready_for_pickup', 'collected']);
      await page
        .getByTestId('pickup-valid')
        .getByText(/sisa 26 hari/)
        .waitFor();
      await page.locator('[data-testid="price-chart"] .MuiLineChart-line').first().waitFor();
      await screenshot(page, 'gold-saving-mobile-id');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
