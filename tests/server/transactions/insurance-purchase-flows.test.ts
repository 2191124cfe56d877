import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { policies, policyDetail } from '../../../src/server/myaccount/products';
import { premiumOf } from '../../../src/server/transactions/premium';
import { ageOn } from '../../../src/server/transactions/gates';
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

// Sun Life (inquiry steps 1-3) and Sompo (steps 1-2) purchases as flows (data only): the premium
// from the product's premiumRule (age from the date of birth, cover, term), the premium paid through
// the ledger to the insurer's settlement account, and the policy written with it for My account.
type Option = { value: string; labelEng: string };
const rp = (n: number) => n * 100;
const yearsAgo = (years: number, days = 10) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

describe('premium rule', () => {
  it('is cover x rate per million x term percent, in whole minor units', () => {
    expect(premiumOf(rp(100_000_000), 42_000, 100)).toBe(rp(4_200_000));
    expect(premiumOf(rp(2_000_000_000), 130_000, 110)).toBe(rp(286_000_000));
    expect(premiumOf(rp(50_000_000), 3_000, 100)).toBe(rp(150_000));
    expect(premiumOf(333, 1, 1)).toBe(0);
  });
});

describe.each(testDbs)('insurance purchases on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  async function adult() {
    const c = await customerWithSession(db);
    await db.query("UPDATE customers SET date_of_birth = '1988-02-01' WHERE id = $1", [c.customerId]);
    const source = await insertAccount(db, c.customerId, { balance: rp(50_000_000) });
    return { c, source };
  }
  const step = (c: { headers: Record<string, string> }, body: Record<string, unknown>) =>
    post(app, '/api/transaction/v1/inquiry/step', c.headers, body);
  const settlement = async (no: string) =>
    Number(
      (await db.query<{ balance: string }>('SELECT balance FROM accounts WHERE account_no = $1', [no]))
        .rows[0]?.balance ?? 0,
    );
  async function confirm(c: Awaited<ReturnType<typeof adult>>['c'], inquiryId: string, key: string) {
    const ver = await post(app, '/api/transaction/v1/verification', c.headers, { inquiryId, method: 'otp' });
    expect(ver.status).toBe(200);
    return post(app, '/api/transaction/v1/confirm', c.headers, {
      inquiryId,
      idempotencyKey: key,
      otp: await latestCode(db, c.phone),
      otpRequestId: ver.body.otp.requestId,
    });
  }

  it('Sun Life in three steps: a premium from age, cover and term; paid to Sun Life; the policy in My account', async () => {
    const { c, source } = await adult();
    const birth = yearsAgo(35);
    const s1 = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'insured',
      form: { category: 'life', insuredBirthDate: birth },
    });
    expect(s1.status).toBe(200);
    expect((s1.body.details.options as Option[]).map((o) => o.value)).toEqual(['INS-SUNLIFE-BP']);
    const s2 = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'cover',
      stepToken: s1.body.stepToken,
      form: { product: 'INS-SUNLIFE-BP', cover: rp(500_000_000), term: 15 },
    });
    expect(s2.status).toBe(200);
    // Age 35: the band up to 40 (Rp 56,000 a year per million of cover), 15 years at 105%.
    const premium = premiumOf(rp(500_000_000), 56_000, 105);
    expect(s2.body.details).toMatchObject({ premium, age: 35, termYears: 15, policyProvider: 'SLFI' });
    const before = await settlement('SETTLEMENT-SUNLIFE');
    const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.sunlife',
      stepToken: s1.body.stepToken,
      form: {
        insuredName: 'Budi Santoso',
        beneficiaryName: 'Ani Santoso',
        beneficiaryRelation: 'spouse',
        sourceOfFund: String(source.id),
      },
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.amount).toEqual({ amount: premium, currency: 'IDR' });
    const receipt = await confirm(c, String(inquiry.body.inquiryId), 'sunlife-purchase-1');
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
    const policyNo = String(receipt.body.details.policyNo);
    expect(policyNo).toMatch(/^SLF\d{10}$/);
    expect(await balanceOf(db, source.id)).toBe(rp(50_000_000) - premium);
    expect((await settlement('SETTLEMENT-SUNLIFE')) - before).toBe(premium);
    expect(await unbalancedJournals(db)).toBe(0);
    // My account's Sun Life (SLFI) pages list it with its terms, beneficiary and the premium paid.
    expect((await policies(db, c.customerId, 'slfi')).map((p) => p.policyNo)).toContain(policyNo);
    const detail = (await policyDetail(db, c.customerId, 'slfi', policyNo)) as unknown as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(detail)).toContain('BUDI SANTOSO');
    expect(JSON.stringify(detail)).toContain('ANI SANTOSO');
    expect(detail).toMatchObject({ product: 'Sun Life Brilliant Protection' });
  });

  it('Sompo in two steps: the yearly premium of the cover for the age; the policy among the bancassurance ones', async () => {
    const { c, source } = await adult();
    const s1 = await step(c, {
      flowId: 'applyandinvest.sompo',
      step: 'insured',
      form: { category: 'personal_accident', insuredBirthDate: yearsAgo(50) },
    });
    expect((s1.body.details.options as Option[]).map((o) => o.value)).toEqual(['INS-SOMPO-PA']);
    const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.sompo',
      stepToken: s1.body.stepToken,
      form: {
        product: 'INS-SOMPO-PA',
        cover: rp(100_000_000),
        insuredName: 'Budi',
        sourceOfFund: String(source.id),
      },
    });
    expect(inquiry.status).toBe(200);
    const premium = premiumOf(rp(100_000_000), 4_500, 100);
    expect(inquiry.body.amount.amount).toBe(premium);
    expect(inquiry.body.details.age).toBe(ageOn(new Date(`${yearsAgo(50)}T00:00:00Z`), new Date()));
    const receipt = await confirm(c, String(inquiry.body.inquiryId), 'sompo-purchase-1');
    expect(receipt.status).toBe(200);
    expect(String(receipt.body.details.policyNo)).toMatch(/^SMP/);
    expect((await policies(db, c.customerId, 'ba')).map((p) => p.provider)).toEqual(['SOMPO']);
  });

  it('refuses an age, a cover or a step the product does not allow, inline in both languages, booking nothing', async () => {
    const { c, source } = await adult();
    const journals = async () =>
      Number(
        (
          await db.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE customer_id = $1', [
            c.customerId,
          ])
        ).rows[0]!.n,
      );
    const s1 = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'insured',
      form: { category: 'health', insuredBirthDate: yearsAgo(58) },
    });
    const tooOld = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'cover',
      stepToken: s1.body.stepToken,
      form: { product: 'INS-SUNLIFE-HC', cover: rp(100_000_000), term: 5 },
    });
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.apierror.fields['/form/insuredBirthDate']).toEqual({
      eng: 'This product is for insured persons aged 18 to 55.',
      idn: 'Produk ini untuk tertanggung berusia 18 sampai 55 tahun.',
    });
    const young = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'insured',
      form: { category: 'health', insuredBirthDate: yearsAgo(30) },
    });
    const bigCover = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'cover',
      stepToken: young.body.stepToken,
      form: { product: 'INS-SUNLIFE-HC', cover: rp(2_000_000_000), term: 5 },
    });
    expect(bigCover.status).toBe(422);
    expect(bigCover.body.apierror.fields['/form/cover'].eng).toMatch(/does not offer the cover/);
    // A product of another kind than the one the first step offered is not a choice.
    const other = await step(c, {
      flowId: 'applyandinvest.sunlife',
      step: 'cover',
      stepToken: young.body.stepToken,
      form: { product: 'INS-SUNLIFE-BP', cover: rp(100_000_000), term: 10 },
    });
    expect(other.status).toBe(422);
    expect(other.body.apierror.errorCode).toBe('INVALID_CHOICE');
    // The last step without the second: refused, as steps out of order.
    const early = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'applyandinvest.sunlife',
      stepToken: young.body.stepToken,
      form: {
        insuredName: 'Budi',
        beneficiaryName: 'Ani',
        beneficiaryRelation: 'spouse',
        sourceOfFund: String(source.id),
      },
    });
    expect(early.status).toBe(409);
    expect(early.body.apierror.errorCode).toBe('INQUIRY_STEP_ORDER');
    expect(await journals()).toBe(0);
    expect(await balanceOf(db, source.id)).toBe(rp(50_000_000));
  });
});
