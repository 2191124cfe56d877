// @vitest-environment node
// A new biller needs JSON and locale strings only: written into a temporary copy of flows/, schemas/ and
// locales/, it passes flows:check, gets its route and menu entry, is accepted by the server and ends with a receipt.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadFlowsFromDisk, projectFolders } from '@/shared/flows/load-node';
import { fdsPagesOf, menuEntriesOf, pagePathsOf } from '@/engine/routes-of';
import { compileValidators } from '../../scripts/compile-validators';
import type { Db } from '../../src/server/db/db';
import { newShapeFiles, newShapeStrings } from './new-shapes';
import {
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  projectCopy,
  setLimits,
  testDbs,
  transact,
  useTestApp,
} from '../kit';

const flow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'payment.pdam',
  area: 'payment',
  route: '/payment/pdam-example/',
  titleKey: 'flows:payment.pdam.title',
  menu: { labelKey: 'flows:payment.pdam.menu', order: 30 },
  requires: 'casa',
  form: {
    schema: 'forms/payment/pdam.json',
    uiSchema: {
      sourceOfFund: { 'ui:widget': 'choice', 'ui:title': 'flows:common.sourceOfFund' },
      customerNumber: {
        'ui:widget': 'digits',
        'ui:title': 'flows:payment.pdam.customerNumber',
        'ui:errors': { pattern: 'flows:payment.pdam.customerNumberDigits' },
      },
    },
  },
  choices: { sourceOfFund: { source: 'accounts', products: ['savings', 'current'], currency: 'IDR' } },
  inquiry: {
    lookup: 'biller.bill',
    params: { billerCode: 'PDAMJKT', billerName: 'PDAM Jakarta', customerField: 'customerNumber' },
  },
  amount: { from: 'inquiry.billAmount', currency: 'IDR' },
  posting: {
    debit: 'form.sourceOfFund',
    credit: { internal: 'SETTLEMENT-PDAM' },
    fees: [{ kind: 'admin', amount: 300000 }],
    limitCategory: 'payment',
    execute: 'biller.pay',
    params: { billerCode: 'PDAMJKT' },
  },
  verify: {
    methods: ['otp'],
    summary: [
      { labelKey: 'flows:payment.pdam.customerNumber', value: 'form.customerNumber' },
      { labelKey: 'flows:payment.pdam.customerName', value: 'inquiry.customerName' },
    ],
  },
  receipt: {
    rows: [{ labelKey: 'flows:payment.pdam.customerName', value: 'inquiry.customerName' }],
    actions: ['pdf', 'share', 'new'],
  },
  machine: null,
};
const form = {
  $id: 'forms/payment/pdam.json',
  type: 'object',
  additionalProperties: false,
  required: ['sourceOfFund', 'customerNumber'],
  properties: {
    sourceOfFund: { type: 'string', minLength: 1 },
    customerNumber: { type: 'string', pattern: '^[0-9]{8,12}$' },
  },
};
const strings = {
  en: {
    title: 'PDAM Jakarta water bill',
    menu: 'PDAM Jakarta',
    customerNumber: 'Customer number',
    customerName: 'Customer name',
    customerNumberDigits: '8 to 12 digits',
  },
  id: {
    title: 'Tagihan air PDAM Jakarta',
    menu: 'PDAM Jakarta',
    customerNumber: 'Nomor pelanggan',
    customerName: 'Nama pelanggan',
    customerNumberDigits: '8 sampai 12 digit',
  },
};

// One copy of the project's data holds the PDAM biller and the shapes of tests/engine/new-shapes/, so one
// server (one database) takes them all to a receipt.
const shapes = newShapeStrings();
const copy = projectCopy({
  files: { ...newShapeFiles(), 'flows/payment/pdam.json': flow, 'schemas/forms/payment/pdam.json': form },
  strings: {
    en: { ...shapes.en, payment: { pdam: strings.en } },
    id: { ...shapes.id, payment: { pdam: strings.id } },
  },
});
const root = copy.root;
afterAll(() => copy.remove());

