import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import type { FlowFile } from '../../../src/shared/flows/types';
import { METHOD_RULES } from '../../../src/server/clearing/banks';
import {
  batchAfter,
  directoryEntry,
  namesMatch,
  simulatedClearingHouse,
  type ClearingInstruction,
} from '../../../src/server/clearing/house';
import { clearingProvider, lookupInterbank, outcomeOf } from '../../../src/server/clearing/provider';
import { applyProviderAnswer } from '../../../src/server/transactions/settlement';
import { ApiError } from '../../../src/server/http/api-error';
import { holdPayment } from './hold';
import {
  balanceOf,
  insertAccount,
  insertCustomer,
  testDbs,
  unbalancedJournals,
  uniquePhone,
} from '../../kit';

const rp = (n: number) => n * 100;
const T0 = Date.UTC(2026, 10, 25, 3, 0, 0); // 10:00 WIB
const flow = { posting: {} } as unknown as FlowFile;

/** A clearing house whose clock the test moves. */
function houseAt(start = T0) {
  let t = start;
  const house = simulatedClearingHouse({
    sknBatchMs: 600_000,
    rtgsBatchMs: 120_000,
    pendingMs: 60_000,
    latencyMs: 0,
    now: () => t,
  });
  return { house, set: (ms: number) => (t = ms) };
}

const instruction = (over: Partial<ClearingInstruction>): ClearingInstruction => ({
  ref: 'ref-1',
  method: 'bifast',
  bankCode: '014',
  accountNo: '1234567890',
  beneficiaryName: 'SITI RAHAYU',
  amount: rp(500_000),
  currency: 'IDR',
  ...over,
});

