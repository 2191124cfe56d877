import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { fdsRequired } from '../../../src/server/transactions/fds';
import type { FlowFile } from '../../../src/shared/flows/types';
import { testDbs } from '../test-db';
import { latestCode } from '../otp/fixtures';
import { customerWithSession, post } from './bank';
import { projectCopy } from './project-copy';
import { letterFlow, letterForm, serviceFlowStrings } from './service-flow-fixtures';

/** A request the FDS rule always challenges (written as an analyst would). */
const fdsFlow = {
  ...letterFlow,
  id: 'service.fdstest',
  route: '/service/fds-test/',
  fds: 'always',
  service: { execute: 'request.record', params: { kind: 'fds-test' } },
};
const copy = projectCopy({
  files: {
    'flows/service/fds-test.json': fdsFlow,
    'schemas/forms/service/letter-test.json': letterForm,
  },
  strings: serviceFlowStrings,
});
afterAll(() => copy.remove());

describe('FDS challenge step', () => {
  it('the risk rule (rules/fds.json) flags from its amount; "always" always', () => {
    const flow = (fds?: 'always' | 'risk') => ({ fds }) as FlowFile;
    expect(fdsRequired(flow('risk'), 999_999_999)).toBe(false);
    expect(fdsRequired(flow('risk'), 1_000_000_000)).toBe(true);
    expect(fdsRequired(flow('always'), 0)).toBe(true);
    expect(fdsRequired(flow(), 10_000_000_000)).toBe(false);
  });

  describe.each(testDbs)('on $name', ({ open }) => {
    let db: Db;
    let app: FastifyInstance;
    const saved = process.env.FLOWS_ROOT;
    beforeAll(async () => {
      process.env.FLOWS_ROOT = copy.root;
      db = await open();
      app = await buildApp({ db, demo: false });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      if (saved === undefined) delete process.env.FLOWS_ROOT;
      else process.env.FLOWS_ROOT = saved;
      await app?.close();
      await db?.close();
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