describe('a new biller from JSON and strings only', () => {
  it('passes flows:check and gets its route and menu entry', () => {
    const { flows, problems } = loadFlowsFromDisk(projectFolders(root));
    expect(problems).toEqual([]);
    const files = flows.map((f) => f.flow);
    expect(files.map((f) => f.id)).toContain('payment.pdam');
    const pages = pagePathsOf(files).map((p) => p.path);
    expect(pages).toEqual(
      expect.arrayContaining([
        '/payment/pdam-example/inquiry/',
        '/payment/pdam-example/verify/',
        '/payment/pdam-example/receipt/',
      ]),
    );
    expect(menuEntriesOf(files)).toContainEqual(
      expect.objectContaining({
        flowId: 'payment.pdam',
        area: 'payment',
        path: '/payment/pdam-example/inquiry/',
        labelKey: 'flows:payment.pdam.menu',
      }),
    );
  });

  it('pass flows:check, a field of a conditional branch counting as a field', () => {
    const { flows, problems } = loadFlowsFromDisk(projectFolders(root));
    expect(problems).toEqual([]);
    expect(flows.map((f) => f.flow.id)).toEqual(
      expect.arrayContaining([
        'purchase.tokenshape',
        'payment.watershape',
        'transfer.methodshape',
        'applyandinvest.stepsshape',
        'donation.fdsshape',
      ]),
    );
    // A multi-step inquiry gets a page per step; an FDS-challenged donation, its area's challenge page.
    const files = flows.map((f) => f.flow);
    expect(pagePathsOf(files).map((p) => p.path)).toEqual(
      expect.arrayContaining([
        '/applyandinvest/steps-shape/inquiry/step-1/',
        '/applyandinvest/steps-shape/inquiry/step-2/',
        '/applyandinvest/steps-shape/verify/',
      ]),
    );
    expect(fdsPagesOf(files)).toContain('/donation/fds-donation/');
    expect(menuEntriesOf(files)).toContainEqual(
      expect.objectContaining({
        flowId: 'applyandinvest.stepsshape',
        path: '/applyandinvest/steps-shape/inquiry/step-1/',
      }),
    );
  });

  it('gets a precompiled browser validator from its schema', () => {
    compileValidators(root);
    const generated = path.join(root, 'src/engine/generated/forms/payment/pdam.ts');
    expect(existsSync(generated)).toBe(true);
    expect(readFileSync(generated, 'utf8')).not.toMatch(/new Function/);
    // A conditional form (if/then/else) gets one too.
    expect(existsSync(path.join(root, 'src/engine/generated/forms/transfer/method-shape.ts'))).toBe(true);
  });

  for (const kind of testDbs) {
    describe(kind.name, () => {
      let db: Db;
      let app: FastifyInstance;
      const t = useTestApp({ engine: kind, demo: false, env: { FLOWS_ROOT: root } });
      beforeAll(async () => {
        ({ app, db } = t);
        await app.ready();
      }, 180_000);

      it('is accepted by the server and completes with a receipt', async () => {
        const c = await customerWithSession(db);
        const acct = await insertAccount(db, c.customerId, { balance: 500_000_000 });
        await setLimits(db, c.customerId, 'payment', 1_000, 100_000_000_000, 100_000_000_000);
        const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'payment.pdam' });
        expect(JSON.stringify(fd.body)).not.toContain('apierror');
        expect(fd.status).toBe(200);
        expect(fd.body.choices.sourceOfFund.map((o: { value: string }) => o.value)).toContain(
          String(acct.id),
        );
        const inq = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'payment.pdam',
          form: { sourceOfFund: String(acct.id), customerNumber: '123456789' },
        });
        expect(JSON.stringify(inq.body)).not.toContain('apierror');
        expect(inq.status).toBe(200);
        expect(inq.body.details.customerName).toBeTruthy();
        expect(inq.body.fees).toEqual([{ kind: 'admin', amount: { amount: 300000, currency: 'IDR' } }]);
        const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
          inquiryId: inq.body.inquiryId,
          method: 'otp',
        });
        expect(ver.status).toBe(200);
        const otp = await latestCode(db, c.phone);
        const rec = await post(app, '/api/transaction/v1/confirm', c.headers, {
          inquiryId: inq.body.inquiryId,
          idempotencyKey: 'pdam-new-biller-1',
          otp,
        });
        expect(rec.status).toBe(200);
        expect(rec.body).toMatchObject({ status: 'success', flowId: 'payment.pdam', total: inq.body.total });
        expect(rec.body.referenceNo).toBeTruthy();
        // The project's own server (no FLOWS_ROOT) does not know this biller: it came from the copy alone.
        const bad = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'payment.nothere',
          form: {},
        });
        expect(bad.status).toBe(404);
      }, 60_000);

      // Three more shapes, written as JSON only in tests/engine/new-shapes/ (flows, form schemas, strings).
      it('a token purchase: the token and kWh come back on the receipt', async () => {
        const c = await customerWithSession(db);
        const acct = await insertAccount(db, c.customerId, { balance: 500_000_000 });
        const { inquiry, receipt } = await transact(app, db, c, 'purchase.tokenshape', {
          sourceOfFund: String(acct.id),
          meterNumber: '12345678901',
          nominal: 5_000_000,
        });
        expect(inquiry.body.details.tariff).toBeTruthy();
        expect(receipt.status).toBe(200);
        expect(receipt.body.status).toBe('success');
        expect(receipt.body.details.token).toMatch(/^\d{20}$/);
        expect(receipt.body.details.kwh).toBeTruthy();
      }, 60_000);

      it('a bill whose company the customer picks: the company reaches the biller, a made-up one is refused', async () => {
        const c = await customerWithSession(db);
        const acct = await insertAccount(db, c.customerId, { balance: 500_000_000 });
        const form = { sourceOfFund: String(acct.id), company: 'TIRTANADI', customerNumber: '12345678' };
        const made = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'payment.watershape',
          form: { ...form, company: 'NOTAPDAM' },
        });
        expect(made.status).toBe(422);
        expect(made.body.apierror.errorCode).toBe('INVALID_CHOICE');
        const { inquiry, receipt } = await transact(app, db, c, 'payment.watershape', form);
        expect(inquiry.body.details.providerCode).toBe('TIRTANADI');
        expect(receipt.status).toBe(200);
        expect(receipt.body.status).toBe('success');
        expect(receipt.body.details.billerReference).toBeTruthy();
      }, 60_000);

      it('a purchase in two steps: the first answers the products, the last the premium, to a receipt', async () => {
        const c = await customerWithSession(db);
        const acct = await insertAccount(db, c.customerId, { balance: 500_000_000 });
        const step = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
          flowId: 'applyandinvest.stepsshape',
          step: 'insured',
          form: { category: 'personal_accident', birthDate: '1990-01-01' },
        });
        expect(step.status).toBe(200);
        expect(step.body.details.options.map((o: { value: string }) => o.value)).toEqual(['INS-SOMPO-PA']);
        const inq = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'applyandinvest.stepsshape',
          stepToken: step.body.stepToken,
          form: { product: 'INS-SOMPO-PA', cover: 5_000_000_000, sourceOfFund: String(acct.id) },
        });
        expect(inq.status).toBe(200);
        // Rp 50 million of cover at Rp 3,000 a year per million (age up to 45): Rp 150,000.
        expect(inq.body.amount).toEqual({ amount: 15_000_000, currency: 'IDR' });
        const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
          inquiryId: inq.body.inquiryId,
          method: 'otp',
        });
        const rec = await post(app, '/api/transaction/v1/confirm', c.headers, {
          inquiryId: inq.body.inquiryId,
          idempotencyKey: 'steps-shape-1',
          otp: await latestCode(db, c.phone),
          otpRequestId: ver.body.otp.requestId,
        });
        expect(rec.status).toBe(200);
        expect(rec.body.status).toBe('success');
      }, 60_000);

      it('a donation the fraud detection always challenges: verify waits for the challenge, then a receipt', async () => {
        const c = await customerWithSession(db);
        const acct = await insertAccount(db, c.customerId, { balance: 500_000_000 });
        const form = { sourceOfFund: String(acct.id), company: 'BAZNAS', amount: 5_000_000 };
        const first = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'donation.fdsshape',
          form,
        });
        expect(first.status).toBe(200);
        expect(first.body.fdsRequired).toBe(true);
        const early = await post(app, '/api/transaction/v1/verification', c.headers, {
          inquiryId: first.body.inquiryId,
          method: 'otp',
        });
        expect(early.status).toBe(409);
        expect(early.body.apierror.errorCode).toBe('FDS_CHALLENGE_REQUIRED');
        // As the page does: the challenge passed, then verify and confirm.
        const { inquiry, receipt } = await transact(app, db, c, 'donation.fdsshape', form);
        expect(inquiry.body.fdsRequired).toBe(true);
        expect(receipt.status).toBe(200);
        expect(receipt.body.status).toBe('success');
      }, 60_000);

      it("a transfer by method: each method's fee, and the RTGS-only fields required only for RTGS", async () => {
        const c = await customerWithSession(db);
        const acct = await insertAccount(db, c.customerId, { balance: 50_000_000_000 });
        const base = { sourceOfFund: String(acct.id), beneficiaryAccountNo: '1234567890' };
        const bifast = { ...base, method: 'bifast', bank: '014', amount: 10_000_000 };
        const { inquiry, receipt } = await transact(app, db, c, 'transfer.methodshape', bifast);
        expect(inquiry.body.fees).toEqual([{ kind: 'admin', amount: { amount: 250000, currency: 'IDR' } }]);
        expect(receipt.status).toBe(200);
        expect(receipt.body.status).toBe('success');
        // RTGS: its bank and purpose are required by the branch, with the flow's own message.
        const rtgs = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'transfer.methodshape',
          form: { ...base, method: 'rtgs', amount: 15_000_000_000 },
        });
        expect(rtgs.status).toBe(400);
        expect(rtgs.body.apierror.fields['/form/purposeCode']).toEqual({
          eng: 'RTGS needs a purpose',
          idn: 'RTGS memerlukan tujuan',
        });
        expect(rtgs.body.apierror.fields['/form/rtgsBank'].eng).toBe('Please choose the bank');
        const ok = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'transfer.methodshape',
          form: { ...base, method: 'rtgs', rtgsBank: '014', purposeCode: '1', amount: 15_000_000_000 },
        });
        expect(ok.status).toBe(200);
        expect(ok.body.fees).toEqual([{ kind: 'clearing', amount: { amount: 3000000, currency: 'IDR' } }]);
        // SWIFT: the correspondent's fee is charged in USD, converted at the quote's rate, shown in both.
        const swift = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'transfer.methodshape',
          form: { ...base, method: 'swift', bank: '014', amount: 10_000_000 },
        });
        expect(swift.status).toBe(200);
        const corr = swift.body.fees.find((f: { kind: string }) => f.kind === 'correspondence');
        expect(corr.charged).toEqual({ amount: 2500, currency: 'USD' });
        expect(corr.amount.currency).toBe('IDR');
        // USD 25 at a rate of Rp 16.000-17.000 a dollar (the seeded board's sell rate, special-rate window).
        expect(corr.amount.amount).toBeGreaterThan(40_000_000);
        expect(corr.amount.amount).toBeLessThan(42_500_000);
        expect(swift.body.total.amount).toBe(10_000_000 + 5_000_000 + corr.amount.amount);
      }, 60_000);
    });
  }
});
