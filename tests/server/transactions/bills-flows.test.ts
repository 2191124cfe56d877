// Long, one concern: every bill, purchase and donation kind of the spec as flow data through one app, a case each.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsFromDisk } from '../../../src/shared/flows/load-node';
import type { FlowFile } from '../../../src/shared/flows/types';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  setLimits,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

/**
 * Every bill, purchase, donation and virtual-account flow on disk, driven as data: the form is made
 * from the flow's own schema and the server's choices, inquiry -> OTP -> confirm -> receipt, and the
 * biller's refusals (magic endings of src/server/billers/README.md) book nothing.
 */
const { flows: loaded, problems } = loadFlowsFromDisk();
const AREAS = ['payment', 'purchase', 'donation'];
// Money flows only: linking an e-wallet for auto top-up moves none (tests/server/autotopup/).
const all = loaded.filter((l) => AREAS.includes(l.flow.area) && !l.flow.service);
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
  labelEng?: string;
  labelIdn?: string;
  detail?: Record<string, unknown>;
}
interface Prop {
  type?: string;
  enum?: unknown[];
  pattern?: string;
}

/** A number the field's pattern (and the chosen biller's own length) accepts, starting with `prefix` and ending with `ending`. */
function numberFor(
  pattern: string,
  ending: string,
  prefix = '',
  biller?: { min?: number; type?: string },
): string {
  const m = /\{(\d+),?(\d+)?\}/.exec(pattern);
  const min = biller?.min ?? Number(m?.[1] ?? 10);
  const letters = pattern.includes('A-Z') && (biller?.type ?? 'AN') !== 'N';
  const lead = prefix || (pattern.startsWith('^08') ? '0812' : letters ? 'KA' : '');
  return (
    lead +
    '7'.repeat(
      Math.max(0, min + (pattern.startsWith('^08') && !biller?.min ? 2 : 0) - lead.length - ending.length),
    ) +
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
    expect(routes).toContain('/payment/penerimaan-negara/bpn/');
    expect(all.filter((l) => l.flow.area === 'donation').length).toBeGreaterThanOrEqual(2);
  });

  describe.each(testDbs)('on $name', (engine) => {
    let db: Db;
    let app: FastifyInstance;
    let c: Customer;
    let acct: { id: number };
    let card: { id: number };
    const t = useTestApp({ engine, demo: false });
    beforeAll(async () => {
      ({ app, db } = t);
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
          const biller = chosen!.detail?.number as { min?: number; type?: string } | undefined;
          if (spec.inferFrom) {
            const prefix = (chosen!.detail?.[spec.prefixKey!] as string[])[0]!;
            form[spec.inferFrom] = numberFor(props[spec.inferFrom]!.pattern!, ending, prefix, biller);
          } else if (biller) {
            // The chosen biller's own length for the flow's number field.
            const field = Object.entries(props).find(([, p]) => p.type === 'string' && p.pattern)?.[0];
            if (field) form[field] = numberFor(props[field]!.pattern!, ending, '', biller);
          }
        }
      }
      return form;
    }

    const schemaOf = (l: (typeof all)[number]) => l.schemas[l.flow.form.schema]!;
    let refusedByRule = 0;

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
        const none = await inquiryOf('0204');
        expect(none.status).toBe(422);
        expect(none.body.apierror).toMatchObject({ errorCode: '0016', errorMessageIdn: expect.any(String) });
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

    it.each(
      providerFlows
        .filter((l) => l.flow.choices?.company?.source === 'providers')
        .map((l) => [l.flow.id, l] as const),
    )(
      '%s: each biller refuses a number not of its own type and length (spec section 5), naming it',
      async (_id, l) => {
        const props = schemaOf(l).properties as Record<string, Prop>;
        const spec = l.flow.choices!.company!;
        // The number field: the one the biller is inferred from, else the form's one patterned field.
        const name =
          spec.inferFrom ?? Object.keys(props).find((k) => k !== 'sourceOfFund' && props[k]!.pattern)!;
        const pattern = props[name]!.pattern!;
        const [, lo, hi] = /\{(\d+),?(\d+)?\}/.exec(pattern)!.map(Number) as [unknown, number, number];
        const extra = pattern.startsWith('^08') ? 2 : 0; // "08" and then {a,b} digits
        let checked = 0;
        for (const o of (await optionsOf(l.flow.id)).company ?? []) {
          const rule = o.detail?.number as { type: string; min?: number; max?: number } | undefined;
          if (!rule) continue;
          const form: Record<string, unknown> = {
            ...(await formFor(l.flow, schemaOf(l), '1234')),
            company: o.value,
          };
          // A biller chosen under another field (an insurer under its category) takes that field's value.
          if (spec.dependsOn && spec.filterKey) form[spec.dependsOn] = o.detail?.[spec.filterKey];
          const prefix = (o.detail?.prefixes as string[] | undefined)?.[0] ?? '';
          const ask = (n: string) =>
            post(app, '/api/transaction/v1/inquiry', c.headers, {
              flowId: l.flow.id,
              form: { ...form, [name]: n },
            });
          const good = numberFor(pattern, '1234', prefix, rule);
          expect((await ask(good)).status, `${o.value} ${good}`).toBe(200);
          // A length the form allows but this biller does not issue.
          const length =
            (rule.max ?? Infinity) < (hi || lo) + extra
              ? rule.max! + 1
              : (rule.min ?? 0) > lo + extra
                ? rule.min! - 1
                : 0;
          if (!length) continue;
          const bad = numberFor(pattern, '1234', prefix, { min: length, type: rule.type });
          const refused = await ask(bad);
          expect(refused.status, `${o.value} ${bad}`).toBe(400);
          expect(refused.body.apierror.errorCode).toBe('INVALID_CUSTOMER_NUMBER');
          expect(refused.body.apierror.fields[`/form/${name}`]).toEqual({
            eng: expect.stringContaining(o.labelEng!),
            idn: expect.stringContaining(o.labelIdn!),
          });
          checked++;
        }
        refusedByRule += checked;
      },
    );

    it("refused numbers by the billers' own rules across the kinds (not only by the forms)", () => {
      expect(refusedByRule).toBeGreaterThan(30);
    });

    it('refuses a number of another merchant or agency than the one chosen (the choice inferred from it)', async () => {
      const billing = all.find((l) => l.flow.id === 'payment.penerimaan-negara')!;
      const form = await formFor(billing.flow, schemaOf(billing), '1234');
      // A customs billing code (first digit 4-6) paid as a tax one (DJP: 0-3).
      const wrong = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: billing.flow.id,
        form: { ...form, billingCode: '512345678901234', company: 'MPNDJP' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.apierror.errorCode).toBe('NUMBER_NOT_OF_CHOICE');
      expect(wrong.body.apierror.fields['/form/billingCode']).toEqual({
        eng: expect.stringMatching(/Tax/),
        idn: expect.stringMatching(/Pajak/),
      });
      const right = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: billing.flow.id,
        form: { ...form, billingCode: '512345678901234', company: 'MPNDJBC' },
      });
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      expect(right.body.details.providerCode).toBe('MPNDJBC');
      const va = all.find((l) => l.flow.id === 'payment.va-closed')!;
      const vaForm = await formFor(va.flow, schemaOf(va), '1234');
      const otherMerchant = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: va.flow.id,
        form: { ...vaForm, vaNumber: `99${String(vaForm.vaNumber).slice(2)}` },
      });
      expect(otherMerchant.status).toBe(422);
      expect(Object.keys(otherMerchant.body.apierror.fields)).toEqual(['/form/vaNumber']);
    });

    it('tops up an e-wallet of fixed amounts only with one of them, another with any amount', async () => {
      const ewallet = all.find((l) => l.flow.id === 'purchase.ewallet')!;
      const form = await formFor(ewallet.flow, schemaOf(ewallet), '1234');
      const ask = (company: string, amount: number) =>
        post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: ewallet.flow.id,
          form: { ...form, company, amount },
        });
      const odd = await ask('LINKAJA', 4_000_000);
      expect(odd.status).toBe(422);
      expect(odd.body.apierror.errorCode).toBe('AMOUNT_NOT_OFFERED');
      expect(odd.body.apierror.fields['/form/amount'].idn).toMatch(/LinkAja: Rp\s?20\.000/);
      expect((await ask('LINKAJA', 5_000_000)).status).toBe(200);
      expect((await ask('OVO', 4_000_000)).status).toBe(200);
    });

    it('takes part of a partial VA bill: at least its minimum payment, at most what is outstanding', async () => {
      const partial = all.find((l) => l.flow.id === 'payment.va-partial')!;
      const form = await formFor(partial.flow, schemaOf(partial), '1234');
      const ask = (amount: number) =>
        post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: partial.flow.id,
          form: { ...form, amount },
        });
      const { details } = (await ask(5_000_000)).body as {
        details: { billAmount: number; minimumPayment: number };
      };
      expect(details.minimumPayment).toBeLessThan(details.billAmount);
      const above = await ask(details.billAmount + 100);
      expect(above.status).toBe(422);
      expect(above.body.apierror.errorCode).toBe('AMOUNT_ABOVE_BILL');
      expect(Object.keys(above.body.apierror.fields)).toEqual(['/form/amount']);
      const below = await ask(details.minimumPayment - 100);
      expect(below.body.apierror.errorCode).toBe('AMOUNT_BELOW_MINIMUM');
      const before = await balanceOf(db, acct.id);
      const { receipt } = await transact(app, db, c, partial.flow.id, {
        ...form,
        amount: details.billAmount - 100,
      });
      expect(receipt.body.status).toBe('success');
      expect(await balanceOf(db, acct.id)).toBe(before - (details.billAmount - 100));
    });

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
