import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { clearingDate } from '../../../src/server/clearing/provider';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const catalog = loadCatalog();

describe('the SKN/RTGS clearing date', () => {
  const holidays = new Set(['2026-12-25']);
  it('is today before the cut-off on a business day, else the next business day', () => {
    expect(clearingDate('skn', new Date('2026-11-25T07:59:00Z'), holidays)).toBeNull(); // 14:59 WIB Wed
    expect(clearingDate('skn', new Date('2026-11-25T08:00:00Z'), holidays)).toBe('2026-11-26'); // 15:00 WIB
    expect(clearingDate('rtgs', new Date('2026-11-25T08:15:00Z'), holidays)).toBeNull(); // 15:15 WIB, RTGS until 15:30
    expect(clearingDate('skn', new Date('2026-12-24T09:00:00Z'), holidays)).toBe('2026-12-28'); // Thu after cut-off: Fri holiday, weekend
    expect(clearingDate('bifast', new Date('2026-12-25T09:00:00Z'), holidays)).toBeNull();
  });
});

// Transfers to other banks as customers make them: flows transfer.online/bifast/skn/rtgs through the engine.
describe.each(testDbs)('transfers to other banks on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let acc: { id: number };
  const batch = process.env.CLEARING_SKN_BATCH_MS;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    acc = await insertAccount(db, who.customerId, { balance: rp(600_000_000) });
  });
  afterEach(() => {
    if (batch === undefined) delete process.env.CLEARING_SKN_BATCH_MS;
    else process.env.CLEARING_SKN_BATCH_MS = batch;
  });

  const form = (over: Record<string, unknown>) => ({
    sourceOfFund: String(acc.id),
    bankCode: '014',
    beneficiaryAccountNo: '1234567890',
    purpose: 'family',
    amount: rp(500_000),
    ...over,
  });
  const typed = {
    beneficiaryName: 'Siti Rahayu',
    beneficiaryAddress: 'Jl. Sudirman 1',
    province: 'DKI Jakarta',
    city: 'Jakarta Selatan',
    citizenship: 'indonesian',
    beneficiaryType: 'individual',
  };

  it('lists only the banks that take the method', async () => {
    const r = await post(app, '/api/transaction/v1/formdata', who.headers, { flowId: 'transfer.bifast' });
    const codes = (r.body.choices.bankCode as { value: string }[]).map((c) => c.value);
    expect(codes).toContain('014');
    expect(codes).not.toContain('153');
  });

  it('sends a BI-FAST transfer at once: the name looked up, the fee charged, the clearing reference on the receipt', async () => {
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await transact(app, db, who, 'transfer.bifast', form({}));
    expect(inquiry.body.details).toMatchObject({
      beneficiaryName: 'SITI RAHAYU',
      bankName: 'Bank Central Asia (BCA)',
      clearingMethodName: 'BI-FAST',
    });
    expect(inquiry.body.fees).toEqual([{ kind: 'admin', amount: { amount: rp(2_500), currency: 'IDR' } }]);
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details.clearingReference).toMatch(/^BIF\d{15}$/);
    expect(await balanceOf(db, acc.id)).toBe(before - rp(502_500));
  });

  it('refuses at inquiry a closed or unknown account, a bank outside the method, and an RTGS amount not above Rp 100 million', async () => {
    const refused = async (flowId: string, f: Record<string, unknown>) => {
      const r = await post(app, '/api/transaction/v1/inquiry', who.headers, { flowId, form: f });
      expect(r.status).toBe(422);
      return r.body.apierror;
    };
    expect(
      (await refused('transfer.online', form({ beneficiaryAccountNo: '5550000404' }))).fields[
        '/form/beneficiaryAccountNo'
      ].eng,
    ).toBe('Beneficiary account number is not found');
    expect((await refused('transfer.bifast', form({ beneficiaryAccountNo: '5550000410' }))).errorCode).toBe(
      'AC04',
    );
    expect((await refused('transfer.bifast', form({ bankCode: '153' }))).fields).toHaveProperty(
      '/form/bankCode',
    );
    expect((await refused('transfer.rtgs', form({ ...typed, amount: rp(100_000_000) }))).errorCode).toBe(
      'AMOUNT_BELOW_MINIMUM',
    );
    // SKN/RTGS need the recipient info of spec section 3 (the form's own schema).
    expect(
      (
        await post(app, '/api/transaction/v1/inquiry', who.headers, {
          flowId: 'transfer.skn',
          form: form({}),
        })
      ).status,
    ).toBe(400);
  });

  it('sends an RTGS transfer above Rp 100 million under its own limits (not the Rp 100 million of other transfers): held, the fee charged', async () => {
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await transact(
      app,
      db,
      who,
      'transfer.rtgs',
      // another recipient than the SKN case's: a new one's first day is capped (new-beneficiary rule)
      form({ ...typed, beneficiaryAccountNo: '9876543210', amount: rp(150_000_000) }),
    );
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.fees).toEqual([{ kind: 'admin', amount: { amount: rp(30_000), currency: 'IDR' } }]);
    expect(receipt.body.status).toBe('pending');
    expect(await balanceOf(db, acc.id)).toBe(before - rp(150_030_000));
  });

  it('holds an SKN transfer until its batch, then returns it when the name does not match: failed, the money and fee back, the reason on the receipt', async () => {
    const before = await balanceOf(db, acc.id);
    process.env.CLEARING_SKN_BATCH_MS = String(3_600_000);
    const { receipt } = await transact(
      app,
      db,
      who,
      'transfer.skn',
      form({ ...typed, beneficiaryName: 'Budi Hartono', amount: rp(2_000_000) }),
    );
    expect(receipt.body.status).toBe('pending');
    expect(receipt.body.error).toMatchObject({ sourceSystem: 'ESB', errorCode: '2022' });
    expect(await balanceOf(db, acc.id)).toBe(before - rp(2_002_900));
    // The batch ran (a short batch period now makes it past).
    process.env.CLEARING_SKN_BATCH_MS = '1';
    await db.query(`UPDATE pending_settlements SET next_check_at = now()`);
    const effective = receipt.body.details.effectiveDate as string | undefined;
    if (effective) {
      // After the cut-off it waits for the next business day's first batch: still held now (as is the
      // RTGS transfer above, held past its own cut-off).
      await settleDuePayments(db, catalog, serverRegistry());
      const held = await db.query<{ status: string }>('SELECT status FROM journal WHERE reference_no = $1', [
        receipt.body.referenceNo,
      ]);
      expect(held.rows[0]!.status).toBe('pending');
      // That day comes.
      await db.query(
        `UPDATE journal SET details = jsonb_set(details, '{receipt,details,effectiveDate}', '"2026-01-02"') WHERE reference_no = $1`,
        [receipt.body.referenceNo],
      );
      await db.query(`UPDATE pending_settlements SET next_check_at = now()`);
    }
    const counts = await settleDuePayments(db, catalog, serverRegistry());
    expect(counts).toMatchObject({ failed: 1 });
    const { rows } = await db.query<{
      status: string;
      details: { receipt: { error: { errorCode: string; errorMessageEng: string } } };
    }>('SELECT status, details FROM journal WHERE reference_no = $1', [receipt.body.referenceNo]);
    expect(rows[0]!.status).toBe('failed');
    expect(rows[0]!.details.receipt.error).toMatchObject({ errorCode: 'BE01' });
    expect(rows[0]!.details.receipt.error.errorMessageEng).toContain(
      "the beneficiary's name does not match the account",
    );
    expect(await balanceOf(db, acc.id)).toBe(before);
    expect(await unbalancedJournals(db)).toBe(0);
  });
});
