import { describe, expect, it } from 'vitest';
import {
  BUDI_PHONES,
  accountAsPage,
  chooseOption,
  isCall,
  jsonOf,
  openInApp,
  postAsPage,
  PERSONAS,
  latestOtp,
  signIn,
  newContext,
  screenshot,
  serverAndBrowser,
  signedInSession,
} from '../kit/browser';
import { loadFlowsFromDisk } from '../../src/shared/flows/load-node';

const env = serverAndBrowser();
const SOURCE = '800123456701';

// A customer sends money to another bank by BI-FAST, finds the transfers they scheduled under My
// Transactions, and keeps an underlying document for an overseas transfer.
describe('transfers', () => {
  it('sends a BI-FAST transfer, sees the scheduled ones, and uploads, refuses and deletes a document', async () => {
    const { context, page, problems } = await newContext(env.browser, {
      language: 'en',
      viewport: 'desktop',
    });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);

      // The chooser offers the other-bank methods.
      await page.goto(`${env.server.baseUrl}/transfer/`);
      await page.getByText('Other bank - BI-FAST').first().waitFor();

      await page.goto(`${env.server.baseUrl}/transfer/inquiry/?type=bifast`);
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await chooseOption(page, 'bankCode', 'Bank Central Asia');
      await page.locator('#root_beneficiaryAccountNo').fill('1234567890');
      await chooseOption(page, 'purpose', 'Family');
      await page.locator('#root_amount').fill('750000');
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/transfer\/verify\/\?type=bifast$/);
      await page.getByText('SITI RAHAYU').first().waitFor();
      await screenshot(page, 'transfer-bifast-verify-desktop-en');
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByTestId('otp-send').click();
      await page.getByTestId('otp-panel').waitFor();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<{ status: string; details: { clearingReference?: string } }>(
        page.waitForResponse(isCall('confirm')),
      );
      await page.getByTestId('otp-confirm').click();
      const receipt = await confirm;
      expect(receipt.status).toBe('success');
      expect(receipt.details.clearingReference).toMatch(/^BIF\d{15}$/);
      await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
      await screenshot(page, 'transfer-bifast-receipt-desktop-en');

      // My Transactions: the demo's scheduled and recurring transfers.
      await page.goto(`${env.server.baseUrl}/mytransaction/`);
      const cards = page.getByTestId('scheduled');
      await cards.first().waitFor();
      const texts = await cards.allTextContents();
      expect(texts).toEqual(
        expect.arrayContaining([
          expect.stringContaining('Every month on day 25'),
          expect.stringContaining('Every Friday'),
          expect.stringContaining('Once, on'),
        ]),
      );
      await screenshot(page, 'mytransaction-scheduled-desktop-en');

      // Underlying documents: the demo's invoice; a file that is not a PDF, JPG or PNG is refused by the server.
      await page.goto(`${env.server.baseUrl}/transfer/manage-underlaying-document/`);
      await page.getByTestId('declaration-total').waitFor();
      expect(await page.getByTestId('document').allTextContents()).toEqual([
        expect.stringContaining('Tuition invoice 2027.pdf'),
      ]);
      await chooseOption(page, page.getByRole('combobox', { name: /Type of document/ }), 'Invoice');
      await page.getByTestId('document-file').setInputFiles({
        name: 'fake.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('<html>not a pdf</html>'),
      });
      await page.getByTestId('document-upload').click();
      expect(await page.getByTestId('upload-failed').textContent()).toBe(
        'Upload failed, please try again Only PDF, JPG and PNG files can be uploaded.',
      );
      await page.getByTestId('document-file').setInputFiles({
        name: 'contract.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await page.getByTestId('document-upload').click();
      await page.getByTestId('document').nth(1).waitFor();
      expect(await page.getByTestId('document').first().textContent()).toContain('contract.pdf');
      await screenshot(page, 'underlying-documents-desktop-en');
      await page.getByRole('button', { name: 'Delete contract.pdf' }).click();
      await page.getByTestId('delete-document-confirm').click();
      await page.getByTestId('document').nth(1).waitFor({ state: 'detached' });
      // The refused upload's 415 is the one error the console may show.
      expect(problems.filter((p) => !p.includes('status of 415'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('chooses by category, sends to a mobile number and sends USD abroad at the special rate shown', async () => {
    const { context, page, problems } = await newContext(env.browser, {
      language: 'en',
      viewport: 'desktop',
    });
    const confirmWithOtp = async () => {
      await page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await page.getByTestId('otp-send').click();
      await page.getByTestId('otp-panel').waitFor();
      await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<{ status: string; exchangeRate?: string }>(
        page.waitForResponse(isCall('confirm')),
      );
      await page.getByTestId('otp-confirm').click();
      const receipt = await confirm;
      await page.locator('[data-testid="receipt-view"][data-status="success"]').waitFor();
      return receipt;
    };
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi, '/transfer/transfer-category/');
      await page.getByTestId('category-abroad').waitFor();
      await page.getByTestId('category-item-transfer.mobilenumber').click();

      // Mobile-number account: the recipient found by her number.
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await page.locator('#root_beneficiaryPhone').fill('087812345678');
      await chooseOption(page, 'purpose', 'Family');
      await page.locator('#root_amount').fill('125000');
      await page.getByTestId('inquiry-submit').click();
      await page.waitForURL(/\/transfer\/verify\/\?type=mobile-number$/);
      await page.getByText('RINA KUSUMAWATI').first().waitFor();
      expect((await confirmWithOtp()).status).toBe('success');

      // SWIFT from rupiah: the special rate is shown live, and the one booked is the one shown.
      await page.goto(`${env.server.baseUrl}/transfer/inquiry/?type=swift-rupiah`);
      await page.getByTestId('inquiry-view').waitFor();
      await chooseOption(page, 'sourceOfFund', SOURCE);
      await chooseOption(page, 'country', 'Singapore');
      await chooseOption(page, 'swiftBank', 'DBS Bank');
      await page.locator('#root_bankCity').fill('Singapore');
      await page.locator('#root_beneficiaryAccountNo').fill('0721234567');
      await page.locator('#root_beneficiaryName').fill('Tan Wei Ming');
      await page.locator('#root_addressLine1').fill('12 Marina Boulevard');
      await chooseOption(page, 'currency', 'USD - US Dollar');
      await page.getByTestId('special-rate-notice').waitFor();
      const shown = await page.getByTestId('special-rate-value').textContent();
      await page.locator('#root_amount').fill('100');
      await chooseOption(page, 'chargeOption', 'SHA');
      await chooseOption(page, 'purpose', 'Education');
      const inquiry = jsonOf<{ exchangeRate: string }>(page.waitForResponse(isCall('inquiry')));
      await page.getByTestId('inquiry-submit').click();
      const quoted = await inquiry;
      await page.waitForURL(/\/transfer\/verify\/\?type=swift-rupiah$/);
      await page.getByText('DBSSSGSG').first().waitFor();
      await screenshot(page, 'transfer-swift-verify-desktop-en');
      const receipt = await confirmWithOtp();
      expect(receipt.status).toBe('success');
      expect(receipt.exchangeRate).toBe(quoted.exchangeRate);
      // The rate on the page was that of the window booked, or of the one just after it.
      expect(shown).toMatch(/^1 USD = Rp [\d,.]+$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Every transfer type makes its server round trip (fees, limits, holds, FX, documents: tests/server/
  // transactions, clearing, transfers) and draws its steps in its stories. Here, in one session: each
  // type's route opens its own form in the app, and RTGS (typed recipient, a refusal the server puts on
  // the amount, a held receipt) goes through to the balance and the history.
  describe('every transfer type in one session', () => {
    interface Receipt {
      status: string;
      referenceNo: string;
      total: { amount: number; currency: string };
      equivalent?: { amount: number; currency: string };
    }
    const s = signedInSession(env, PERSONAS.budi, { language: 'en', viewport: 'desktop' });

    // Asked with the page's own token: this case runs past a token's rotation and its grace.
    const balance = async (no: string) => (await accountAsPage(s.page, env.server, no)).balance.amount;
    /** Submits the form, passes the FDS challenge when one is asked, verifies by OTP and confirms. */
    const send = async (type: string, status: 'success' | 'pending') => {
      await s.page.getByTestId('inquiry-submit').click();
      await s.page.waitForURL(/\/transfer\/(verify|fds-challenge)\//);
      if (s.page.url().includes('/fds-challenge/')) {
        await s.page.getByTestId('fds-recipient').locator('input').check();
        await s.page.getByTestId('fds-myself').locator('input').check();
        await s.page.getByTestId('fds-continue').click();
      }
      await s.page.waitForURL(new RegExp(`/transfer/verify/\\?type=${type}$`));
      await s.page.getByRole('radio', { name: /7890$/ }).check();
      const sentAt = new Date();
      await s.page.getByTestId('otp-send').click();
      await s.page.getByTestId('otp-panel').waitFor();
      await s.page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
      const confirm = jsonOf<Receipt>(s.page.waitForResponse(isCall('confirm')));
      await s.page.getByTestId('otp-confirm').click();
      const receipt = await confirm;
      expect(receipt.status).toBe(status);
      await s.page.locator(`[data-testid="receipt-view"][data-status="${status}"]`).waitFor();
      return receipt;
    };
    /** The account went down by what the receipt says left it, and the history shows the line. */
    const booked = async (no: string, before: number, r: Receipt) => {
      // From rupiah to a foreign currency the account gives the total's rupiah equivalent.
      const debited = r.equivalent ?? r.total;
      expect(before - (await balance(no))).toBe(debited.amount);
      const { id } = await accountAsPage(s.page, env.server, no);
      const history = await postAsPage<{
        entries: { referenceNo: string; type: string; status: string; amount: { amount: number } }[];
      }>(s.page, env.server, '/api/account/v1/history', { accountId: id, search: r.referenceNo });
      expect(history.body.entries).toEqual([
        expect.objectContaining({
          referenceNo: r.referenceNo,
          type: 'debit',
          status: r.status,
          amount: expect.objectContaining({ amount: debited.amount }),
        }),
      ]);
    };

    it('opens the form of each transfer type from its own route', async () => {
      const types = loadFlowsFromDisk().flows.filter((l) => l.flow.route === '/transfer/' && l.flow.variant);
      expect(types.length).toBeGreaterThanOrEqual(9);
      for (const { flow } of types) {
        await openInApp(s.page, `/transfer/inquiry/?type=${flow.variant}`);
        const form = s.page.locator(`[data-testid="flow-${flow.id}"] [data-testid="inquiry-view"]`);
        await form.waitFor();
        // The page is this flow's own (its test id), with its form drawn down to the amount.
        expect(await form.locator('#root_amount').count(), flow.id).toBe(1);
      }
    });

    it('RTGS: Rp 100,000,000 is not above its minimum (said on the amount); Rp 100,000,001 is, held', async () => {
      const before = await balance(SOURCE);
      await s.page.goto(`${env.server.baseUrl}/transfer/inquiry/?type=rtgs`);
      await s.page.getByTestId('inquiry-view').waitFor();
      await chooseOption(s.page, 'sourceOfFund', SOURCE);
      await chooseOption(s.page, 'bankCode', 'Bank Mandiri');
      await s.page.locator('#root_beneficiaryAccountNo').fill('1370012345678');
      await s.page.locator('#root_beneficiaryName').fill('Agus Pratama');
      await s.page.locator('#root_beneficiaryAddress').fill('Jl. Gatot Subroto 12');
      await s.page.locator('#root_province').fill('DKI Jakarta');
      await s.page.locator('#root_city').fill('Jakarta Selatan');
      await chooseOption(s.page, 'citizenship', 'Indonesian');
      await chooseOption(s.page, 'beneficiaryType', 'Individual');
      await chooseOption(s.page, 'purpose', 'Business');
      await s.page.locator('#root_amount').fill('100000000');
      await s.page.getByTestId('inquiry-submit').click();
      await s.page.getByText('The minimum for RTGS is IDR 100,000,001').first().waitFor();
      await s.page.locator('#root_amount').fill('100000001');
      const rtgs = await send('rtgs', 'pending');
      expect(rtgs.total).toEqual({ amount: 100_030_001_00, currency: 'IDR' });
      await booked(SOURCE, before, rtgs);
    });

    it('saw no failed call on the way but the refused amounts (422)', () => {
      expect(s.problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
    });
  });
});
