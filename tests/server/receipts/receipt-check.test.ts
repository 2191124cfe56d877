import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { maskName, normaliseCode } from '../../../src/server/receipts/check';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

// A merchant shown a receipt (a screenshot, a PDF) checks it on a public page: no login, masked details.
describe.each(testDbs)('receipt check codes on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budi: Customer;
  let sari: Customer;
  let referenceNo: string;
  let code: string;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    budi = await customerWithSession(db);
    sari = await customerWithSession(db);
    const from = await insertAccount(db, budi.customerId, { balance: rp(1_000_000) });
    const to = await insertAccount(db, sari.customerId, { balance: 0 });
    const { receipt } = await transact(app, db, budi, 'transfer.samebank', {
      sourceOfFund: String(from.id),
      beneficiaryAccountNo: to.accountNo,
      purpose: 'other',
      amount: rp(250_000),
    });
    expect(receipt.status).toBe(200);
    referenceNo = receipt.body.referenceNo;
  });

  it("gives the customer one code per receipt, and none for another customer's receipt", async () => {
    const first = await post(app, '/api/receipt/v1/code', budi.headers, { referenceNo });
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(first.body.path).toBe(`/r/${first.body.code}`);
    code = first.body.code;
    expect((await post(app, '/api/receipt/v1/code', budi.headers, { referenceNo })).body.code).toBe(code);
    const theirs = await post(app, '/api/receipt/v1/code', sari.headers, { referenceNo });
    expect(theirs.status).toBe(404);
    expect(theirs.body.apierror.errorCode).toBe('RECEIPT_NOT_FOUND');
    expect((await post(app, '/api/receipt/v1/code', {}, { referenceNo })).status).toBe(401);
  });

  it('answers anyone, without a session, whether the receipt exists, with masked parties', async () => {
    const res = await post(
      app,
      '/api/receipt/v1/check',
      {},
      { code: `${code.slice(0, 5)}-${code.slice(5)}` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      found: true,
      receipt: {
        referenceNo,
        status: 'success',
        flowId: 'transfer.samebank',
        titleIdn: expect.any(String),
        total: { amount: rp(250_000), currency: 'IDR' },
        from: { accountNo: expect.stringMatching(/\*{4}/) },
        to: { accountNo: expect.stringMatching(/\*{4}/) },
      },
    });
    expect(res.body.receipt.from.name).toMatch(/^\S\*+/);
    const none = await post(app, '/api/receipt/v1/check', {}, { code: '0000000000' });
    expect(none.body).toEqual({ found: false });
    expect((await post(app, '/api/receipt/v1/check', {}, { code: 'not a code' })).body).toEqual({
      found: false,
    });
  });

  it('serves the check page the QR code opens, in Indonesian or English, with no script', async () => {
    const page = await app.inject({ method: 'GET', url: `/r/${code.toLowerCase()}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Bukti transaksi ini asli');
    expect(page.body).toContain(referenceNo);
    expect(page.body).toContain('Rp 250.000');
    expect(page.body).not.toContain('<script');
    // Its one style element carries the response's CSP nonce (no 'unsafe-inline' styles).
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1]!;
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    const en = await app.inject({ method: 'GET', url: `/r/${code}?lang=en` });
    expect(en.body).toContain('This receipt is genuine');
    const typed = await app.inject({ method: 'GET', url: '/r/?code=ZZZZZ-ZZZZZ' });
    expect(typed.body).toContain('Tidak ada bukti transaksi dengan kode ini');
    const form = await app.inject({ method: 'GET', url: '/r/' });
    expect(form.body).toContain('name="code"');
  });

  it('reads codes as people type them and masks names', () => {
    expect(normaliseCode('k3m9q-2xa7p')).toBe('K3M9Q2XA7P');
    expect(normaliseCode('K3M9Q 2XA7O')).toBe('K3M9Q2XA70');
    expect(normaliseCode('K3M9Q')).toBeNull();
    expect(maskName('Sari Dewi')).toBe('S*** D***');
  });
});
