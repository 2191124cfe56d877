import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { readFileSync } from 'node:fs';
import { aboveRiskAmount } from '../../../src/server/transactions/fds';
import { beneficiaryOf } from '../../../src/server/transactions/beneficiary';
import type { FlowFile } from '../../../src/shared/flows/types';
import fdsRules from '../../../rules/fds.json';
import { projectCopy } from '../../kit';
import { letterFlow, letterForm, serviceFlowStrings } from './service-flow-fixtures';
import {
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  setLimits,
  testDbs,
  useTestApp,
} from '../../kit';

/** A request the FDS rule always challenges (written as an analyst would). */
const fdsFlow = {
  ...letterFlow,
  id: 'service.fdstest',
  route: '/service/fds-test/',
  fds: 'always',
  service: { execute: 'request.record', params: { kind: 'fds-test' } },
};
/** A same-bank transfer the risk rule watches (the project's own, with "fds": "risk"). */
const sameBank = JSON.parse(readFileSync('flows/transfer/same-bank.json', 'utf8')) as FlowFile;
const riskTransfer = {
  ...sameBank,
  id: 'transfer.fdsrisk',
  variant: 'fds-risk',
  fds: 'risk',
  menu: undefined,
};
const copy = projectCopy({
  files: {
    'flows/transfer/fds-risk-test.json': riskTransfer,
    'flows/service/fds-test.json': fdsFlow,
    'schemas/forms/service/letter-test.json': letterForm,
  },
  strings: serviceFlowStrings,
});
afterAll(() => copy.remove());

