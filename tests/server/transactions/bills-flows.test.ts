import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsFromDisk } from '../../../src/shared/flows/load-node';
import type { FlowFile } from '../../../src/shared/flows/types';
import { testDbs } from '../test-db';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  post,
  setLimits,
  transact,
  unbalancedJournals,
  type Customer,
} from './bank';

/**
 * Every bill, purchase, donation and virtual-account flow on disk, driven as data: the form is made
 * from the flow's own schema and the server's choices, inquiry -> OTP -> confirm -> receipt, and the
 * biller's refusals (magic endings of src/server/billers/README.md) book nothing.
 */
const { flows: loaded, problems } = loadFlowsFromDisk();
const AREAS = ['payment', 'purchase', 'donation'];
const all = loaded.filter((l) => AREAS.includes(l.flow.area));
/** Flows that look up a customer number at a provider (a donation has none). */
const providerFlows = all.filter(
  (l) =>
    l.flow.inquiry &&
    'lookup' in l.flow.inquiry &&
    l.flow.inquiry.lookup === 'provider.inquiry' &&
    l.flow.area !== 'donation',
);
/**
 * A refused and a pending payment are the one executor's (provider.pay) answers whatever the biller:
 * asked of one flow per area, so the file stays fast.
 */
const refusedAndPending = new Set([...new Map(providerFlows.map((l) => [l.flow.area, l.flow.id])).values()]);

interface Option {
  value: string;
  detail?: Record<string, unknown>;
}
interface Prop {
  type?: string;
  enum?: unknown[];
  pattern?: string;
}

/** A number the field's pattern accepts, starting with `prefix` and ending with `ending`. */
function numberFor(pattern: string, ending: string, prefix = ''): string {
  const m = /\{(\d+),?(\d+)?\}/.exec(pattern);
  const min = Number(m?.[1] ?? 10);
  const lead = prefix || (pattern.startsWith('^08') ? '0812' : pattern.includes('A-Z') ? 'KA' : '');
  return (
    lead +
    '7'.repeat(Math.max(0, min + (pattern.startsWith('^08') ? 2 : 0) - lead.length - ending.length)) +
    ending
  );
}

