import { describe, expect, it } from 'vitest';
import { signIn, newContext, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('help and mailbox', () => {
  it('reads the unread news from the header badge, writes to the bank, searches the FAQ and finds the contacts', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const badge = page.getByTestId('mailbox-badge');
      await page.locator('[data-testid="mailbox-badge"][data-unread="3"]').waitFor();
      expect(await badge.getAttribute('aria-label')).toBe('Kotak pesan, 3 belum dibaca');

      // The badge opens the inbox: newest first, the three unread marked.
      await badge.click();
      await page.waitForURL(/\/help\/mailbox\/$/);
      const rows = page.getByTestId('mailbox-message');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(6);
      expect(await page.locator('[data-testid="mailbox-message"][data-unread="true"]').count()).toBe(3);
      expect(await rows.first().textContent()).toContain('Tagihan kartu kredit Anda sudah terbit');
      expect(await page.getByTestId('folder-inbox').textContent()).toBe('Kotak masuk (3)');
      await screenshot(page, 'mailbox-inbox-desktop-id');

      // Opening one reads it: the badge counts one fewer; its link leads on.
      await rows.first().click();
      await page.waitForURL(/\/help\/mailbox\/message\/\?id=\d+$/);
      expect(await page.getByTestId('message-body').textContent()).toContain('5481 17** **** 5678');
      await page.locator('[data-testid="mailbox-badge"][data-unread="2"]').waitFor();
      await screenshot(page, 'mailbox-message-desktop-id');

      // Reply: the subject is offered, the topic must be chosen before sending.
      await page.getByTestId('message-reply').click();
      await page.waitForURL(/\/help\/compose\/\?replyTo=\d+$/);
      const subject = page.locator('input[name="subject"]');
      await expect.poll(() => subject.inputValue()).toBe('Re: Tagihan kartu kredit Anda sudah terbit');
      await subject.fill('');
      await page.getByTestId('compose-send').click();
      await page.getByText('Tulis subjek.').waitFor();
      await page.getByText('Tulis pesan Anda.').waitFor();
      await subject.fill('Tanggal jatuh tempo');
      await page.locator('textarea[name="message"]').fill('Kapan jatuh tempo tagihan bulan ini?');
      await page.getByTestId('compose-send').click();

      // Sent: the list of sent messages, the reference said; the bank's acknowledgement is unread.
      await page.waitForURL(/\/help\/mailbox\/\?folder=sent$/);
      await page.getByText(/^Pesan terkirim\. Nomor referensi MB\d{8}\.$/).waitFor();
      const sent = page.getByTestId('mailbox-message');
      await sent.first().waitFor();
      expect(await sent.first().textContent()).toContain('Tanggal jatuh tempo');
      expect(await sent.count()).toBe(2);
      await page.locator('[data-testid="mailbox-badge"][data-unread="3"]').waitFor();
      await page.getByTestId('folder-inbox').click();
      await page.getByText('Pesan Anda telah kami terima: Tanggal jatuh tempo').waitFor();

      // Deleting a message: asked first, then gone.
      await page.getByTestId('mailbox-message').nth(1).click();
      await page.getByTestId('message-delete').click();
      await page.getByTestId('message-delete-confirm').click();
      await page.waitForURL(/\/help\/mailbox\/$/);
      await page.getByText('Pesan dihapus.').waitFor();
      await expect.poll(() => page.getByTestId('mailbox-message').count()).toBe(6);

      // Help: the FAQ, searched as the customer types.
      await page.goto(`${env.server.baseUrl}/help/`);
      await page.getByTestId('help-faq').click();
      await page.waitForURL(/\/help\/faq\/$/);
      await page.getByTestId('faq-entry').first().waitFor();
      await page.getByTestId('faq-search').fill('kata sandi');
      await expect.poll(() => page.getByTestId('faq-entry').count()).toBe(2);
      await page.getByText('Saya lupa kata sandi. Apa yang harus saya lakukan?').click();
      await page.getByText(/pilih "Lupa kata sandi"/).waitFor();
      await screenshot(page, 'faq-search-desktop-id');
      await page.getByTestId('faq-search').fill('zzzz');
      await page.getByTestId('faq-empty').waitFor();

      // Contact us: the call centre, and the chat it opens.
      await page.goto(`${env.server.baseUrl}/contact-us/`);
      expect(await page.getByTestId('contact-centre').textContent()).toBe('14041');
      await page.getByTestId('contact-chat').click();
      await page.getByTestId('chat-panel').waitFor();
      await screenshot(page, 'contact-us-desktop-id');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits an inbox with unread messages on a 390 px phone: nothing wider than the screen', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi, '/help/mailbox/');
      await page.locator('[data-testid="mailbox-message"][data-unread="true"]').first().waitFor();
      // (Each unread row names itself so to a screen reader, in a visually hidden span.)
      const widest = await page.evaluate(() =>
        Math.max(
          document.documentElement.scrollWidth,
          ...[...document.querySelectorAll('body *')].map((el) => el.getBoundingClientRect().right),
        ),
      );
      expect(widest).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says "no messages" (0030) to a customer with an empty mailbox, on a phone in English', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.sari);
      await page.locator('[data-testid="mailbox-badge"][data-unread="0"]').waitFor();
      await page.getByTestId('mailbox-badge').click();
      const empty = page.getByTestId('mailbox-empty');
      await empty.waitFor();
      expect(await empty.getAttribute('data-code')).toBe('CLICKS : 0030');
      expect(await empty.textContent()).toContain('No messages');
      await screenshot(page, 'mailbox-empty-mobile-en');
      await page.goto(`${env.server.baseUrl}/help/`);
      await page.getByTestId('help-page').waitFor();
      await page.getByText('Popular questions').waitFor();
      await screenshot(page, 'help-mobile-en');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