describe('the simulated clearing house', () => {
  it('knows other banks’ accounts deterministically: named, unknown (…0404) and closed (…0410)', () => {
    expect(directoryEntry('014', '1234567890')).toEqual({ status: 'active', name: 'SITI RAHAYU' });
    const derived = directoryEntry('008', '5550001111');
    expect(derived).toEqual(directoryEntry('008', '5550001111'));
    expect(derived.status).toBe('active');
    expect(directoryEntry('008', '5550000404')).toEqual({ status: 'unknown' });
    expect(directoryEntry('008', '5550000410').status).toBe('closed');
    // Not a participant, or not 5-18 digits: unknown.
    expect(directoryEntry('022', '1234567890').status).toBe('unknown');
    expect(directoryEntry('014', '1234').status).toBe('unknown');
  });

  it('compares names as a receiving bank does (case, titles, punctuation aside; every typed word on the account)', () => {
    expect(namesMatch('Siti Rahayu', 'SITI RAHAYU')).toBe(true);
    expect(namesMatch('Ibu siti  rahayu.', 'SITI RAHAYU')).toBe(true);
    expect(namesMatch('Siti', 'SITI RAHAYU')).toBe(true);
    expect(namesMatch('Siti Rahmawati', 'SITI RAHAYU')).toBe(false);
    expect(namesMatch('  ', 'SITI RAHAYU')).toBe(false);
  });

  it('answers online and BI-FAST at once: settled with a reference, or rejected closed', async () => {
    const { house } = houseAt();
    const settled = await house.submit(instruction({}), new Date(T0));
    expect(settled).toMatchObject({
      state: 'settled',
      clearingReference: expect.stringMatching(/^BIF\d{15}$/),
    });
    // Asking again gives the same answer (idempotent on the reference).
    expect(await house.status(instruction({}), new Date(T0))).toEqual(settled);
    const closed = await house.submit(
      instruction({ accountNo: '5550000410', method: 'online' }),
      new Date(T0),
    );
    expect(closed).toMatchObject({ state: 'rejected', reason: 'AC04' });
  });

  it('leaves a time-out at the beneficiary bank (…2018) in progress, then settles it', async () => {
    const { house, set } = houseAt();
    const i = instruction({ accountNo: '5550002018', beneficiaryName: directoryName('014', '5550002018') });
    expect(await house.submit(i, new Date(T0))).toEqual({ state: 'in_progress' });
    set(T0 + 61_000);
    expect((await house.status(i, new Date(T0))).state).toBe('settled');
  });

  it('takes SKN and RTGS into the next batch and answers there: settled, closed, or the typed name not matching', async () => {
    const { house, set } = houseAt(T0 + 1_000);
    const sent = new Date(T0 + 1_000);
    const skn = instruction({ method: 'skn', beneficiaryName: 'Siti Rahayu' });
    const mismatch = instruction({ method: 'skn', ref: 'ref-2', beneficiaryName: 'Budi Hartono' });
    const rtgs = instruction({
      method: 'rtgs',
      ref: 'ref-3',
      amount: rp(150_000_000),
      accountNo: '5550000410',
    });
    const batchAt = new Date(batchAfter(sent.getTime(), 600_000)).toISOString();
    expect(await house.submit(skn, sent)).toEqual({ state: 'queued', batchAt });
    expect(await house.submit(rtgs, sent)).toMatchObject({ state: 'queued' });
    set(T0 + 130_000); // the RTGS run has passed, the SKN batch not yet
    expect(await house.status(rtgs, sent)).toMatchObject({ state: 'rejected', reason: 'AC04' });
    expect((await house.status(skn, sent)).state).toBe('queued');
    set(T0 + 600_000);
    expect(await house.status(skn, sent)).toMatchObject({ state: 'settled', settledAt: batchAt });
    expect(await house.status(mismatch, sent)).toMatchObject({ state: 'rejected', reason: 'BE01' });
  });

  it('maps its answers to spec section 8: queued ESB 2022 and time-out ESB 2018 are pending codes', () => {
    expect(outcomeOf('skn', { state: 'queued', batchAt: 'x' })).toMatchObject({
      ok: false,
      error: { sourceSystem: 'ESB', errorCode: '2022' },
    });
    expect(outcomeOf('online', { state: 'in_progress' })).toMatchObject({
      ok: false,
      error: { errorCode: '2018' },
    });
    const rejected = outcomeOf('bifast', { state: 'rejected', reason: 'BE01', at: 'x' });
    expect(rejected).toMatchObject({ ok: false, error: { sourceSystem: 'BIFAST', errorCode: 'BE01' } });
    if (!rejected.ok) {
      expect(rejected.error.errorMessageEng).toContain('returned to your account');
      expect(rejected.error.errorMessageIdn).toContain('dikembalikan ke rekening Anda');
    }
  });

  it('looks the beneficiary up for online and BI-FAST, takes the typed name for SKN and RTGS, and checks the method', async () => {
    const { house } = houseAt();
    const fields = { bank: '/form/bankCode', account: '/form/accountNo', amount: '/form/amount' };
    const base = { bankCode: '014', accountNo: '1234567890', amount: rp(1_000_000), currency: 'IDR', fields };
    const bif = await lookupInterbank(house, { ...base, method: 'bifast', typedName: 'ignored' }, () => 'r1');
    expect(bif).toMatchObject({
      beneficiaryName: 'SITI RAHAYU',
      bankName: 'Bank Central Asia (BCA)',
      clearingRef: 'r1',
    });
    const skn = await lookupInterbank(house, { ...base, method: 'skn', typedName: 'Siti R' }, () => 'r2');
    expect(skn.beneficiaryName).toBe('SITI R');
    const refused = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ApiError);
      return e as ApiError;
    };
    // Sinarmas is not a BI-FAST participant.
    expect(
      (await refused(lookupInterbank(house, { ...base, bankCode: '153', method: 'bifast' }, () => 'x')))
        .fields,
    ).toHaveProperty('/form/bankCode');
    const notFound = await refused(
      lookupInterbank(house, { ...base, accountNo: '5550000404', method: 'online' }, () => 'x'),
    );
    expect(notFound.fields!['/form/accountNo']!.eng).toBe('Beneficiary account number is not found');
    // RTGS starts above Rp 100 million; online stops at Rp 25 million.
    expect((await refused(lookupInterbank(house, { ...base, method: 'rtgs' }, () => 'x'))).errorCode).toBe(
      'AMOUNT_BELOW_MINIMUM',
    );
    expect(
      (
        await refused(
          lookupInterbank(
            house,
            { ...base, method: 'online', amount: METHOD_RULES.online.maxAmount! + 1 },
            () => 'x',
          ),
        )
      ).errorCode,
    ).toBe('AMOUNT_ABOVE_MAXIMUM');
  });
});

function directoryName(bank: string, account: string): string {
  const e = directoryEntry(bank, account);
  return e.status === 'unknown' ? '' : e.name;
}

