import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../src/server/db/db';
import { createSession } from '../../../src/server/auth/sessions';
import { enrolDevice } from '../../../src/server/approvals/devices';
import { insertCustomer, latestCode, uniquePhone } from '../otp/fixtures';

let accountSeq = 0;
export async function insertAccount(
  db: Queryable,
  customerId: number,
  opts: { product?: string; currency?: string; balance: number; floor?: number; name?: string },
): Promise<{ id: number; accountNo: string }> {
  accountSeq += 1;
  const accountNo = `7${String(process.pid % 10000).padStart(4, '0')}${String(Date.now() % 1e6).padStart(6, '0')}${String(accountSeq).padStart(2, '0')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      accountNo,
      customerId,
      opts.product ?? 'savings',
      opts.name ?? 'Tabungan',
      opts.currency ?? 'IDR',
      opts.balance,
      opts.floor ?? 0,
    ],
  );
  return { id: rows[0]!.id, accountNo };
}

export interface Customer {
  customerId: number;
  phone: string;
  phoneIds: number[];
  userId: string;
  headers: Record<string, string>;
}

/** A customer with a phone and a live web session. */
export async function customerWithSession(
  db: Queryable,
  channel: 'web' | 'mobile' = 'web',
): Promise<Customer> {
  const phone = uniquePhone();
  const c = await insertCustomer(db, { phones: [phone] });
  const headers = await sessionHeaders(db, c.customerId, channel);
  return { ...c, phone, headers };
}

/** A live session's headers; a companion-app ('mobile') one is on a device enrolled for approvals, as the app's login makes it. */
export async function sessionHeaders(db: Queryable, customerId: number, channel: 'web' | 'mobile' = 'web') {
  const browserId = channel === 'web' ? `test-browser-${customerId}` : `test-phone-${customerId}`;
  if (channel === 'mobile') await enrolDevice(db, customerId, browserId);
  const s = await createSession(db, { customerId, channel, browserId });
  return { authorization: `Bearer ${s.token}`, 'x-browser-id': browserId };
}

export async function setLimits(
  db: Queryable,
  customerId: number,
  category: string,
  min: number,
  max: number,
  daily: number,
): Promise<void> {
  await db.query(
    `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, category) DO UPDATE SET min_amount = $3, max_per_transaction = $4, daily_limit = $5`,
    [customerId, category, min, max, daily],
  );
}

export async function post(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
) {
  const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * inquiry -> OTP sent (not confirmed): the inquiry's answer and, when it was quoted, what a confirm
 * sends as the web does (the inquiry, the OTP request and the code from the outbox).
 */
export async function quoteAndSendOtp(
  app: FastifyInstance,
  db: Queryable,
  who: Customer,
  flowId: string,
  form: Record<string, unknown>,
) {
  const inquiry = await post(app, '/api/transaction/v1/inquiry', who.headers, { flowId, form });
  if (inquiry.status !== 200) return { inquiry, failed: inquiry };
  // A flagged inquiry (a large amount, a new beneficiary): the customer passes the FDS challenge.
  if (inquiry.body.fdsRequired) {
    const passed = await post(app, '/api/transaction/v1/fds-challenge', who.headers, {
      inquiryId: inquiry.body.inquiryId,
      confirmed: true,
    });
    if (passed.status !== 200) return { inquiry, failed: passed };
  }
  const ver = await post(app, '/api/transaction/v1/verification', who.headers, {
    inquiryId: inquiry.body.inquiryId,
    method: 'otp',
  });
  if (ver.status !== 200) return { inquiry, failed: ver };
  return {
    inquiry,
    confirm: {
      inquiryId: String(inquiry.body.inquiryId),
      otpRequestId: String(ver.body.otp.requestId),
      otp: await latestCode(db, who.phone),
    },
  };
}

/** inquiry -> OTP -> confirm; returns the receipt response (the confirm sends no OTP request: the server finds it). */
export async function transact(
  app: FastifyInstance,
  db: Queryable,
  who: Customer,
  flowId: string,
  form: Record<string, unknown>,
  idempotencyKey = `key-${Math.random().toString(36).slice(2)}${Date.now()}`,
) {
  const { inquiry, confirm, failed } = await quoteAndSendOtp(app, db, who, flowId, form);
  if (!confirm) return { inquiry, receipt: failed };
  const receipt = await post(app, '/api/transaction/v1/confirm', who.headers, {
    inquiryId: confirm.inquiryId,
    idempotencyKey,
    otp: confirm.otp,
  });
  return { inquiry, receipt, idempotencyKey };
}

export async function balanceOf(db: Queryable, accountId: number): Promise<number> {
  const { rows } = await db.query<{ balance: number }>('SELECT balance FROM accounts WHERE id = $1', [
    accountId,
  ]);
  return rows[0]!.balance;
}

/** Every journal's entries sum to zero per currency, and every balance equals the sum of its entries plus its opening. */
export async function unbalancedJournals(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT journal_id, currency FROM ledger_entries GROUP BY journal_id, currency HAVING sum(amount) <> 0) x`,
  );
  return rows[0]!.n;
}
