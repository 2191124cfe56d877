// @vitest-environment node
// A new biller needs JSON and locale strings only: written into a temporary copy of flows/, schemas/ and
// locales/, it passes flows:check, gets its route and menu entry, is accepted by the server and ends with a receipt.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadFlowsFromDisk, projectFolders } from '@/shared/flows/load-node';
import { menuEntriesOf, pagePathsOf } from '@/engine/routes-of';
import { compileValidators } from '../../scripts/compile-validators';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/db';
import { testDbs } from '../server/test-db';
import { customerWithSession, insertAccount, post, setLimits } from '../server/transactions/bank';
import { latestCode } from '../server/otp/fixtures';

const project = projectFolders();
const root = mkdtempSync(path.join(tmpdir(), 'new-biller-'));

const flow = {
  $schema: '../../schemas/flow.schema.json',
  id: 'payment.pdam',
  area: 'payment',
  route: '/payment/utility/',
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

function writeJson(file: string, value: unknown) {
  writeFileSync(file, JSON.stringify(value, null, 2));
}

beforeAll(() => {
  for (const d of ['flows', 'schemas', 'locales'])
    cpSync(path.join(project.root!, d), path.join(root, d), { recursive: true });
  writeJson(path.join(root, 'flows/payment/pdam.json'), flow);
  writeJson(path.join(root, 'schemas/forms/payment/pdam.json'), form);
  for (const lang of ['en', 'id'] as const) {
    const file = path.join(root, 'locales', lang, 'flows.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.payment.pdam = strings[lang];
    writeJson(file, data);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a new biller from JSON and strings only', () => {
  it('passes flows:check and gets its route and menu entry', () => {
    const { flows, problems } = loadFlowsFromDisk(projectFolders(root));
    expect(problems).toEqual([]);
    const files = flows.map((f) => f.flow);
    expect(files.map((f) => f.id)).toContain('payment.pdam');
    const pages = pagePathsOf(files).map((p) => p.path);
    expect(pages).toEqual(
      expect.arrayContaining([
        '/payment/utility/inquiry/',
        '/payment/utility/verify/',
        '/payment/utility/receipt/',
      ]),
    );
    expect(menuEntriesOf(files)).toContainEqual(
      expect.objectContaining({
        flowId: 'payment.pdam',
        area: 'payment',
        path: '/payment/utility/inquiry/',
        labelKey: 'flows:payment.pdam.menu',
      }),
    );
  });

  it('gets a precompiled browser validator from its schema', () => {
    compileValidators(root);
    const generated = path.join(root, 'src/engine/generated/forms/payment/pdam.ts');
    expect(existsSync(generated)).toBe(true);
    expect(readFileSync(generated, 'utf8')).not.toMatch(/new Function/);
  });

  for (const kind of testDbs) {
    describe(kind.name, () => {
      let db: Db;
      let app: FastifyInstance;
      const saved = process.env.FLOWS_ROOT;
      beforeAll(async () => {
        process.env.FLOWS_ROOT = root;
        db = await kind.open();
        app = await buildApp({ db, demo: false });
        await app.ready();
      }, 60_000);
      afterAll(async () => {
        process.env.FLOWS_ROOT = saved;
        if (saved === undefined) delete process.env.FLOWS_ROOT;
        await app?.close();
        await db?.close();
      }, 60_000);

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
    });
  }
});
