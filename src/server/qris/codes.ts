import type { Db, Queryable } from '../db/db';
import { QRIS } from '../../shared/constants';
import { qrisErrors } from './errors';
import { dynamicPayload, type QrisMerchant } from './merchants';
import { notifySale } from './record';

/** A merchant's dynamic code as its page shows it. */
export interface CodeView {
  id: string;
  merchantId: string;
  payload: string;
  amount: number;
  billNumber: string | null;
  referenceLabel: string;
  status: 'open' | 'paid' | 'cancelled' | 'expired';
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  /** The sale's reference (the RRN the payer's receipt shows), once paid. */
  saleReference: string | null;
  /** What reached the merchant's account (the amount less the fee), once paid. */
  net: number | null;
}

interface CodeRow {
  id: number;
  merchant_id: number;
  payload: string;
  amount: number;
  bill_number: string | null;
  reference_label: string;
  status: 'open' | 'paid' | 'cancelled';
  expired: boolean;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  sale_reference: string | null;
  sale_amount: number | null;
  sale_fee: number | null;
}

const SELECT = `SELECT c.id, c.merchant_id, c.payload, c.amount, c.bill_number, c.reference_label, c.status,
                       c.expires_at <= now() AS expired, c.created_at, c.expires_at, c.paid_at,
                       t.reference_no AS sale_reference, t.amount AS sale_amount, t.fee AS sale_fee
                  FROM qris_codes c LEFT JOIN merchant_transactions t ON t.journal_id = c.journal_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const viewOf = (r: CodeRow): CodeView => ({
  id: String(r.id),
  merchantId: String(r.merchant_id),
  payload: r.payload,
  amount: Number(r.amount),
  billNumber: r.bill_number,
  referenceLabel: r.reference_label,
  status: r.status === 'open' && r.expired ? 'expired' : r.status,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at)!,
  paidAt: iso(r.paid_at),
  saleReference: r.sale_reference,
  net: r.sale_amount === null ? null : Number(r.sale_amount) - Number(r.sale_fee ?? 0),
});

/**
 * Makes one sale's dynamic code, once per idempotency key (a double click shows the same code): the
 * amount in sen, at most QRIS's maximum; an optional bill number (tag 62.01); our reference label (62.05),
 * by which a payment finds it. Payable until QRIS.dynamicCodeTtlMs has passed.
 */
export async function createCode(
  db: Db,
  merchant: QrisMerchant,
  input: { amount: number; billNumber?: string; idempotencyKey: string },
): Promise<CodeView> {
  return db.transaction(async (tx) => {
    const { rows: same } = await tx.query<CodeRow>(
      `${SELECT} WHERE c.merchant_id = $1 AND c.idempotency_key = $2`,
      [merchant.id, input.idempotencyKey],
    );
    if (same[0]) return viewOf(same[0]);
    const { rows: ids } = await tx.query<{ id: number }>(`SELECT nextval('qris_codes_id_seq') AS id`);
    const id = Number(ids[0]!.id);
    const referenceLabel = `${merchant.mid}-${String(id).padStart(6, '0')}`;
    const payload = dynamicPayload(merchant, {
      amount: input.amount,
      ...(input.billNumber ? { billNumber: input.billNumber } : {}),
      referenceLabel,
    });
    await tx.query(
      `INSERT INTO qris_codes (id, merchant_id, reference_label, bill_number, amount, payload, idempotency_key, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
      [
        id,
        merchant.id,
        referenceLabel,
        input.billNumber ?? null,
        input.amount,
        payload,
        input.idempotencyKey,
        QRIS.dynamicCodeTtlMs / 1000,
      ],
    );
    return viewOf((await tx.query<CodeRow>(`${SELECT} WHERE c.id = $1`, [id])).rows[0]!);
  });
}

/** One code of the customer's merchants. */
export async function codeOfCustomer(db: Queryable, customerId: number, id: number): Promise<CodeView> {
  const { rows } = await db.query<CodeRow>(
    `${SELECT} JOIN merchants m ON m.id = c.merchant_id WHERE c.id = $1 AND m.customer_id = $2`,
    [id, customerId],
  );
  if (!rows[0]) throw qrisErrors.codeNotFound();
  return viewOf(rows[0]);
}

/** The merchant's latest codes, newest first. */
export async function latestCodes(db: Queryable, merchantId: number, limit = 5): Promise<CodeView[]> {
  const { rows } = await db.query<CodeRow>(
    `${SELECT} WHERE c.merchant_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT $2`,
    [merchantId, limit],
  );
  return rows.map(viewOf);
}

/** Cancels an open code that has not expired: a payment of it is refused from then on. */
export async function cancelCode(db: Db, customerId: number, id: number): Promise<CodeView> {
  const code = await codeOfCustomer(db, customerId, id);
  const { rows } = await db.transaction(async (tx) => {
    const r = await tx.query<{ id: number }>(
      `UPDATE qris_codes SET status = 'cancelled' WHERE id = $1 AND status = 'open' AND expires_at > now() RETURNING id`,
      [id],
    );
    if (r.rows[0]) await notifySale(tx, Number(code.merchantId), id);
    return r;
  });
  if (!rows[0]) throw qrisErrors.codeNotOpen();
  return codeOfCustomer(db, customerId, id);
}
