import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { loadFlowsFromDisk } from '../../src/shared/flows/load-node';
import type { FlowFile } from '../../src/shared/flows/types';
import { PERSONAS, latestOtp, login, newContext, serverAndBrowser } from './helpers';
import { BUDI_PHONES, accountOf, chooseOption, isCall, jsonOf, sessionHeaders } from './helpers/flows';

const env = serverAndBrowser();
const SOURCE = '800123456701';

/**
 * Every bill, purchase, donation and virtual-account flow, paid as a customer does in one session:
 * the form filled from the flow's own schema (a number each field's rule accepts, the first option of
 * each choice, an inferred one left as the page chose it), verify with an OTP, the receipt.
 */
const { flows: loaded } = loadFlowsFromDisk();
const flows = loaded.filter(
  (l) =>
    ['payment', 'purchase', 'donation'].includes(l.flow.area) &&
    l.flow.id.includes(process.env.BILLS_ONLY ?? ''),
);

interface Prop {
  type?: string;
  enum?: unknown[];
  pattern?: string;
}

/** A number the pattern accepts, starting with `prefix`, ending 1234 (a bill the simulator pays). */
function numberFor(pattern: string, prefix = ''): string {
  const min = Number(/\{(\d+)/.exec(pattern)?.[1] ?? 10) + (pattern.startsWith('^08') ? 2 : 0);
  const lead = prefix || (pattern.startsWith('^08') ? '0812' : pattern.includes('A-Z') ? 'KA' : '');
  return lead + '7'.repeat(Math.max(0, min - lead.length - 4)) + '1234';
}

/** Goes to a page as the app's own links do (no reload: the session and loaded code stay). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === path);
}

function pathOf(flow: FlowFile): string {
  return `${flow.route}inquiry/${flow.variant ? `?type=${flow.variant}` : ''}`;
}

async function fillForm(page: Page, l: (typeof flows)[number]) {
  const { flow } = l;
  const schema = l.schemas[flow.form.schema]! as { properties: Record<string, Prop> };
  const ui = flow.form.uiSchema as Record<string, Record<string, unknown>> & { 'ui:order'?: string[] };
  const choices = (flow.choices ?? {}) as Record<
    string,
    { inferFrom?: string; list?: string; where?: Record<string, unknown> }
  >;
  const inferred = new Map(
    Object.entries(choices)
      .filter(([, c]) => c.inferFrom)
      .map(([name, c]) => [c.inferFrom!, name]),
  );
  for (const name of ui['ui:order'] ?? Object.keys(schema.properties)) {
    const p = schema.properties[name]!;
    if (name === 'sourceOfFund') await chooseOption(page, name, SOURCE);
    else if (choices[name]?.inferFrom)
      continue; // chosen by the page from the number
    else if (choices[name] || (p.enum && ui[name]?.['ui:widget'] !== 'radio')) {
      await page.locator(`#root_${name}`).click();
      await page.getByRole('option').nth(1).click(); // after the "Choose…" placeholder
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    } else if (p.enum) await page.locator(`#root_${name}-0`).check();
    else if (name === 'amount') await page.locator('#root_amount').fill('50000');
    else if (p.type === 'string' && p.pattern) {
      // A number a choice is inferred from starts with that choice's first prefix (a VA's merchant).
      const from = inferred.get(name);
      const spec = from ? choices[from]! : undefined;
      const entries: Record<string, unknown>[] = spec?.list
        ? (
            JSON.parse(readFileSync(`providers/${spec.list}.json`, 'utf8')) as {
              providers: Record<string, unknown>[];
            }
          ).providers
        : [];
      const entry = entries.find((e) =>
        Object.entries(spec?.where ?? {}).every(([k, v]) =>
          Array.isArray(v) ? v.includes(e[k]) : e[k] === v,
        ),
      );
      const prefix = from && entry ? (entry.prefixes as string[])[0] : '';
      await page.locator(`#root_${name}`).fill(numberFor(p.pattern, prefix));
    }
  }
}

describe('bills, purchases, donations and virtual accounts in Chromium, in one session', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: unknown[];
  let headers: Record<string, string>;
  let before = 0;
  let spent = 0;
  beforeAll(async () => {
    ({ context, page, problems } = await newContext(env.browser, { language: 'en' }));
    // Budi pays many bills today: room under his daily limits.
    await env.server.db.query(
      `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
       SELECT c.id, x.cat, 1000, 100000000000, 1000000000000 FROM customers c,
         (VALUES ('payment'), ('purchase'), ('donation')) x(cat) WHERE c.user_id = 'budisantoso'
       ON CONFLICT (customer_id, category) DO UPDATE SET max_per_transaction = 100000000000, daily_limit = 1000000000000`,
    );
    await login(page, env.server.baseUrl, PERSONAS.budi);
    headers = await sessionHeaders(page);
    before = (await accountOf(env.server, headers, SOURCE)).balance.amount;
  });
  afterAll(() => context?.close());

  it('lists the billers on the payment chooser', async () => {
    await page.goto(`${env.server.baseUrl}/payment/`);
    await page.getByTestId('chooser-item-payment.utility-water').click();
    await page.waitForURL(/\/payment\/utility\/inquiry\/\?type=water$/);
  });

  it.each(flows.map((l) => [l.flow.id, l] as const))('%s: form, OTP, receipt', async (_id, l) => {
    await openInApp(page, pathOf(l.flow));
    await page.getByTestId('inquiry-view').waitFor();
    await fillForm(page, l);
    const inquiryCall = page.waitForResponse(isCall('inquiry'));
    await page.getByTestId('inquiry-submit').click();
    const inquiry = await jsonOf<{ total: { amount: number }; details: Record<string, unknown> }>(
      inquiryCall,
    );
    expect(inquiry.total, JSON.stringify(inquiry)).toBeDefined();
    await page.getByTestId('otp-phones').waitFor();
    await page.getByRole('radio', { name: /7890$/ }).check();
    const sentAt = new Date();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByTestId('otp-panel').waitFor();
    await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
    await page.locator('[data-testid="otp-confirm"]:not([disabled])').click();
    const view = page.locator('[data-testid="receipt-view"][data-status="success"]');
    await view.waitFor();
    const text = (await view.textContent()) ?? '';
    const name = inquiry.details.providerName as { en: string } | undefined;
    if (name) expect(text).toContain(name.en);
    if (l.flow.id === 'purchase.electricity') expect(text).toMatch(/\d{4} \d{4} \d{4} \d{4} \d{4}/);
    spent += inquiry.total.amount;
  });

  it('offers registered billers and every biller to pay once; the zakat calculator reckons 2.5% above the nisab', async () => {
    await openInApp(page, '/payment/one-time-payment/');
    await page
      .getByTestId('all-billers')
      .getByRole('link', { name: /Water \(PDAM\)/ })
      .click();
    await page.waitForURL(/\/payment\/utility\/inquiry\/\?type=water$/);
    await page.getByTestId('inquiry-view').waitFor();
    await openInApp(page, '/donation/zakat-calculator/');
    await page.locator('#zakat-wealth').fill('200000000');
    await page.locator('#zakat-debts').fill('20000000');
    expect(await page.getByTestId('zakat-maal').textContent()).toMatch(/4,500,000/);
  });

  it('took from the account exactly what the receipts say, with no page errors', async () => {
    // The page's token has rotated since the start (every 30 s): read the one it holds now.
    headers = await sessionHeaders(page);
    const after = (await accountOf(env.server, headers, SOURCE)).balance.amount;
    expect(before - after).toBe(spent);
    expect(problems).toEqual([]);
  });
});