// The money held for the clearing house is settled by settlement.ts's applyProviderAnswer, not a second mechanism.
describe.each(testDbs)(
  'interbank transfers settled through the held-payment mechanism on $name',
  (engine) => {
    let db: Db;
    let customerId: number;
    let acc: { id: number };

    beforeAll(async () => {
      db = await engine.open();
      ({ customerId } = await insertCustomer(db, { phones: [uniquePhone()] }));
      acc = await insertAccount(db, customerId, { balance: rp(500_000_000) });
    });
    afterAll(async () => db?.close());

    const journal = async (id: number) =>
      (
        await db.query<{
          status: string;
          details: { receipt: { details: Record<string, unknown>; error?: Record<string, unknown> } };
        }>('SELECT status, details FROM journal WHERE id = $1', [id])
      ).rows[0]!;
    const queued = async (id: number) =>
      (await db.query('SELECT 1 FROM pending_settlements WHERE journal_id = $1', [id])).rows.length === 1;

    it('books a BI-FAST transfer as success with the clearing reference on the receipt', async () => {
      const { house } = houseAt(Date.now());
      const details = await lookupInterbank(
        house,
        {
          method: 'bifast',
          bankCode: '014',
          accountNo: '1234567890',
          amount: rp(750_000),
          currency: 'IDR',
          fields: { bank: 'b', account: 'a', amount: 'm' },
        },
        () => `bif-${Date.now()}`,
      );
      const held = await holdPayment(db, {
        customerId,
        accountId: acc.id,
        amount: rp(750_000),
        fee: METHOD_RULES.bifast.fee,
        details: { ...details },
      });
      const outcome = await clearingProvider(house).pay(details as unknown as Record<string, unknown>, {});
      expect(
        await applyProviderAnswer(db, flow, { ...held, checks: 0 }, outcome, clearingProvider(house)),
      ).toBe('success');
      const j = await journal(held.journalId);
      expect(j.status).toBe('success');
      expect(j.details.receipt.details.clearingReference).toMatch(/^BIF/);
      expect(await queued(held.journalId)).toBe(false);
    });

    it('keeps an SKN transfer pending until its batch, and gives the money back with the reason when the name does not match', async () => {
      const start = Date.now();
      const { house, set } = houseAt(start);
      const before = await balanceOf(db, acc.id);
      const details = {
        clearingRef: `skn-${start}`,
        clearingMethod: 'skn',
        bankCode: '014',
        bankName: 'Bank Central Asia (BCA)',
        beneficiaryAccountNo: '1234567890',
        beneficiaryName: 'BUDI HARTONO',
        amount: rp(2_000_000),
        currency: 'IDR',
      };
      const held = await holdPayment(db, {
        customerId,
        accountId: acc.id,
        amount: rp(2_000_000),
        fee: METHOD_RULES.skn.fee,
        details,
      });
      expect(await balanceOf(db, acc.id)).toBe(before - rp(2_000_000) - METHOD_RULES.skn.fee);
      const provider = clearingProvider(house);
      // Queued: pending (ESB 2022), still queued for a check.
      const first = await provider.pay(details, {});
      expect(await applyProviderAnswer(db, flow, { ...held, checks: 0 }, first, provider)).toBe('pending');
      let j = await journal(held.journalId);
      expect(j.status).toBe('pending');
      expect(j.details.receipt.error).toMatchObject({ errorCode: '2022' });
      expect(await queued(held.journalId)).toBe(true);
      // The batch ran: returned (BE01), the money back (fee included), the reason on the receipt.
      set(start + 600_001);
      const later = await provider.status(details, {}, new Date(start));
      expect(
        await applyProviderAnswer(
          db,
          flow,
          { journalId: held.journalId, receipt: j.details.receipt, checks: 1 },
          later,
          provider,
        ),
      ).toBe('failed');
      j = await journal(held.journalId);
      expect(j.status).toBe('failed');
      expect(j.details.receipt.error).toMatchObject({ sourceSystem: 'SKN', errorCode: 'BE01' });
      expect(await balanceOf(db, acc.id)).toBe(before);
      expect(await queued(held.journalId)).toBe(false);
      expect(await unbalancedJournals(db)).toBe(0);
    });
  },
);
