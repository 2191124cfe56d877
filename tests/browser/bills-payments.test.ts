// Long, one concern: one signed-in Chromium session through bills, purchases and cards, ending with the balance of them all.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadFlowsFromDisk } from '../../src/shared/flows/load-node';
import type { FlowFile } from '../../src/shared/flows/types';
import { stepsOf } from '../../src/shared/flows/steps';
import { SEARCH_FROM } from '../../src/engine/ui/search-from';
import {
  PERSONAS,
  latestOtp,
  serverAndBrowser,
  signedInSession,
  BUDI_PHONES,
  accountOf,
  chooseOption,
  isCall,
  jsonOf,
  openInApp,
  postApi,
  sessionHeaders,
} from '../kit/browser';

const env = serverAndBrowser();
const SOURCE = '800123456701';

/**
 * Each shape of bill, purchase, donation and virtual account form paid as a customer does, in one
 * session; then a registered biller paid again in two taps, a virtual card number created (shown once)
 * and charged by a merchant, GoPay linked for auto top-up and topped up. The account loses exactly what
 * the receipts and top-ups say, and its history lists each of them. Every flow of these areas makes
 * its server round trip in tests/server/transactions/bills-flows.test.ts and draws its steps in its
 * stories; here one flow of each form shape (shapeOf) goes through the browser. BILLS_ALL=1 pays every
 * flow; BILLS_ONLY=<part of an id> those it names.
 */
const { flows: loaded } = loadFlowsFromDisk();
// (linking an e-wallet, a service flow, moves no money: its own test below)
const ofAreas = loaded.filter(
  (l) => ['payment', 'purchase', 'donation'].includes(l.flow.area) && !l.flow.service,
);
/**
 * The billers a flow's provider choices offer, in the server's order, with their details (each one's
 * number rule and prefixes), read from providers/ as the server does: no API call with the page's
 * token (a call with a token 30 s old rotates it, and the page would not learn the new one).
 */
function billersOf(flow: FlowFile): Record<string, Option[]> {
  const out: Record<string, Option[]> = {};
  for (const [field, spec] of Object.entries(flow.choices ?? {})) {
    if (spec.source !== 'providers' || !spec.list) continue;
    const category = JSON.parse(readFileSync(`providers/${spec.list}.json`, 'utf8')) as {
      providers: ({ code: string; name: { en: string } } & Record<string, unknown>)[];
    };
    out[field] = category.providers
      .filter((p) =>
        Object.entries(spec.where ?? {}).every(([k, v]) =>
          Array.isArray(v) ? v.includes(p[k]) : p[k] === v,
        ),
      )
      .map((p) => ({ value: p.code, labelEng: p.name.en, detail: p }));
  }
  return out;
}

/** Flows this file's own steps need: the water bill is saved as a registered biller, the token is read. */
const NEEDED = ['payment.utility-water', 'purchase.electricity'];

/**
 * What a customer meets on a flow's form, field by field, as fillForm treats it: the kind of each field
 * (an account, a choice and where its options come from, one inferred from a number, a radio, a
 * number, an amount...), and what comes before the form (a form step, the VA number page).
 */
function shapeOf(l: (typeof loaded)[number]): string {
  const { flow } = l;
  const schema = l.schemas[flow.form.schema] as { properties: Record<string, Prop> };
  const ui = (flow.form.uiSchema ?? {}) as Record<string, Record<string, unknown>> & {
    'ui:order'?: string[];
  };
  const choices = (flow.choices ?? {}) as Record<
    string,
    { source?: string; inferFrom?: string; search?: boolean }
  >;
  const billers = billersOf(flow);
  const fields = (ui['ui:order'] ?? Object.keys(schema.properties)).map((name) => {
    const p = schema.properties[name] ?? {};
    const widget = ui[name]?.['ui:widget'];
    if (widget === 'hidden') return 'hidden';
    if (name === flow.promo?.field) return 'promo';
    if (name === 'sourceOfFund' || name === 'amount') return name;
    const choice = choices[name];
    // (a list of SEARCH_FROM billers or more is searched by typing)
    if (choice)
      return `choice:${choice.source}${choice.inferFrom ? ':inferred' : ''}${choice.search || (billers[name]?.length ?? 0) >= SEARCH_FROM ? ':search' : ''}`;
    if (p.enum) return widget === 'radio' ? 'radio' : 'select';
    return p.pattern ? 'number' : (p.type ?? 'text');
  });
  const before =
    flow.route === '/virtual-account/' ? `va-page:${flow.variant}` : (stepsOf(flow)[0]?.view ?? '');
  return `${flow.area} ${before} ${fields.join(',')}`;
}

