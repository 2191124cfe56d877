import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsFromDisk, projectFolders } from '../../../src/shared/flows/load-node';
import { cutOffState } from '../../../src/shared/flows/rules';
import { projectCopy } from '../../kit';
import { otherBankFlow, ruleFlowFiles, ruleFlowStrings } from './rule-flow-fixtures';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

const copy = projectCopy({ files: ruleFlowFiles, strings: ruleFlowStrings });
afterAll(() => copy.remove());
const rp = (n: number) => n * 100;

function problemsWith(flow: unknown, form?: unknown) {
  const c = projectCopy({
    files: {
      ...ruleFlowFiles,
      'flows/transfer/other-bank-test.json': flow,
      ...(form ? { 'schemas/forms/transfer/other-bank-test.json': form } : {}),
    },
    strings: ruleFlowStrings,
  });
  try {
    return loadFlowsFromDisk(projectFolders(c.root)).problems;
  } finally {
    c.remove();
  }
}

describe('rules as data and conditional fields', () => {
  it('pass the check, a field of a conditional branch counting as a field', () => {
    expect(loadFlowsFromDisk(projectFolders(copy.root)).problems).toEqual([]);
  });

  it('reports an unknown limit category, an unknown cut-off and a fee not in minor units', () => {
    const problems = problemsWith({
      ...otherBankFlow,
      posting: { ...otherBankFlow.posting, limitCategory: 'transfers' },
      rules: [
        { when: { 'form.method': 'rtgs' }, cutOff: 'rtgs-late', fees: [{ kind: 'admin', amount: 2500.5 }] },
      ],
    });
    const at = (p: string) => problems.filter((x) => x.path === p).map((x) => x.message);
    expect(at('$.posting.limitCategory')[0]).toMatch(
      /"transfers" is not a limit category.*rules\/limit-categories.json/,
    );
    expect(at('$.rules[0].cutOff')[0]).toMatch(/"rtgs-late" is not a cut-off/);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/whole number of minor units/);
  });

  it('cut-offs: after the time or on a weekend, the next business day', () => {
    const rtgs = { time: '15:00', after: 'refuse' as const };
    // Friday 14:59 and 15:00 in Jakarta (UTC+7).
    expect(cutOffState(rtgs, new Date('2026-11-27T07:59:00Z'))).toEqual({
      after: false,
      nextBusinessDay: '2026-11-30',
    });
    expect(cutOffState(rtgs, new Date('2026-11-27T08:00:00Z')).after).toBe(true);
    expect(cutOffState(rtgs, new Date('2026-11-28T01:00:00Z'))).toEqual({
      after: true,
      nextBusinessDay: '2026-11-30',
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
      acct = await insertAccount(db, c.customerId, { balance: rp(500_000_000) });
    }, 60_000);
    afterEach(() => vi.useRealTimers());

    const form = (extra: Record<string, unknown>) => ({
      sourceOfFund: String(acct.id),
      bank: '014',
      beneficiaryAccountNo: '1234567890',
      amount: rp(1_000_000),
      ...extra,
    });
    const inquire = (f: Record<string, unknown>) =>
      post(app, '/api/transaction/v1/inquiry', c.headers, { flowId: 'transfer.otherbanktest', form: f });

    it("charges the fee of the chosen method and takes the bank from the server's list to the receipt", async () => {
      const bifast = await inquire(form({ method: 'bifast' }));
      expect(bifast.status).toBe(200);
      expect(bifast.body.fees).toEqual([{ kind: 'admin', amount: { amount: 250000, currency: 'IDR' } }]);
      expect(bifast.body.details.choice.bank).toMatchObject({ code: '014', swift: 'CENAIDJA', bifast: true });
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T03:00:00Z') }); // Wednesday 10:00 WIB
      const { receipt } = await transact(app, db, c, 'transfer.otherbanktest', form({ method: 'skn' }));
      expect(receipt.status).toBe(200);
      expect(receipt.body.fees).toEqual([{ kind: 'clearing', amount: { amount: 290000, currency: 'IDR' } }]);
      expect(receipt.body.details.choice.bank.name).toEqual({
        en: 'Bank Central Asia (BCA)',
        id: 'Bank Central Asia (BCA)',
      });
    });

    it("applies the method's maximum and limit category: RTGS's Rp 100 million minimum, BI-FAST's Rp 250 million maximum", async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T03:00:00Z') }); // before every cut-off
      const small = await inquire(form({ method: 'rtgs', purposeCode: '1' }));
      expect(small.status).toBe(422);
      expect(small.body.apierror).toMatchObject({ errorCode: 'AMOUNT_BELOW_MINIMUM' });
      expect(small.body.apierror.errorMessageIdn).toMatch(/Rp\s?100\.000\.000/);
      const big = await inquire(form({ method: 'bifast', amount: rp(260_000_000) }));
      expect(big.status).toBe(422);
      expect(big.body.apierror.errorCode).toBe('AMOUNT_ABOVE_MAXIMUM');
      expect(big.body.apierror.fields['/form/amount'].idn).toMatch(/250\.000\.000/);
    });

    it("requires the RTGS purpose code only for RTGS, with the flow's own message in both languages", async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T03:00:00Z') });
      const missing = await inquire(form({ method: 'rtgs', amount: rp(150_000_000) }));
      expect(missing.status).toBe(400);
      expect(missing.body.apierror.fields['/form/purposeCode']).toEqual({
        eng: 'RTGS needs a purpose code',
        idn: 'RTGS memerlukan kode tujuan',
      });
      expect(JSON.stringify(missing.body)).not.toMatch(/must /);
      expect((await inquire(form({ method: 'bifast' }))).status).toBe(200);
    });

    it('refuses RTGS after its cut-off, and books SKN after its own for the next business day', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T08:30:00Z') }); // Wednesday 15:30 WIB
      const late = await inquire(form({ method: 'rtgs', amount: rp(150_000_000), purposeCode: '2' }));
      expect(late.status).toBe(422);
      expect(late.body.apierror).toMatchObject({
        errorCode: 'AFTER_CUT_OFF',
        errorTitleIdn: 'Melewati batas waktu transaksi',
      });
      const skn = await inquire(form({ method: 'skn' }));
      expect(skn.status).toBe(200);
      expect(skn.body.details.effectiveDate).toBe('2026-11-26');
    });
  });
});
