import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { sha256Hex } from '../../../src/server/auth/tokens';
import {
  BOOKING_COLUMNS,
  bookingValues,
  postConfirmed,
  type Booking,
  type ConfirmInput,
} from '../../../src/server/transactions/ledger';
import { balanceOf, bothEngines, customerWithSession, insertAccount } from '../../kit';

// postConfirmed against a real database: an inquiry verified by app approval, so no OTP is involved.
describe.each(bothEngines)('postConfirmed on $name', (engine) => {
  let db: Db;
  let customerId: number;
  let sessionId: number;
  let session: { tokenHash: string; browserId: string };
  let from: number;
  let to: number;
  let seq = 0;

  beforeAll(async () => {
    db = await engine.open();
    const who = await customerWithSession(db);
    customerId = who.customerId;
    session = {
      tokenHash: sha256Hex(who.headers.authorization!.replace(/^Bearer /, '')),
      browserId: who.headers['x-browser-id']!,
    };
    const { rows } = await db.query<{ id: number }>('SELECT id FROM sessions WHERE customer_id = $1', [
      customerId,
    ]);
    sessionId = rows[0]!.id;
    from = (await insertAccount(db, customerId, { balance: 100_000 })).id;
    to = (await insertAccount(db, customerId, { balance: 0 })).id;
  });
  afterAll(async () => {
    await db?.close();
  });

  /** An inquiry of 1,000 from `from` to `to`, approved in the companion app. */
  async function approvedInquiry(): Promise<ConfirmInput> {
    seq += 1;
    const inquiryId = `ledger-test-${seq}-${Date.now()}`;
    const booking: Booking = {
      status: 'success',
      description: 'Test',
      amount: 1_000,
      currency: 'IDR',
      limitCategory: 'transfer-own',
      limitAmount: 1_000,
      receipt: {},
      legs: [
        { accountId: from, amount: -1_000, currency: 'IDR' },
        { accountId: to, amount: 1_000, currency: 'IDR' },
      ],
    };
    await db.query(
      `INSERT INTO transaction_inquiries (id, customer_id, session_id, flow_id, form, quote, verification_method,
                                          expires_at, ${BOOKING_COLUMNS})
       VALUES ($1, $2, $3, 'transfer.own', '{}', '{}', 'approval', now() + interval '5 minutes',
               $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16)`,
      [inquiryId, customerId, sessionId, ...bookingValues(booking)],
    );
    await db.query(
      `INSERT INTO approval_requests (id, inquiry_id, customer_id, summary, status, expires_at, decided_at)
       VALUES ($1, $1, $2, '{}', 'approved', now() + interval '5 minutes', now())`,
      [inquiryId, customerId],
    );
    return {
      ...session,
      inquiryId,
      otpRequestId: null,
      codeHash: null,
      idempotencyKey: `key-${inquiryId}`,
    };
  }

  it('draws the reference number again when it equals an earlier journal’s, and books once', async () => {
    const first = await postConfirmed(db, await approvedInquiry(), () => '2611230000000001');
    expect(first).toMatchObject({ outcome: 'ok', referenceNo: '2611230000000001' });
    const before = [await balanceOf(db, from), await balanceOf(db, to)];
    const draws = ['2611230000000001', '2611230000000001', '2611230000000002'];
    const second = await postConfirmed(db, await approvedInquiry(), () => draws.shift()!);
    expect(second).toMatchObject({ outcome: 'ok', referenceNo: '2611230000000002' });
    expect(draws).toEqual([]);
    expect([await balanceOf(db, from), await balanceOf(db, to)]).toEqual([
      before[0]! - 1_000,
      before[1]! + 1_000,
    ]);
  });

  it('gives up after five clashes in a row, having booked nothing', async () => {
    const input = await approvedInquiry();
    const before = await balanceOf(db, from);
    let drawn = 0;
    await expect(
      postConfirmed(db, input, () => {
        drawn += 1;
        return '2611230000000001';
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'journal_reference_no_key' });
    expect(drawn).toBe(5);
    expect(await balanceOf(db, from)).toBe(before);
  });

  it('does not retry a repeated idempotency key: that is a duplicate (23505), and nothing is booked', async () => {
    const one = await approvedInquiry();
    expect((await postConfirmed(db, one)).outcome).toBe('ok');
    const before = await balanceOf(db, from);
    const two = { ...(await approvedInquiry()), idempotencyKey: one.idempotencyKey };
    let drawn = 0;
    await expect(
      postConfirmed(db, two, () => `26112399${String(++drawn).padStart(8, '0')}`),
    ).rejects.toMatchObject({ code: '23505' });
    expect(drawn).toBe(1);
    expect(await balanceOf(db, from)).toBe(before);
  });
});
