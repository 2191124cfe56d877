import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { createSession } from '../../../src/server/auth/sessions';
import { bankDate } from '../../../src/shared/bank-time';
import { ApiError } from '../../../src/server/http/api-error';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { serviceContext } from '../../../src/server/transactions/context';
import { isFlagged } from '../../../src/server/transactions/fds';
import { quoteStore } from '../../../src/server/transactions/inquiry-store';
import { quoteMany, type ManyOutcome } from '../../../src/server/transactions/quote-many';
import type { Quote } from '../../../src/server/transactions/quote';
import { serverRegistry } from '../../../src/server/domains';
import { bothEngines, insertAccount, insertCustomer, setLimits } from '../../kit';

const rp = (n: number) => n * 100;
const catalog = loadCatalog();

/** A quote as it can be compared: a clearing house's reference is new on every look-up. */
function comparable(q: Quote) {
  const { clearingRef: _ref, ...details } = q.details;
  return { ...q, details };
}

function outcomeOf(o: ManyOutcome) {
  return o.ok
    ? { quote: comparable(o.quote), flagged: isFlagged(o.inquiryId) }
    : { status: o.error.statusCode, error: o.error.toPayload() };
}

/** What each stored inquiry holds besides its id and times. */
async function storedInquiry(db: Db, id: string) {
  const { rows } = await db.query<Record<string, unknown> & { quote: Quote; receipt: { details: object } }>(
    `SELECT customer_id, session_id, flow_id, form, quote, beneficiary, booking_status, description, amount, currency,
            limit_category, limit_amount, receipt, leg_accounts, leg_amounts, leg_currencies, account_ids,
            account_deltas, account_currencies, expires_at > now() + interval '14 minutes' AS fresh
       FROM transaction_inquiries WHERE id = $1`,
    [id],
  );
  const r = rows[0]!;
  const { clearingRef: _a, ...receiptDetails } = r.receipt.details as Record<string, unknown>;
  return { ...r, quote: comparable(r.quote), receipt: { ...r.receipt, details: receiptDetails } };
}

