import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsFromDisk, projectFolders } from '../../../src/shared/flows/load-node';
import { projectCopy } from '../../kit';
import { providerFlowFiles, providerFlowStrings, tokenFlow, waterFlow } from './provider-flow-fixtures';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  setLimits,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const copy = projectCopy({ files: providerFlowFiles, strings: providerFlowStrings });
afterAll(() => copy.remove());

/** The checker's problems for the copy with one fixture flow changed. */
function problemsWith(file: string, flow: unknown, extra: Record<string, unknown> = {}) {
  const c = projectCopy({
    files: { ...providerFlowFiles, [file]: flow, ...extra },
    strings: providerFlowStrings,
  });
  try {
    return loadFlowsFromDisk(projectFolders(c.root)).problems;
  } finally {
    c.remove();
  }
}

describe('providers and reference lists as data', () => {
  it('pass the check as written', () => {
    expect(loadFlowsFromDisk(projectFolders(copy.root)).problems).toEqual([]);
  });

  it('refuses an inquiry value the provider never answers, and a payment answer on the verify page', () => {
    const problems = problemsWith('flows/purchase/pln-test.json', {
      ...tokenFlow,
      verify: {
        ...tokenFlow.verify,
        summary: [
          ...tokenFlow.verify.summary,
          { labelKey: 'flows:v2test.pln.tariff', value: 'inquiry.tarif' },
          { labelKey: 'flows:v2test.pln.token', value: 'inquiry.token' },
        ],
      },
    });
    expect(problems).toContainEqual({
      file: 'flows/purchase/pln-test.json',
      path: '$.verify.summary[3].value',
      message: expect.stringMatching(/never answers "tarif".*providers\/electricity-prepaid.json/),
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: '$.verify.summary[4].value',
        message: expect.stringMatching(/never answers "token" before payment/),
      }),
    );
  });

  it('refuses an unknown provider, a provider not chosen from its own list, and an unknown list', () => {
    const problems = problemsWith('flows/payment/pdam-test.json', {
      ...waterFlow,
      choices: { ...waterFlow.choices, company: { source: 'list', list: 'water-companies' } },
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: '$.choices.company.list',
        message: expect.stringMatching(/not a file in lists\//),
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: '$.provider.from',
        message: expect.stringMatching(/"source": "providers"/),
      }),
    );
    const unknown = problemsWith('flows/purchase/pln-test.json', {
      ...tokenFlow,
      provider: { category: 'electricity-prepaid', code: 'PLNX' },
    });
    expect(unknown).toContainEqual(
      expect.objectContaining({
        path: '$.provider.code',
        message: expect.stringMatching(/"PLNX" is not a provider/),
      }),
    );
  });

  it('reports a JSON syntax error of a list with its line and column', () => {
    const problems = problemsWith('flows/purchase/pln-test.json', tokenFlow, {
      'lists/broken.json': '{\n  "entries": [\n    { "code": "A" "name": {} }\n  ]\n}\n',
    });
    expect(problems).toContainEqual({
      file: 'lists/broken.json',
      path: '$',
      message: expect.stringMatching(/not valid JSON at line 3, column 19/),
    });
  });

  describe.each(testDbs)('on $name', (engine) => {
    let db: Db;
    let app: FastifyInstance;
    let c: Customer;
    let acct: { id: number };
    const t = useTestApp({ engine, demo: false, env: { FLOWS_ROOT: copy.root } });
    beforeAll(async () => {
      ({ app, db } = t);
      await app.ready();
      c = await customerWithSession(db);
      acct = await insertAccount(db, c.customerId, { balance: 1_000_000_000 });
      for (const cat of ['payment', 'purchase'])
        await setLimits(db, c.customerId, cat, 1_000, 100_000_000_000, 100_000_000_000);
    }, 60_000);

    it("buys an electricity token: tariff from the look-up, token and kWh from the payment, money to the provider's settlement account", async () => {
      const form = { sourceOfFund: String(acct.id), meterNumber: '14234567890', nominal: 5000000 };
      const { inquiry, receipt } = await transact(app, db, c, 'purchase.plntest', form);
      expect(inquiry.status).toBe(200);
      expect(inquiry.body.amount).toEqual({ amount: 5000000, currency: 'IDR' });
      expect(inquiry.body.details).toMatchObject({
        providerCode: 'PLNPRE',
        meterNumber: '14234567890',
        tariff: expect.stringMatching(/^R[12]\//),
        customerName: expect.any(String),
      });
      expect(receipt.status).toBe(200);
      expect(receipt.body.status).toBe('success');
      expect(receipt.body.details.token).toMatch(/^\d{20}$/);
      expect(receipt.body.details.kwh).toMatch(/^\d+,\d$/);
      const { rows } = await db.query<{ balance: string }>(
        `SELECT balance FROM accounts WHERE account_no = 'SETTLEMENT-PLN'`,
      );
      expect(Number(rows[0]!.balance)).toBeGreaterThanOrEqual(5000000);
    });

    it("pays the water company the customer chose, from the server's own list; a made-up one is refused on its field", async () => {
      const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'payment.pdamtest' });
      const companies = fd.body.choices.company as { value: string; labelIdn: string; detail: object }[];
      expect(companies.map((o) => o.value)).toContain('TIRTAWENING');
      expect(JSON.stringify(companies)).not.toContain('SETTLEMENT');
      const form = { sourceOfFund: String(acct.id), company: 'TIRTAWENING', customerNumber: '55501234' };
      const { inquiry, receipt } = await transact(app, db, c, 'payment.pdamtest', form);
      expect(inquiry.status).toBe(200);
      expect(inquiry.body.details).toMatchObject({
        providerCode: 'TIRTAWENING',
        providerName: { en: 'PDAM Tirtawening (Bandung)', id: 'PDAM Tirtawening (Bandung)' },
        choice: { company: { code: 'TIRTAWENING', province: '32' } },
      });
      expect(inquiry.body.amount.amount).toBe(inquiry.body.details.billAmount);
      expect(receipt.body.status).toBe('success');
      expect(receipt.body.details.billerReference).toBeTruthy();
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
          WHERE a.account_no = 'SETTLEMENT-TIRTAWENING'`,
      );
      expect(Number(rows[0]!.n)).toBe(1);
      const madeUp = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'payment.pdamtest',
        form: { ...form, company: 'PDAMNOWHERE' },
      });
      expect(madeUp.status).toBe(422);
      expect(madeUp.body.apierror).toMatchObject({
        errorCode: 'INVALID_CHOICE',
        errorTitleIdn: 'Pilihan tidak tersedia',
      });
      expect(madeUp.body.apierror.fields['/form/company']).toEqual({
        eng: 'Choose one of the options',
        idn: 'Pilih salah satu pilihan',
      });
    });

    it('a water company\'s "not found" is the biller\'s answer on the field', async () => {
      const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'payment.pdamtest',
        form: { sourceOfFund: String(acct.id), company: 'PAMJAYA', customerNumber: '1230404' },
      });
      expect(res.status).toBe(422);
      expect(res.body.apierror.errorCode).toBe('0014');
    });

    it('serves reference lists with search, and provider categories without their settlement accounts', async () => {
      const get = (url: string) => app.inject({ method: 'GET', url, headers: c.headers });
      const rtgs = await get('/api/reference/v1/lists/banks?q=central');
      expect(rtgs.statusCode).toBe(200);
      expect(rtgs.json().options).toEqual([
        expect.objectContaining({
          value: '014',
          labelEng: 'Bank Central Asia (BCA)',
          detail: expect.objectContaining({ rtgs: true, swift: 'CENAIDJA' }),
        }),
      ]);
      expect((await get('/api/reference/v1/lists/banks?q=cenaidja')).json().total).toBe(1);
      expect((await get('/api/reference/v1/lists/provinces')).json().total).toBe(38);
      const water = await get('/api/reference/v1/providers/water?q=bandung&limit=5');
      expect(water.json().options.map((o: { value: string }) => o.value)).toEqual(['TIRTAWENING']);
      expect(water.body).not.toContain('SETTLEMENT');
      const none = await get('/api/reference/v1/lists/nothing');
      expect(none.statusCode).toBe(404);
      expect(none.json().apierror.errorTitleIdn).toBe('Daftar tidak ditemukan');
      expect((await app.inject({ method: 'GET', url: '/api/reference/v1/lists/banks' })).statusCode).toBe(
        401,
      );
    });
  });
});
