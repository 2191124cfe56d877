import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { sha256Hex } from '../../../src/server/auth/tokens';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { BOOKING_COLUMNS, bookingValues, postConfirmed } from '../../../src/server/transactions/ledger';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const catalog = loadCatalog();

// Held payments: a biller that answers "in progress" is asked again later, until paid or refused.
describe.each(bothEngines)('settling held payments on $name', (engine) => {
  const { openTwice } = engine;
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let acc: { id: number };
  const pendingMs = process.env.BILLER_PENDING_MS;

  // No timer: each test runs the checks itself.
  const t = useTestApp({ engine, settlementIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    acc = await insertAccount(db, who.customerId, { balance: rp(20_000_000) });
  });
  afterEach(() => {
    if (pendingMs === undefined) delete process.env.BILLER_PENDING_MS;
    else process.env.BILLER_PENDING_MS = pendingMs;
  });

  const journalOf = async (referenceNo: string) => {
    const { rows } = await db.query<{
      id: number;
      status: string;
      details: { receipt: { details: Record<string, unknown>; error?: Record<string, unknown> } };
    }>('SELECT id, status, details FROM journal WHERE reference_no = $1', [referenceNo]);
    return rows[0]!;
  };
  const queued = async (journalId: number) => {
    const { rows } = await db.query<{ checks: number; due_in_s: number }>(
      `SELECT checks, extract(epoch FROM next_check_at - now())::float8 AS due_in_s
         FROM pending_settlements WHERE journal_id = $1`,
      [journalId],
    );
    return rows[0];
  };
  const makeDue = (journalId: number) =>
    db.query('UPDATE pending_settlements SET next_check_at = now() WHERE journal_id = $1', [journalId]);
  const payBpjs = (customerNumber: string) =>
    transact(app, db, who, 'payment.bpjs', { sourceOfFund: String(acc.id), customerNumber });

  it('keeps nothing queued for a payment answered at once', async () => {
    const { receipt } = await payBpjs('8888801234567');
    expect(receipt.body.status).toBe('success');
    expect(await queued((await journalOf(receipt.body.referenceNo)).id)).toBeUndefined();
  });

  it('asks again about one in progress, with backoff, and books it when the biller has paid', async () => {
    const before = await balanceOf(db, acc.id);
    const { inquiry, receipt } = await payBpjs('88888000002018');
    expect(receipt.body.status).toBe('pending');
    const total = inquiry.body.total.amount as number;
    const j = await journalOf(receipt.body.referenceNo);
    // The confirm's own answer was "in progress": the first check is due in 30 s.
    expect(await queued(j.id)).toMatchObject({ checks: 0 });
    expect((await queued(j.id))!.due_in_s).toBeGreaterThan(25);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 0, pending: 0 });

    // Still in progress at the biller: checked, and the next check waits longer.
    process.env.BILLER_PENDING_MS = String(3_600_000);
    await makeDue(j.id);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ pending: 1 });
    expect(await queued(j.id)).toMatchObject({ checks: 1 });
    expect((await queued(j.id))!.due_in_s).toBeGreaterThan(55);
    expect((await journalOf(receipt.body.referenceNo)).status).toBe('pending');

    // Paid meanwhile: success, with the biller's reference on the receipt; the money stays with it.
    process.env.BILLER_PENDING_MS = '0';
    await makeDue(j.id);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 1 });
    const settled = await journalOf(receipt.body.referenceNo);
    expect(settled.status).toBe('success');
    expect(settled.details.receipt.details.billerReference).toMatch(/^\d{10}$/);
    expect(settled.details.receipt.error).toBeUndefined();
    expect(await queued(j.id)).toBeUndefined();
    expect(await balanceOf(db, acc.id)).toBe(before - total);
    // Nothing left to ask about.
    expect(await settleDuePayments(db, catalog, serverRegistry())).toEqual({
      success: 0,
      failed: 0,
      pending: 0,
      unanswered: 0,
    });
  });

  it('gives the money back when the biller refuses in the end', async () => {
    const before = await balanceOf(db, acc.id);
    const { receipt } = await payBpjs('88888000002066');
    expect(receipt.body.status).toBe('pending');
    expect(await balanceOf(db, acc.id)).toBeLessThan(before);
    const j = await journalOf(receipt.body.referenceNo);
    process.env.BILLER_PENDING_MS = '0';
    await makeDue(j.id);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ failed: 1 });
    const settled = await journalOf(receipt.body.referenceNo);
    expect(settled.status).toBe('failed');
    expect(settled.details.receipt.error).toMatchObject({ sourceSystem: 'ESB', errorCode: '0005' });
    expect(await balanceOf(db, acc.id)).toBe(before);
    expect(await queued(j.id)).toBeUndefined();
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('asks about a payment the provider was never called for (the server stopped), once its lease ran out', async () => {
    // Booked as the confirm books it, but nothing called the biller afterwards.
    const before = await balanceOf(db, acc.id);
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM accounts WHERE account_no = 'SETTLEMENT-BPJS'",
    );
    const inquiryId = `stopped-${Date.now()}`;
    const receipt = {
      flowId: 'payment.bpjs',
      amount: { amount: rp(50_000), currency: 'IDR' },
      fees: [],
      total: { amount: rp(50_000), currency: 'IDR' },
      details: { customerNumber: '8888807654321', billerCode: 'BPJSKS' },
    };
    const { rows: sessions } = await db.query<{ id: number }>(
      'SELECT id FROM sessions WHERE customer_id = $1',
      [who.customerId],
    );
    await db.query(
      `INSERT INTO transaction_inquiries (id, customer_id, session_id, flow_id, form, quote, verification_method,
                                          expires_at, ${BOOKING_COLUMNS})
       VALUES ($1, $2, $3, 'payment.bpjs', '{}', '{}', 'approval', now() + interval '5 minutes',
               $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16)`,
      [
        inquiryId,
        who.customerId,
        sessions[0]!.id,
        ...bookingValues({
          status: 'pending',
          description: 'BPJS',
          amount: rp(50_000),
          currency: 'IDR',
          limitCategory: 'payment',
          limitAmount: rp(50_000),
          receipt,
          legs: [
            { accountId: acc.id, amount: -rp(50_000), currency: 'IDR' },
            { accountId: rows[0]!.id, amount: rp(50_000), currency: 'IDR' },
          ],
        }),
      ],
    );
    await db.query(
      `INSERT INTO approval_requests (id, inquiry_id, customer_id, summary, status, expires_at, decided_at)
       VALUES ($1, $1, $2, '{}', 'approved', now() + interval '5 minutes', now())`,
      [inquiryId, who.customerId],
    );
    const booked = await postConfirmed(db, {
      tokenHash: sha256Hex(who.headers.authorization!.replace(/^Bearer /, '')),
      browserId: who.headers['x-browser-id']!,
      inquiryId,
      otpRequestId: null,
      codeHash: null,
      idempotencyKey: `stopped-${inquiryId}`,
    });
    expect(booked.outcome).toBe('ok');
    const journalId = (booked as { journalId: number }).journalId;
    // Leased to the confirm that booked it: not yet.
    expect((await queued(journalId))!.due_in_s).toBeGreaterThan(50);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 0 });
    await makeDue(journalId);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 1 });
    const { rows: j } = await db.query<{ status: string }>('SELECT status FROM journal WHERE id = $1', [
      journalId,
    ]);
    expect(j[0]!.status).toBe('success');
    expect(await balanceOf(db, acc.id)).toBe(before - rp(50_000));
  });

  it('settles each payment once when two app servers check at the same moment', async () => {
    const two = await openTwice();
    try {
      const server = await buildApp({ db: two.first, settlementIntervalMs: 0 });
      const payer = await customerWithSession(two.first);
      const account = await insertAccount(two.first, payer.customerId, { balance: rp(20_000_000) });
      const before = await balanceOf(two.first, account.id);
      const numbers = ['88888000012018', '88888000022018', '88888000032066', '88888000042066'];
      for (const customerNumber of numbers) {
        const { receipt } = await transact(server, two.first, payer, 'payment.bpjs', {
          sourceOfFund: String(account.id),
          customerNumber,
        });
        expect(receipt.body.status).toBe('pending');
      }
      await server.close();
      process.env.BILLER_PENDING_MS = '0';
      await two.first.query('UPDATE pending_settlements SET next_check_at = now()');
      const runs = await Promise.all([
        settleDuePayments(two.first, catalog, serverRegistry()),
        settleDuePayments(two.second, catalog, serverRegistry()),
        settleDuePayments(two.first, catalog, serverRegistry()),
      ]);
      const total = (k: 'success' | 'failed') => runs.reduce((s, r) => s + r[k], 0);
      expect([total('success'), total('failed')]).toEqual([2, 2]);
      const { rows } = await two.first.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pending_settlements',
      );
      expect(rows[0]!.n).toBe(0);
      // Two paid, two given back: the balance is lower by the two paid bills and their fees only.
      const { rows: paid } = await two.first.query<{ total: number }>(
        `SELECT coalesce(sum(-e.amount), 0)::int8 AS total FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
          WHERE e.account_id = $1 AND j.status = 'success'`,
        [account.id],
      );
      expect(await balanceOf(two.first, account.id)).toBe(before - Number(paid[0]!.total));
      expect(await unbalancedJournals(two.first)).toBe(0);
    } finally {
      await two.close();
    }
  });
});