describe('bill, purchase and donation flows as data', () => {
  it('pass the checker, and there is one of every kind of the spec', () => {
    expect(problems).toEqual([]);
    const routes = new Set(all.map((l) => l.flow.route));
    for (const kind of [
      'bpjs',
      'credit-card',
      'education',
      'insurance',
      'internet-tv',
      'loan',
      'octoloan',
      'others',
      'mobile',
      'tax',
      'transportation',
      'utility',
      'penerimaan-negara',
      'bea-cukai',
      'vehicle-tax',
      'kua',
      'visa-passport',
      'food-beverages',
      'e-commerce',
      'property',
      'pegadaian',
    ])
      expect(routes).toContain(`/payment/${kind}/`);
    for (const kind of ['mobile', 'electricity', 'internet', 'ewallet'])
      expect(routes).toContain(`/purchase/${kind}/`);
    expect(routes).toContain('/virtual-account/');
    expect(all.filter((l) => l.flow.area === 'donation').length).toBeGreaterThanOrEqual(2);
  });

  describe.each(testDbs)('on $name', ({ open }) => {
    let db: Db;
    let app: FastifyInstance;
    let c: Customer;
    let acct: { id: number };
    let card: { id: number };
    beforeAll(async () => {
      db = await open();
      app = await buildApp({ db, demo: false });
      await app.ready();
      c = await customerWithSession(db);
      acct = await insertAccount(db, c.customerId, { balance: 100_000_000_000 });
      card = await insertAccount(db, c.customerId, {
        product: 'credit_card',
        balance: -50_000_000,
        floor: -5_000_000_000,
        name: 'Kartu kredit',
      });
      for (const cat of ['payment', 'purchase', 'donation'])
        await setLimits(db, c.customerId, cat, 1_000, 100_000_000_000, 1_000_000_000_000);
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await db?.close();
    }, 60_000);

    const optionCache = new Map<string, Record<string, Option[]>>();
    async function optionsOf(flowId: string) {
      if (!optionCache.has(flowId)) {
        const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId });
        expect(fd.status).toBe(200);
        optionCache.set(flowId, fd.body.choices as Record<string, Option[]>);
      }
      return optionCache.get(flowId)!;
    }

    /** A valid form for the flow, its customer number ending with `ending`. */
    async function formFor(flow: FlowFile, schema: Record<string, unknown>, ending: string) {
      const props = (schema.properties ?? {}) as Record<string, Prop>;
      const choices = (flow.choices ?? {}) as Record<
        string,
        {
          dependsOn?: string;
          filterKey?: string;
          inferFrom?: string;
          prefixKey?: string;
          products?: string[];
        }
      >;
      const options = await optionsOf(flow.id);
      const form: Record<string, unknown> = {};
      for (const [name, p] of Object.entries(props)) {
        // No promo code: a made-up one is refused (src/server/promo).
        if (choices[name] || name === flow.promo?.field) continue;
        if (p.enum) form[name] = p.enum[0];
        else if (name === 'amount') form[name] = 5_000_000;
        else if (p.type === 'string' && p.pattern) form[name] = numberFor(p.pattern, ending);
      }
      // Choices after the fields they depend on.
      const names = Object.keys(choices).sort(
        (a, b) => Number(!!choices[a]!.dependsOn) - Number(!!choices[b]!.dependsOn),
      );
      for (const name of names) {
        const spec = choices[name]!;
        if (name === 'sourceOfFund') form[name] = String(acct.id);
        else if (spec.products?.includes('credit_card')) form[name] = String(card.id);
        else {
          let opts = options[name] ?? [];
          if (spec.dependsOn)
            opts = opts.filter((o) => o.detail?.[spec.filterKey!] === form[spec.dependsOn!]);
          const chosen = opts[0];
          expect(chosen, `${flow.id}: an option for ${name}`).toBeDefined();
          form[name] = chosen!.value;
          if (spec.inferFrom) {
            const prefix = (chosen!.detail?.[spec.prefixKey!] as string[])[0]!;
            form[spec.inferFrom] = numberFor(props[spec.inferFrom]!.pattern!, ending, prefix);
          }
        }
      }
      return form;
    }

    const schemaOf = (l: (typeof all)[number]) => l.schemas[l.flow.form.schema]!;

    it.each(all.map((l) => [l.flow.id, l] as const))(
      '%s: inquiry, verify, receipt; the money leaves the account',
      async (_id, l) => {
        const form = await formFor(l.flow, schemaOf(l), '1234');
        const before = await balanceOf(db, acct.id);
        const { inquiry, receipt } = await transact(app, db, c, l.flow.id, form);
        expect(inquiry.status, JSON.stringify(inquiry.body)).toBe(200);
        expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
        expect(receipt.body.status).toBe('success');
        // Every row the verify page and the receipt name has its value (optional ones may be absent).
        for (const r of l.flow.verify.summary.filter((x) => !x.optional && x.value.startsWith('inquiry.')))
          expect(inquiry.body.details[r.value.slice(8)], `${l.flow.id} ${r.value}`).not.toBeUndefined();
        for (const r of l.flow.receipt.rows.filter((x) => !x.optional && x.value.startsWith('inquiry.')))
          expect(
            receipt.body.details[r.value.slice(8)],
            `${l.flow.id} receipt ${r.value}`,
          ).not.toBeUndefined();
        expect(await balanceOf(db, acct.id)).toBe(before - (inquiry.body.total.amount as number));
        expect(await unbalancedJournals(db)).toBe(0);
      },
    );

    it('an electricity token comes back with 20 digits and kWh; a tax payment with its NTPN', async () => {
      const pln = all.find((l) => l.flow.id === 'purchase.electricity')!;
      const { receipt } = await transact(
        app,
        db,
        c,
        pln.flow.id,
        await formFor(pln.flow, schemaOf(pln), '1234'),
      );
      expect(receipt.body.details.token).toMatch(/^\d{20}$/);
      expect(receipt.body.details.kwh).toMatch(/^\d+,\d$/);
      const tax = all.find((l) => l.flow.id === 'payment.tax')!;
      const paid = await transact(app, db, c, tax.flow.id, await formFor(tax.flow, schemaOf(tax), '1234'));
      expect(paid.receipt.body.details.ntpn).toMatch(/^\d{16}$/);
    });

    it.each(providerFlows.map((l) => [l.flow.id, l] as const))(
      '%s: unknown number, already paid, time-out (and once per area refused, pending) book nothing',
      async (_id, l) => {
        const before = await balanceOf(db, acct.id);
        const inquiryOf = async (ending: string) =>
          post(app, '/api/transaction/v1/inquiry', c.headers, {
            flowId: l.flow.id,
            form: await formFor(l.flow, schemaOf(l), ending),
          });
        const notFound = await inquiryOf('0404');
        expect(notFound.status).toBe(422);
        expect(notFound.body.apierror.errorCode).toBe('0014');
        expect(Object.keys(notFound.body.apierror.fields ?? {})).toHaveLength(1);
        const paid = await inquiryOf('0200');
        expect(paid.status).toBe(422);
        expect(paid.body.apierror).toMatchObject({ errorCode: '0088', errorTitleIdn: expect.any(String) });
        expect((await inquiryOf('0504')).status).toBe(504);
        if (!refusedAndPending.has(l.flow.id)) return;
        const refused = await transact(app, db, c, l.flow.id, await formFor(l.flow, schemaOf(l), '0500'));
        expect(refused.receipt.body.status).toBe('failed');
        expect(await balanceOf(db, acct.id)).toBe(before);
        const pending = await transact(app, db, c, l.flow.id, await formFor(l.flow, schemaOf(l), '2018'));
        expect(pending.receipt.body.status).toBe('pending');
        expect(await balanceOf(db, acct.id)).toBe(before - (pending.inquiry.body.total.amount as number));
        expect(await unbalancedJournals(db)).toBe(0);
      },
    );

    it('refuses a number of the wrong kind in both languages, and an amount under the donation minimum', async () => {
      const tax = all.find((l) => l.flow.id === 'payment.tax')!;
      const form = await formFor(tax.flow, schemaOf(tax), '1234');
      const bad = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: tax.flow.id,
        form: { ...form, billingCode: '12AB' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.apierror.fields['/form/billingCode']).toEqual({
        eng: expect.stringMatching(/15 digits/),
        idn: expect.stringMatching(/15 angka/),
      });
      const don = all.find((l) => l.flow.id === 'donation.donation')!;
      const small = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: don.flow.id,
        form: { ...(await formFor(don.flow, schemaOf(don), '1234')), amount: 500_000 },
      });
      expect(small.status).toBe(422);
      expect(small.body.apierror.errorCode).toBe('AMOUNT_BELOW_MINIMUM');
    });
  });
});