/** The first flow of each shape, and the flows this file needs (each flow's shape computed once). */
function oneOfEachShape(all: typeof ofAreas): typeof ofAreas {
  const shapes = all.map(shapeOf);
  return all.filter((l, i) => NEEDED.includes(l.flow.id) || shapes.indexOf(shapes[i]!) === i);
}

const flows = process.env.BILLS_ONLY
  ? ofAreas.filter((l) => l.flow.id.includes(process.env.BILLS_ONLY!))
  : process.env.BILLS_ALL
    ? ofAreas
    : oneOfEachShape(ofAreas);

interface Prop {
  type?: string;
  enum?: unknown[];
  pattern?: string;
}
interface Option {
  value: string;
  labelEng: string;
  detail?: Record<string, unknown>;
}
interface Rule {
  type: string;
  min?: number;
}

/** A number the field's pattern and the biller's own rule accept, starting with `prefix`, ending 1234. */
function numberFor(pattern: string, prefix = '', rule?: Rule): string {
  const letters = pattern.includes('A-Z') && (rule?.type ?? 'AN') !== 'N';
  const min = rule?.min ?? Number(/\{(\d+)/.exec(pattern)?.[1] ?? 10) + (pattern.startsWith('^08') ? 2 : 0);
  const lead = prefix || (pattern.startsWith('^08') ? '0812' : letters ? 'KA' : '');
  return lead + '7'.repeat(Math.max(0, min - lead.length - 4)) + '1234';
}

const pathOf = (flow: FlowFile) => `${flow.route}inquiry/${flow.variant ? `?type=${flow.variant}` : ''}`;

/** Verify with an SMS code to Budi's first phone; resolves with the receipt's text. */
async function verifyByOtp(page: Page): Promise<string> {
  await page.getByTestId('otp-phones').waitFor();
  await page.getByRole('radio', { name: /7890$/ }).check();
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('otp-panel').waitFor();
  await page.getByTestId('otp-input').fill(await latestOtp(env.server, BUDI_PHONES[0], sentAt));
  await page.locator('[data-testid="otp-confirm"]:not([disabled])').click();
  const view = page.locator('[data-testid="receipt-view"][data-status="success"]');
  await view.waitFor();
  return (await view.textContent()) ?? '';
}

describe('bills, purchases, donations, virtual accounts and cards in Chromium, in one session', () => {
  let page: Page;
  let problems: unknown[];
  let headers: Record<string, string>;
  let sourceId = 0;
  let before = 0;
  let spent = 0;
  const references: string[] = [];
  const optionsOf = (flowId: string) => billersOf(loaded.find((l) => l.flow.id === flowId)!.flow);

  /** The auto top-ups booked for Budi (the journal's, by their idempotency key), read in the database. */
  const autoTopUps = async () =>
    (
      await env.server.db.query<{ amount: number; reference_no: string }>(
        `SELECT t.amount, j.reference_no FROM journal j
           JOIN ewallet_topups t ON j.idempotency_key = 'autotopup-' || t.link_id || '-' || t.seq
          WHERE j.status = 'success' AND j.customer_id = (SELECT id FROM customers WHERE user_id = 'budisantoso')`,
      )
    ).rows;

  /** Fills the flow's form as a customer does: its own schema, the first biller, a number it issues. */
  async function fillForm(l: (typeof flows)[number]) {
    const { flow } = l;
    // This flow's page (not the one before it, still on screen for a moment).
    const view = page.locator(`[data-testid="flow-${flow.id}"]`);
    await view.locator('[data-testid="inquiry-view"]').waitFor();
    // A form step before the form (the insurance category): its first option, Next.
    if ((await view.getAttribute('data-view')) === 'form') {
      await page.locator('input[type=radio]').first().check();
      await page.getByTestId('inquiry-submit').click();
      await page.locator(`[data-testid="flow-${flow.id}"][data-view="inquiry"]`).waitFor();
    }
    const schema = l.schemas[flow.form.schema]! as { properties: Record<string, Prop> };
    const ui = flow.form.uiSchema as Record<string, Record<string, unknown>> & { 'ui:order'?: string[] };
    const choices = (flow.choices ?? {}) as Record<string, { inferFrom?: string }>;
    const options = optionsOf(flow.id);
    // The biller a number is for: the one inferred from it, or the one chosen.
    let biller: Option | undefined;
    const inferredFrom = new Map(
      Object.entries(choices)
        .filter(([, c]) => c.inferFrom)
        .map(([name, c]) => [c.inferFrom!, name]),
    );
    for (const name of ui['ui:order'] ?? Object.keys(schema.properties)) {
      const p = schema.properties[name]!;
      const input = page.locator(`#root_${name}`);
      if (ui[name]?.['ui:widget'] === 'hidden' || name === flow.promo?.field) continue;
      if (name === 'sourceOfFund') await chooseOption(page, name, SOURCE);
      else if (choices[name]?.inferFrom)
        continue; // chosen by the page from the number
      else if (choices[name] || (p.enum && ui[name]?.['ui:widget'] !== 'radio')) {
        // Option 1: the first biller after a select's "Choose…" (a searchable list has none: its second).
        const label = await chooseOption(page, name, 1);
        biller = options[name]?.find((o) => label.includes(o.labelEng)) ?? biller;
      } else if (p.enum) await page.locator(`#root_${name}-0`).check();
      else if (name === 'amount') await input.fill('50000');
      else if (p.type === 'string' && p.pattern && !(await input.inputValue())) {
        // A number the chosen (or to be inferred) biller issues, with its prefix.
        const inferred = inferredFrom.get(name);
        const target = inferred ? options[inferred]?.[0] : biller;
        const prefix = inferred ? ((target?.detail?.prefixes as string[] | undefined)?.[0] ?? '') : '';
        await input.fill(numberFor(p.pattern, prefix, target?.detail?.number as Rule | undefined));
      }
    }
  }

  async function submitAndPay(): Promise<{ text: string; total: number; providerName?: string }> {
    const inquiryCall = page.waitForResponse(isCall('inquiry'));
    await page.getByTestId('inquiry-submit').click();
    const inquiry = await jsonOf<{
      total: { amount: number };
      details: Record<string, unknown>;
      fdsRequired?: boolean;
    }>(inquiryCall);
    expect(inquiry.total, JSON.stringify(inquiry)).toBeDefined();
    if (inquiry.fdsRequired) {
      // A first large payment to this biller and number: the area's FDS page before verify.
      await page.waitForURL(/\/(payment\/fds-payment|purchase\/fds|donation\/fds-donation)\/$/);
      await page.getByTestId('fds-recipient').locator('input').check();
      await page.getByTestId('fds-myself').locator('input').check();
      await page.getByTestId('fds-continue').click();
    }
    const text = await verifyByOtp(page);
    references.push(
      (await page.getByTestId('receipt-reference').textContent())!.replace(/\D/g, '').slice(-16),
    );
    spent += inquiry.total.amount;
    return {
      text,
      total: inquiry.total.amount,
      providerName: (inquiry.details.providerName as { en: string } | undefined)?.en,
    };
  }

  // Budi pays many bills today: room under his daily limits (before he logs in, below).
  beforeAll(async () => {
    await env.server.db.query(
      `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
       SELECT c.id, x.cat, 1000, 100000000000, 1000000000000 FROM customers c,
         (VALUES ('payment'), ('purchase'), ('donation')) x(cat) WHERE c.user_id = 'budisantoso'
       ON CONFLICT (customer_id, category) DO UPDATE SET max_per_transaction = 100000000000, daily_limit = 1000000000000`,
    );
  });
  const session = signedInSession(env, PERSONAS.budi, { language: 'en' });
  beforeAll(async () => {
    ({ page, problems } = session);
    headers = await sessionHeaders(page);
    const source = await accountOf(env.server, headers, SOURCE);
    before = source.balance.amount;
    sourceId = source.id;
  });

  it('lists the billers on the payment chooser; state revenue asks billing code or BPN first', async () => {
    await page.goto(`${env.server.baseUrl}/payment/`);
    await page.getByTestId('chooser-item-payment.penerimaan-negara').click();
    await page.waitForURL(/\/payment\/penerimaan-negara\/option\/$/);
    await page.getByTestId('option-payment.bpn').waitFor();
    await page.getByTestId('option-payment.penerimaan-negara').click();
    await page.waitForURL(/\/payment\/penerimaan-negara\/inquiry\/$/);
    await page.getByTestId('inquiry-view').waitFor();
  });

  it("a bill kind of several billers opened without its type offers them (the route's chooser), not a 404", async () => {
    await openInApp(page, '/payment/credit-card/inquiry/');
    await page.waitForURL(/\/payment\/credit-card\/$/);
    const chooser = page.getByTestId('route-chooser');
    await chooser.waitFor();
    expect(await chooser.getByRole('link').count()).toBe(2);
    await chooser.getByTestId('chooser-item-payment.credit-card-own').click();
    await page.waitForURL(/\/payment\/credit-card\/inquiry\/\?type=own$/);
    await page.locator('[data-testid="flow-payment.credit-card-own"] [data-testid="inquiry-view"]').waitFor();
  });

  it.each(flows.map((l) => [l.flow.id, l] as const))('%s: form, OTP, receipt', async (_id, l) => {
    if (l.flow.route === '/virtual-account/') {
      // Any VA number on /virtual-account/: the merchant from its first digits, the form of its kind.
      const merchant = optionsOf(l.flow.id).company![0]!;
      await openInApp(page, '/virtual-account/');
      await page
        .locator('#va-number')
        .fill(
          numberFor(
            '^[0-9]{10,19}$',
            (merchant.detail!.prefixes as string[])[0],
            merchant.detail!.number as Rule,
          ),
        );
      await page.locator(`[data-testid="va-merchant"][data-amount-type="${l.flow.variant}"]`).waitFor();
      await page.getByTestId('va-next').click();
      await page.waitForURL(new RegExp(`/virtual-account/inquiry/\\?type=${l.flow.variant}&vaNumber=`));
    } else await openInApp(page, pathOf(l.flow));
    await fillForm(l);
    const { text, providerName } = await submitAndPay();
    if (providerName && l.flow.receipt.rows.some((r) => r.value === 'inquiry.providerName'))
      expect(text).toContain(providerName);
    if (l.flow.id === 'purchase.electricity') expect(text).toMatch(/\d{4} \d{4} \d{4} \d{4} \d{4}/);
    if (l.flow.id === 'payment.utility-water') {
      // Saved as a registered biller (the biller, the customer number, the account).
      await page.getByTestId('receipt-favourite').click();
      await page.locator('input[name="favouriteName"]').fill('Air rumah');
      await page.getByTestId('save-favourite-confirm').click();
      await page.getByTestId('receipt-favourites-link').waitFor();
    }
  });

  it('pays a registered biller again in two taps: the biller, then verify', async () => {
    await openInApp(page, '/payment/');
    const biller = page.getByTestId('registered-biller').filter({ hasText: 'Air rumah' });
    const inquiryCall = page.waitForResponse(isCall('inquiry'));
    await biller.click();
    const inquiry = await jsonOf<{ total: { amount: number } }>(inquiryCall);
    await page.waitForURL(/\/payment\/utility\/verify\//);
    await verifyByOtp(page);
    references.push(
      (await page.getByTestId('receipt-reference').textContent())!.replace(/\D/g, '').slice(-16),
    );
    spent += inquiry.total.amount;
  });

  it('creates a virtual card number: its number and CVV shown once, kept nowhere in the browser; a merchant charges it', async () => {
    await openInApp(page, '/virtual-card-number/');
    await page.getByTestId('vcn-create').click();
    await page.getByTestId('inquiry-view').waitFor();
    await chooseOption(page, 'card', 1);
    await page.locator('#root_limit').fill('1000000');
    await page.locator('#root_validity-1').check();
    await page.locator('#root_nickname').fill('Tokopedia');
    await page.getByTestId('inquiry-submit').click();
    await verifyByOtp(page);
    const [numberRow, cvvRow] = await page.getByTestId('receipt-secret').allTextContents();
    const cardNumber = /(\d{4} \d{4} \d{4} \d{4})/.exec(numberRow!)![1]!.replaceAll(' ', '');
    const cvv = /(\d{3})$/.exec(cvvRow!)![1]!;
    const expiry = /Expiry \(MM\/YY\)(\d{2}\/\d{2})/.exec(
      (await page.getByTestId('receipt-view').textContent())!,
    )![1]!;
    const stored = await page.evaluate(() => JSON.stringify([{ ...sessionStorage }, { ...localStorage }]));
    expect(stored).not.toContain(cardNumber);
    // Read again (the page reloaded): not shown again.
    await page.reload();
    await page.getByTestId('receipt-view').waitFor();
    expect(await page.getByTestId('receipt-secret').allTextContents()).toEqual([
      expect.stringContaining('Shown only once'),
      expect.stringContaining('Shown only once'),
    ]);
    const charged = await postApi<{ approved: boolean }>(
      env.server,
      { 'content-type': 'application/json' },
      '/api/dev/v1/vcn/charge',
      {
        cardNumber,
        expiry,
        cvv,
        amount: 25_000_000,
        merchant: 'Tokopedia',
        merchantReference: 'INV-1',
      },
    );
    expect(charged.body.approved, JSON.stringify(charged.body)).toBe(true);
    await openInApp(page, '/virtual-card-number/');
    const vcn = page.getByTestId('vcn').filter({ hasText: cardNumber.slice(-4) });
    expect(await vcn.getByTestId('vcn-remaining').textContent()).toMatch(/750,000/);
  });

  it('links GoPay for auto top-up; paying with GoPay below the threshold tops it up from the account', async () => {
    await openInApp(page, '/purchase/');
    await page.getByTestId('chooser-item-purchase.ewallet-autotopup').click();
    await page.waitForURL(/\/autotopup\/gopay\/$/);
    await page.getByTestId('autotopup-link').click();
    await page.locator('#root_phoneNumber').fill('081234561234');
    await page.locator('#root_threshold').fill('1000000');
    await page.locator('#root_topupAmount').fill('200000');
    await chooseOption(page, 'sourceOfFund', SOURCE);
    await page.getByTestId('inquiry-submit').click();
    expect(await verifyByOtp(page)).toContain('GoPay');
    await openInApp(page, '/autotopup/gopay/');
    await page.locator('[data-testid="autotopup"][data-linked="yes"]').waitFor();
    await page.getByTestId('autotopup-demo-spend').click();
    await page.locator('[data-testid="autotopup-topup"][data-status="success"]').first().waitFor();
    // The link keeps being topped up (by the scheduler every 30 s) until the e-wallet is above its
    // threshold: the final check counts every top-up booked by then.
    expect((await autoTopUps()).length).toBeGreaterThan(0);
  });

  it('reckons zakat at 2.5% above the nisab', async () => {
    await openInApp(page, '/donation/zakat-calculator/');
    await page.locator('#zakat-wealth').fill('200000000');
    await page.locator('#zakat-debts').fill('20000000');
    expect(await page.getByTestId('zakat-maal').textContent()).toMatch(/4,500,000/);
  });

  it('took from the account exactly what the receipts say, each in its history, with no page errors', async () => {
    // The page's token has rotated since the start (every 30 s): read the one it holds now.
    headers = await sessionHeaders(page);
    // The auto top-ups booked, read on both sides of the balance so that none lands in between.
    let topUps = await autoTopUps();
    let after = (await accountOf(env.server, headers, SOURCE)).balance.amount;
    for (let again = await autoTopUps(); again.length !== topUps.length; again = await autoTopUps()) {
      topUps = again;
      after = (await accountOf(env.server, headers, SOURCE)).balance.amount;
    }
    for (const t of topUps) {
      spent += Number(t.amount) + 100_000; // and the e-wallet top-up's fee
      references.push(t.reference_no);
    }
    expect(before - after).toBe(spent);
    const listed = new Set<string>();
    for (let p = 1; p < 10; p++) {
      const h = await postApi<{ entries: { referenceNo: string }[]; totalPages?: number }>(
        env.server,
        headers,
        '/api/account/v1/history',
        { accountId: sourceId, page: p, direction: 'debit' },
      );
      if (h.status !== 200 || h.body.entries.length === 0) break;
      for (const e of h.body.entries) listed.add(e.referenceNo);
    }
    expect(references.filter((r) => !listed.has(r))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
