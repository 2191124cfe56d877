import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/shared/money';
import {
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  BUDI_PHONES,
  accountOf,
  chooseOption,
  isCall,
  jsonOf,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();

type Money = { amount: number; currency: string };
interface Receipt {
  status: string;
  total: Money;
  details: { voucherCode?: string; operatorName?: string };
}

const SOURCE = '800123456701';
const idr = (amount: number): Money => ({ amount, currency: 'IDR' });

describe('Mobile top-up in Indonesian', () => {
  it('takes the operator from the number, drops a denomination of the old operator, and shows the serial number', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const headers = await sessionHeaders(page);
      const before = await accountOf(env.server, headers, SOURCE);

      await page.goto(`${env.server.baseUrl}/purchase/mobile/inquiry/`);
      await page.getByTestId('inquiry-view').waitFor();
      const operator = page.locator('#root_operator');
      const denomination = page.locator('#root_denomination');
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await page.locator('#root_phoneNumber').fill('081298765431');
      await expect.poll(() => operator.textContent()).toBe('Telkomsel');
      await page.getByText('Terdeteksi dari Nomor ponsel').waitFor();
      await chooseOption(page, 'denomination', 'Pulsa 50.000 —');
      await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
      await screenshot(page, 'flows-topup-inferred-operator-id');

      // An Indosat number, pasted in international form: it becomes the local number, the operator
      // follows, and the Telkomsel voucher is no longer chosen.
      await page.locator('#root_phoneNumber').fill('');
      await page.locator('#root_phoneNumber').focus();
      await page.keyboard.insertText('+62 857-9876-5431');
      expect(await page.locator('#root_phoneNumber').inputValue()).toBe('085798765431');
      await expect.poll(() => operator.textContent()).toBe('Indosat Ooredoo');
      expect(await denomination.textContent()).toBe('Pilih…');
      await chooseOption(page, 'denomination', 'Pulsa 50.000 —');

      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/purchase\/mobile\/verify\/$/);
      const summary = (await page.getByTestId('summary').textContent()) ?? '';
      expect(summary).toContain('Indosat Ooredoo');
      // One product, one price, one fee, one total: no second "Nominal" beside the price.
      expect(summary).toContain('ProdukPulsa 50.000');
      expect(summary).toContain(`Harga${formatMoney(idr(5_200_000), 'id')}`);
      expect(summary).toContain(`Biaya admin${formatMoney(idr(150_000), 'id')}`);
      expect(summary).toContain(`Total${formatMoney(idr(5_200_000 + 150_000), 'id')}`);
      expect(summary).not.toContain('Nominal');
      await page.getByTestId('otp-phones').waitFor();
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByRole('button', { name: 'Kirim kode' }).click();
      await page.getByTestId('otp-panel').waitFor();
      // The code pasted from the SMS with spaces around and inside: its six digits are taken.
      const code = await latestOtp(env.server, BUDI_PHONES[0], sentAt);
      await page.getByTestId('otp-input').focus();
      await page.keyboard.insertText(` ${code.slice(0, 3)} ${code.slice(3)} `);
      expect(await page.getByTestId('otp-input').inputValue()).toBe(code);
      const confirmCall = page.waitForResponse(isCall('confirm'));
      await page.locator('[data-testid="otp-confirm"]:not([disabled])').click();
      const receipt = await jsonOf<Receipt>(confirmCall);

      const view = page.locator('[data-testid="receipt-view"][data-status="success"]');
      await view.waitFor();
      expect(receipt.details.voucherCode).toMatch(/^\d{20,25}$/);
      expect((await view.textContent()) ?? '').toContain(`Nomor seri (SN)${receipt.details.voucherCode}`);
      await screenshot(page, 'flows-topup-receipt-id');
      const after = await accountOf(env.server, headers, SOURCE);
      expect(before.balance.amount - after.balance.amount).toBe(5_200_000 + 150_000);
      expect(receipt.total).toEqual(idr(5_350_000));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
