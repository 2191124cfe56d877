import { describe, expect, it } from 'vitest';
import { keepEvidence, signIn, newContext, PERSONAS, screenshot, serverAndBrowser } from '../kit/browser';

const env = serverAndBrowser();

describe('header: search box and live chat', () => {
  it('searches from 3 characters across menu entries, transactions and billers, and goes where chosen', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      const input = page.getByTestId('search-input');
      await input.fill('bp');
      await page.getByText('Type at least 3 characters').waitFor();

      await input.fill('bpjs');
      const options = page.getByTestId('search-option');
      await page.locator('[data-testid="search-option"][data-group="billers"]').waitFor();
      const found = await options.evaluateAll((els) =>
        els.map((e) => ({ group: e.getAttribute('data-group'), text: e.textContent ?? '' })),
      );
      // Menu entries first, then billers; both BPJS programmes are flows of their own.
      expect([...new Set(found.map((f) => f.group))]).toEqual(['flows', 'billers']);
      for (const f of found) expect(f.text).toMatch(/^BPJS/);
      expect(found.filter((f) => f.group === 'flows' && /^BPJS Kesehatan/.test(f.text))).toHaveLength(1);
      await screenshot(page, 'search-results-desktop-en', { fullPage: false });
      await page
        .locator('[data-testid="search-option"][data-group="billers"]', { hasText: 'BPJS Kesehatan' })
        .first()
        .click();
      await page.waitForURL(/\/payment\/bpjs\/inquiry\/$/);

      await input.fill('favor');
      await page.getByRole('option', { name: 'My Favorites' }).click();
      await page.waitForURL(/\/my-favorite\/$/);

      await input.fill('qwxz');
      await page.getByText('No results found').waitFor();
      expect(problems).toEqual([]);
    } catch (err) {
      // Three times (a whole run at 2x CPU, two CI runs) the biller option was gone by the time of the
      // click, the field empty: the full-page screenshot before it had resized the viewport (now the
      // viewport's shot).
      await keepEvidence(page, 'search-across-groups', err instanceof Error ? err : undefined, problems);
      throw err;
    } finally {
      await context.close();
    }
  });

  it('loads the wide screen search when reached for, keeping what was typed meanwhile', async () => {
    const { context, page, problems } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('dashboard').waitFor();
      const fieldCode = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((n) => /\/assets\/(search-field|Autocomplete)-/.test(n)),
        );
      // The page is drawn and quiet: the header's input is there, the field's code is not.
      await page.waitForLoadState('networkidle');
      expect(await fieldCode()).toEqual([]);
      // where the text starts, and the outlined box around it
      const place = () =>
        page.getByTestId('search-input').evaluate((input) => {
          const box = input.closest('.MuiOutlinedInput-root')!.getBoundingClientRect();
          const text = input.getBoundingClientRect().left + parseFloat(getComputedStyle(input).paddingLeft);
          return { text, left: box.left, top: box.top, width: box.width, height: box.height };
        });
      const standIn = await place();
      // Typed into the stand-in while the field's code is on its way (held back 400 ms, a slow phone
      // network's wait): every character lands, in order, in the field that replaces it, and what is
      // typed after goes on the end.
      await page.route(/\/assets\/search-field-/, async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await page.getByTestId('search-input').click();
      await page.keyboard.type('bpjs');
      await page.locator('[data-testid="search-option"][data-group="flows"]').first().waitFor();
      expect(await page.getByTestId('search-input').inputValue()).toBe('bpjs');
      expect((await fieldCode()).length).toBeGreaterThan(0);
      // the field stands where the stand-in stood, at its size
      expect(await place()).toEqual(standIn);
      await page.keyboard.type(' kes');
      await page
        .getByRole('option', { name: /^BPJS Kesehatan/ })
        .first()
        .waitFor();
      expect(await page.getByTestId('search-input').inputValue()).toBe('bpjs kes');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('finds a transaction on a phone through the search button (Indonesian)', async () => {
    const { context, page } = await newContext(env.browser, { language: 'id', viewport: 'mobile' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      await page.getByTestId('search-open').click();
      await page.getByTestId('search-input').fill('pulsa');
      await page.getByRole('option', { name: /^Pulsa/ }).waitFor();
      await screenshot(page, 'search-results-mobile-id');
      await page.getByRole('option', { name: /^Pulsa/ }).click();
      await page.waitForURL(/\/purchase\/mobile\/inquiry\/$/);
    } finally {
      await context.close();
    }
  });

  it('opens the live chat (loading image, 350x420), reloads after an error, and disconnects it at logout', async () => {
    const { context, page } = await newContext(env.browser, { language: 'en' });
    try {
      await signIn(page, env.server.baseUrl, PERSONAS.budi);
      // The first try fails: the error dialog offers Reload, which tries again.
      let refused = false;
      await page.route('**/api/usersettings/v1/geturllivechatafterlogin', async (route) => {
        if (refused) return route.continue();
        refused = true;
        return route.fulfill({ status: 503, body: '' });
      });
      await page.getByTestId('menu-chat').click();
      await page.getByText('Live chat cannot be loaded').waitFor();
      await page.getByRole('button', { name: 'Reload' }).click();

      const panel = page.getByTestId('chat-panel');
      await panel.waitFor();
      const frame = page.frameLocator('[data-testid="chat-frame"]');
      await frame.getByText('Hello! How can we help you today?').waitFor();
      const box = await panel.boundingBox();
      expect([box?.width, box?.height]).toEqual([350, 420]);
      await screenshot(page, 'live-chat-desktop-en');
      const keys = JSON.parse((await page.evaluate(() => sessionStorage.getItem('MLC'))) ?? '{}');
      expect(keys).toMatchObject({
        userId: 'budisantoso',
        alias: 'Budi',
        chatServiceUrl: '/standins/chat-service',
      });

      // Logout: the chat service's disconnect call, form-encoded, then the login page.
      const disconnect = page.waitForRequest((r) =>
        r.url().endsWith(`/standins/chat-service/${keys.chatId}/disconnect`),
      );
      await page.getByTestId('logout').click();
      const request = await disconnect;
      expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ''))).toEqual({
        alias: 'Budi',
        secureKey: keys.secureKey,
        userId: 'budisantoso',
      });
      // The chat service accepted the keys (a wrong key is refused: tests/server/chat).
      expect((await request.response())?.status()).toBe(200);
      await page.waitForURL(/\/login\/$/);
      const { rows } = await env.server.db.query<{ ended: boolean }>(
        'SELECT ended_at IS NOT NULL AS ended FROM live_chats WHERE chat_id = $1',
        [keys.chatId],
      );
      expect(rows[0]?.ended).toBe(true);
      expect(
        await page.evaluate(() => [sessionStorage.getItem('MLC'), sessionStorage.getItem('lc')]),
      ).toEqual([null, null]);
    } finally {
      await context.close();
    }
  });
});