describe.each(bothEngines)('many forms quoted at once on $name', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  async function customer() {
    const c = await insertCustomer(db, {});
    const s = await createSession(db, { customerId: c.customerId, channel: 'web', browserId: 'quote-many' });
    return { customerId: c.customerId, sessionId: s.sessionId };
  }

  it('gives every form the quote or the refusal it gets when quoted on its own, and stores the same inquiry', async () => {
    const who = await customer();
    const source = await insertAccount(db, who.customerId, { balance: rp(100_000_000) });
    const poor = await insertAccount(db, who.customerId, { balance: rp(1_000) });
    const other = await customer();
    const [b1, b2, b3, closed, notMine] = [
      await insertAccount(db, other.customerId, { balance: 0 }),
      await insertAccount(db, other.customerId, { balance: 0 }),
      await insertAccount(db, other.customerId, { balance: 0 }),
      await insertAccount(db, other.customerId, { balance: 0 }),
      await insertAccount(db, other.customerId, { balance: 0 }),
    ];
    await db.query(`UPDATE accounts SET status = 'closed' WHERE id = $1`, [closed.id]);
    await setLimits(db, who.customerId, 'transfer', rp(10_000), rp(15_000_000), rp(100_000_000));
    const sameBank = (to: string, amount: number, over: Record<string, unknown> = {}) => ({
      flowId: 'transfer.samebank',
      form: { sourceOfFund: String(source.id), beneficiaryAccountNo: to, purpose: 'family', amount, ...over },
    });
    const bifast = (to: string, amount: number) => ({
      flowId: 'transfer.bifast',
      form: {
        sourceOfFund: String(source.id),
        bankCode: '014',
        beneficiaryAccountNo: to,
        purpose: 'business',
        amount,
      },
    });
    const forms = [
      sameBank(b1.accountNo, rp(150_000)),
      // The same beneficiary again: its reads are shared, its quote its own.
      sameBank(b1.accountNo, rp(250_000), { message: 'Gaji' }),
      sameBank('800999999999', rp(150_000)),
      sameBank(closed.accountNo, rp(150_000)),
      sameBank(b1.accountNo, rp(5_000)),
      // A new beneficiary's first day: at most Rp 10 juta (the gate), exactly that flagged by the FDS rule.
      sameBank(b2.accountNo, rp(12_000_000)),
      sameBank(b3.accountNo, rp(10_000_000)),
      // Over the per-transaction maximum, from an account it is more than (the cap then says nothing).
      sameBank(b1.accountNo, rp(20_000_000), { sourceOfFund: String(poor.id) }),
      sameBank(b1.accountNo, rp(50_000), { sourceOfFund: String(poor.id) }),
      sameBank(b1.accountNo, rp(50_000), { sourceOfFund: String(notMine.id) }),
      sameBank(source.accountNo, rp(50_000)),
      sameBank(b1.accountNo, rp(50_000), { purpose: 'gifts' }),
      sameBank(b1.accountNo, rp(50_000), { when: { kind: 'date', date: bankDate(new Date(), 3) } }),
      bifast('1234567890', rp(250_000)),
      bifast('5550000410', rp(250_000)),
    ];
    const many = await quoteMany(serviceContext({ db, catalog, registry: serverRegistry() }), who, forms);
    const { storeQuote } = quoteStore(serviceContext({ db, catalog, registry: serverRegistry() }));
    const single: ManyOutcome[] = [];
    for (const f of forms) {
      try {
        const s = await storeQuote(who, f.flowId, f.form);
        single.push({ ok: true, inquiryId: s.id, quote: s.quote, expiresAt: s.expiresAt });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        single.push({ ok: false, error: err });
      }
    }

    expect(many.map(outcomeOf)).toEqual(single.map(outcomeOf));
    // Each case is the one meant, so the comparison covers them all.
    expect(many.map((o) => (o.ok ? (isFlagged(o.inquiryId) ? 'flagged' : 'ok') : o.error.errorCode))).toEqual(
      [
        'ok',
        'ok',
        'BENEFICIARY_NOT_FOUND',
        'BENEFICIARY_NOT_FOUND',
        'AMOUNT_BELOW_MINIMUM',
        'NEW_BENEFICIARY_CAP',
        'flagged',
        'AMOUNT_ABOVE_MAXIMUM',
        'INSUFFICIENT_BALANCE',
        'ACCOUNT_NOT_ALLOWED',
        'SAME_ACCOUNT',
        'INVALID_REQUEST',
        'ok',
        'ok',
        'AC04',
      ],
    );
    for (const [i, o] of many.entries()) {
      const s = single[i]!;
      if (!o.ok || !s.ok) continue;
      expect(await storedInquiry(db, o.inquiryId)).toEqual(await storedInquiry(db, s.inquiryId));
    }
  });

  it('reads what all the forms ask for in a few statements, however many forms', async () => {
    const who = await customer();
    const source = await insertAccount(db, who.customerId, { balance: rp(100_000_000) });
    const other = await customer();
    const payees = [];
    for (let i = 0; i < 40; i++) payees.push(await insertAccount(db, other.customerId, { balance: 0 }));
    const counted = async (forms: { flowId: string; form: Record<string, unknown> }[]) => {
      let statements = 0;
      const counting: Db = {
        ...db,
        query: (sql, params) => {
          statements++;
          return db.query(sql, params);
        },
      };
      const out = await quoteMany(
        serviceContext({ db: counting, catalog, registry: serverRegistry() }),
        who,
        forms,
      );
      expect(out.every((o) => o.ok)).toBe(true);
      return statements;
    };
    const sameBank = payees.map((p, i) => ({
      flowId: 'transfer.samebank',
      form: {
        sourceOfFund: String(source.id),
        beneficiaryAccountNo: p.accountNo,
        purpose: 'family',
        amount: rp(10_000 + i),
      },
    }));
    // The gate's history, the source of fund, the beneficiaries, the limits; then one insert.
    expect(await counted(sameBank)).toBeLessThanOrEqual(6);
    // BI-FAST and SKN rows besides: their gate's history, the clearing and fee income accounts and
    // the bank holidays too (a statement a row would be 70 and more).
    const bifast = Array.from({ length: 20 }, (_, i) => ({
      flowId: 'transfer.bifast',
      form: {
        sourceOfFund: String(source.id),
        bankCode: '014',
        beneficiaryAccountNo: `12345678${String(i).padStart(2, '0')}`,
        purpose: 'business',
        amount: rp(20_000 + i),
      },
    }));
    const skn = Array.from({ length: 10 }, (_, i) => ({
      flowId: 'transfer.skn',
      form: {
        sourceOfFund: String(source.id),
        bankCode: '014',
        beneficiaryAccountNo: `13700123456${String(i).padStart(2, '0')}`,
        beneficiaryName: 'Siti Rahayu',
        beneficiaryAddress: 'Jl. Sudirman 1',
        province: 'DKI Jakarta',
        city: 'Jakarta Selatan',
        citizenship: 'indonesian',
        beneficiaryType: 'individual',
        purpose: 'family',
        amount: rp(2_000_000 + i),
      },
    }));
    expect(await counted([...sameBank, ...bifast, ...skn])).toBeLessThanOrEqual(12);
  });
});
