import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  testDbs,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const FLOW = 'applyandinvest.insuranceplan';
type Option = { value: string; labelEng: string; detail: Record<string, unknown> };

describe.each(testDbs)(
  'multi-step inquiry (insurance plan: insurer and cover -> product -> plan) on $name',
  (engine) => {
    let db: Db;
    let app: FastifyInstance;
    const t = useTestApp({ engine, demo: false });
    beforeAll(async () => {
      ({ app, db } = t);
      await app.ready();
    }, 60_000);

    async function adult() {
      const c = await customerWithSession(db);
      await db.query("UPDATE customers SET date_of_birth = '1990-05-01' WHERE id = $1", [c.customerId]);
      const source = await insertAccount(db, c.customerId, { balance: 5_000_000_00 });
      return { c, source };
    }

    it("each step answers the next step's options; the final inquiry books the chosen plan's premium to a receipt", async () => {
      const { c, source } = await adult();
      const step1 = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'product',
        form: { insurer: 'SOMPO', category: 'personal_accident' },
      });
      expect(step1.status).toBe(200);
      expect((step1.body.details.options as Option[]).map((o) => o.value)).toEqual(['SOMPO-PA']);
      const step2 = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'plan',
        form: { product: 'SOMPO-PA' },
        stepToken: step1.body.stepToken,
      });
      expect(step2.status).toBe(200);
      expect(step2.body.stepToken).toBe(step1.body.stepToken);
      const plans = step2.body.details.options as Option[];
      expect(plans.map((o) => o.value)).toEqual(['SOMPO-PA-SILVER', 'SOMPO-PA-GOLD']);

      const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: FLOW,
        form: { plan: 'SOMPO-PA-GOLD', insuredName: 'Budi Santoso', sourceOfFund: String(source.id) },
        stepToken: step1.body.stepToken,
      });
      expect(inquiry.status).toBe(200);
      expect(inquiry.body.amount).toEqual({ amount: 27500000, currency: 'IDR' });
      expect(inquiry.body.details.choice.plan.name.en).toMatch(/Gold/);
      expect(inquiry.body.details.choice.product.code).toBe('SOMPO-PA');
      expect(inquiry.body.details.product.options).toHaveLength(1);
      const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId: inquiry.body.inquiryId,
        method: 'otp',
      });
      const receipt = await post(app, '/api/transaction/v1/confirm', c.headers, {
        inquiryId: inquiry.body.inquiryId,
        idempotencyKey: 'insurance-plan-1',
        otp: await latestCode(db, c.phone),
        otpRequestId: ver.body.otp.requestId,
      });
      expect(receipt.status).toBe(200);
      expect(receipt.body.status).toBe('success');
      expect(await balanceOf(db, source.id)).toBe(5_000_000_00 - 27500000);
      expect(await unbalancedJournals(db)).toBe(0);
    });

    it('refuses a step out of order, a step form against its schema, an option no step offered, and a final inquiry without its steps; nothing is booked', async () => {
      const { c, source } = await adult();
      const journals = async () =>
        Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM journal')).rows[0]!.n);
      const before = await journals();
      // Step 2 without step 1.
      const early = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'plan',
        form: { product: 'SOMPO-PA' },
      });
      expect(early.status).toBe(409);
      expect(early.body.apierror).toMatchObject({ errorCode: 'INQUIRY_STEP_ORDER' });
      expect(early.body.apierror.errorMessageIdn).toMatch(/Langkah sebelumnya/);
      // The step's own schema.
      const bad = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'product',
        form: { insurer: 'SOMPO', category: 'car' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.apierror.fields['/form/category']).toEqual({ eng: 'is not valid', idn: 'tidak valid' });
      // A made-up insurer.
      const madeUp = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'product',
        form: { insurer: 'NOPE', category: 'health' },
      });
      expect(madeUp.status).toBe(422);
      expect(madeUp.body.apierror).toMatchObject({ errorCode: 'INVALID_CHOICE' });
      const step1 = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'product',
        form: { insurer: 'SUNLIFE', category: 'health' },
      });
      // A product step 1 did not offer (Sompo's, while Sun Life's health cover was asked for).
      const notOffered = await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'plan',
        form: { product: 'SOMPO-PA' },
        stepToken: step1.body.stepToken,
      });
      expect(notOffered.status).toBe(422);
      expect(notOffered.body.apierror.fields['/form/product']).toBeTruthy();
      // The final inquiry before step 2 is done, or with no steps at all.
      const form = {
        plan: 'SUNLIFE-HEALTH-BASIC',
        insuredName: 'Budi Santoso',
        sourceOfFund: String(source.id),
      };
      for (const stepToken of [step1.body.stepToken, undefined]) {
        const r = await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: FLOW,
          form,
          ...(stepToken ? { stepToken } : {}),
        });
        expect(r.status).toBe(409);
        expect(r.body.apierror.errorCode).toBe('INQUIRY_STEP_ORDER');
      }
      await post(app, '/api/transaction/v1/inquiry/step', c.headers, {
        flowId: FLOW,
        step: 'plan',
        form: { product: 'SUNLIFE-HEALTH' },
        stepToken: step1.body.stepToken,
      });
      // A plan of another product.
      const otherPlan = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: FLOW,
        form: { ...form, plan: 'SOMPO-PA-GOLD' },
        stepToken: step1.body.stepToken,
      });
      expect(otherPlan.status).toBe(422);
      expect(otherPlan.body.apierror.fields['/form/plan']).toBeTruthy();
      // Another customer's steps are not this one's.
      const other = await adult();
      const stolen = await post(app, '/api/transaction/v1/inquiry', other.c.headers, {
        flowId: FLOW,
        form: { ...form, sourceOfFund: String(other.source.id) },
        stepToken: step1.body.stepToken,
      });
      expect(stolen.status).toBe(409);
      const ok = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: FLOW,
        form,
        stepToken: step1.body.stepToken,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.amount.amount).toBe(35000000);
      expect(await journals()).toBe(before);
    });
  },
);