describe('FDS challenge step', () => {
  it('the amount rule (rules/fds.json riskAmount) and whom a flow pays, from its data', () => {
    expect(aboveRiskAmount(fdsRules.riskAmount - 1)).toBe(false);
    expect(aboveRiskAmount(fdsRules.riskAmount)).toBe(true);
    // Another customer's account; the customer's own accounts are nobody new.
    expect(beneficiaryOf(sameBank, {}, {}, { id: 42, own: false })).toEqual({ beneficiary: 'account:42' });
    expect(beneficiaryOf(sameBank, {}, {}, { id: 42, own: true })).toEqual({});
    // A provider and its customer number.
    const bill = {
      ...sameBank,
      posting: { ...sameBank.posting!, credit: { provider: 'settlementAccount' } },
    };
    expect(
      beneficiaryOf(bill as FlowFile, {}, { providerCode: 'PAMJAYA', customerNumber: '1234' }, { id: 1 }),
    ).toEqual({ beneficiary: 'provider:PAMJAYA:1234' });
    // Through the clearing house: the area, the bank chosen from the list and the account typed.
    const clearing = { ...sameBank, posting: { ...sameBank.posting!, credit: { internal: 'CLEARING-OUT' } } };
    const a = beneficiaryOf(
      clearing as FlowFile,
      { beneficiaryAccountNo: '1234567890' },
      { choice: { bank: { code: '014' } } },
      { id: 1 },
    );
    const b = beneficiaryOf(
      clearing as FlowFile,
      { beneficiaryAccountNo: '1234567890' },
      { choice: { bank: { code: '008' } } },
      { id: 1 },
    );
    expect(a.beneficiary).toMatch(/^transfer:bank=014:/);
    expect(a.beneficiary).not.toEqual(b.beneficiary);
  });

  describe.each(testDbs)('on $name', (engine) => {
    let db: Db;
    let app: FastifyInstance;
    const t = useTestApp({ engine, demo: false, env: { FLOWS_ROOT: copy.root } });
    beforeAll(async () => {
      ({ app, db } = t);
      await app.ready();
    }, 60_000);

    it('verify and confirm are refused until the challenge is passed; then it books once', async () => {
      const c = await customerWithSession(db);
      const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'service.fdstest',
        form: { language: 'id' },
      });
      expect(inquiry.status).toBe(200);
      expect(inquiry.body.fdsRequired).toBe(true);
      const inquiryId = String(inquiry.body.inquiryId);
      const refused = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId,
        method: 'otp',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.apierror).toMatchObject({
        sourceSystem: 'CLICKS',
        errorCode: 'FDS_CHALLENGE_REQUIRED',
      });
      expect(refused.body.apierror.errorMessageIdn).toMatch(/keamanan/);
      const early = await post(app, '/api/transaction/v1/confirm', c.headers, {
        inquiryId,
        idempotencyKey: 'fds-test-0001',
        otp: '123456',
      });
      expect(early.status).toBe(409);
      expect(early.body.apierror.errorCode).toBe('FDS_CHALLENGE_REQUIRED');
      const requests = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              'SELECT count(*) AS n FROM service_requests WHERE customer_id = $1',
              [c.customerId],
            )
          ).rows[0]!.n,
        );
      expect(await requests()).toBe(0);
      // Another customer cannot pass it for them.
      const other = await customerWithSession(db);
      const stolen = await post(app, '/api/transaction/v1/fds-challenge', other.headers, {
        inquiryId,
        confirmed: true,
      });
      expect(stolen.status).toBe(404);
      const passed = await post(app, '/api/transaction/v1/fds-challenge', c.headers, {
        inquiryId,
        confirmed: true,
      });
      expect(passed).toEqual({ status: 200, body: { passed: true } });
      const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId,
        method: 'otp',
      });
      expect(ver.status).toBe(200);
      const receipt = await post(app, '/api/transaction/v1/confirm', c.headers, {
        inquiryId,
        idempotencyKey: 'fds-test-0002',
        otp: await latestCode(db, c.phone),
        otpRequestId: ver.body.otp.requestId,
      });
      expect(receipt.status).toBe(200);
      expect(await requests()).toBe(1);
    });

    it('the new-beneficiary rule: a large transfer to someone never paid before is challenged, once paid it is not', async () => {
      const c = await customerWithSession(db);
      const from = await insertAccount(db, c.customerId, { balance: 100_000_000_000 });
      const mine = await insertAccount(db, c.customerId, { balance: 0 });
      const payee = await customerWithSession(db);
      const to = await insertAccount(db, payee.customerId, { balance: 0 });
      await setLimits(db, c.customerId, 'transfer', 1, 100_000_000_000, 100_000_000_000);
      const threshold = fdsRules.newBeneficiaryAmount;
      const ask = (accountNo: string, amount: number) =>
        post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'transfer.fdsrisk',
          form: { sourceOfFund: String(from.id), beneficiaryAccountNo: accountNo, purpose: 'family', amount },
        });
      const below = await ask(to.accountNo, threshold - 100);
      expect(below.status).toBe(200);
      expect(below.body.fdsRequired).toBeUndefined();
      const first = await ask(to.accountNo, threshold);
      expect(first.status).toBe(200);
      expect(first.body.fdsRequired).toBe(true);
      // To one of the customer's own accounts: nobody new.
      expect((await ask(mine.accountNo, threshold)).body.fdsRequired).toBeUndefined();
      // Passed and booked, the payee is known: the same amount is not asked again.
      const inquiryId = String(first.body.inquiryId);
      expect(
        (await post(app, '/api/transaction/v1/fds-challenge', c.headers, { inquiryId, confirmed: true }))
          .status,
      ).toBe(200);
      const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId,
        method: 'otp',
      });
      expect(ver.status).toBe(200);
      const booked = await post(app, '/api/transaction/v1/confirm', c.headers, {
        inquiryId,
        idempotencyKey: 'fds-new-beneficiary-1',
        otp: await latestCode(db, c.phone),
        otpRequestId: ver.body.otp.requestId,
      });
      expect(booked.status).toBe(200);
      expect(booked.body.status).toBe('success');
      // A day later (a new beneficiary's first 24 hours are capped: tests/server/settings/new-beneficiary.test.ts).
      await db.query(`UPDATE journal SET created_at = now() - interval '25 hours' WHERE inquiry_id = $1`, [
        inquiryId,
      ]);
      expect((await ask(to.accountNo, threshold)).body.fdsRequired).toBeUndefined();
      // A known payee is still asked above the amount rule's riskAmount.
      expect((await ask(to.accountNo, fdsRules.riskAmount)).body.fdsRequired).toBe(true);
    });

    it('a flow without FDS is not flagged and its inquiry has no challenge', async () => {
      const c = await customerWithSession(db);
      const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'payment.bpjs',
        form: {},
      });
      expect(inquiry.body.fdsRequired).toBeUndefined();
    });
  });
});
