import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { jakartaToday } from '../core-bank/history';
import { internalAccount, newReferenceNo } from '../transactions/ledger';
import { cvvHash, numberHash, sameHash, vcnKey } from './keys';

/** What a merchant's card switch sends to authorise a charge on a virtual card number. */
export interface ChargeRequest {
  cardNumber: string;
  /** 'MM/YY', as the customer typed it at the merchant. */
  expiry: string;
  cvv: string;
  /** Minor units of IDR. */
  amount: number;
  merchant: string;
  /** The merchant's order: a retry of one order charges once and answers the same approval. */
  merchantReference: string;
}

export interface ChargeApproval {
  approved: true;
  referenceNo: string;
  /** What the VCN may still take after this charge, minor units. */
  remaining: number;
}

/** The bank's account where card payments to online merchants settle (the card scheme's side). */
export const MERCHANT_SETTLEMENT = 'SETTLEMENT-CARD-ONLINE';
/** Wrong CVVs in a row that block the number. */
export const MAX_CVV_FAILURES = 3;

const SWITCH = 'CARDSWITCH';
const declined = (code: string, eng: string, idn: string, status = 422) =>
  new ApiError(status, SWITCH, code, {
    titleEng: 'Card declined',
    titleIdn: 'Kartu ditolak',
    messageEng: eng,
    messageIdn: idn,
  });
// One answer for an unknown number, a wrong expiry or a wrong CVV: a merchant learns nothing more.
const invalidCard = () =>
  declined('INVALID_CARD', 'The card details are not valid.', 'Data kartu tidak valid.');

interface VcnRow {
  id: number;
  customer_id: number;
  card_account_id: number;
  cvv_hash: string;
  last4: string;
  expiry: string;
  valid_until: string | Date;
  limit_amount: number;
  spent_amount: number;
  status: string;
  cvv_failures: number;
  currency: string;
}

const dateOf = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/**
 * Authorises and books a merchant's charge on a virtual card number, in one database transaction: the
 * number found by its keyed hash; its expiry and CVV checked (the third wrong CVV in a row blocks it);
 * its validity and status; what it may still take (its own limit); the card it charges (active, online
 * use allowed, enough credit left). Approved, the card is debited to the merchant settlement account
 * (a journal in the card's history) and the VCN's spent amount rises. A declined charge books nothing.
 */
export async function chargeVcn(db: Db, req: ChargeRequest): Promise<ChargeApproval> {
  const key = await vcnKey(db);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
    throw declined('INVALID_AMOUNT', 'The amount is not valid.', 'Jumlah tidak valid.', 400);
  const settlement = await internalAccount(db, MERCHANT_SETTLEMENT, 'IDR');
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<VcnRow>(
      `SELECT id, customer_id, card_account_id, cvv_hash, last4, expiry, valid_until, limit_amount,
              spent_amount, status, cvv_failures, currency
         FROM virtual_card_numbers WHERE number_hash = $1 FOR UPDATE`,
      [numberHash(key, req.cardNumber)],
    );
    const v = rows[0];
    if (!v) return { error: invalidCard() };
    const vcnId = Number(v.id);
    // The same order again: the approval it had.
    const again = await tx.query<{ reference_no: string }>(
      `SELECT j.reference_no FROM virtual_card_charges c JOIN journal j ON j.id = c.journal_id
        WHERE c.vcn_id = $1 AND c.merchant_reference = $2`,
      [vcnId, req.merchantReference],
    );
    if (again.rows[0])
      return {
        approval: {
          approved: true as const,
          referenceNo: again.rows[0].reference_no,
          remaining: Number(v.limit_amount) - Number(v.spent_amount),
        },
      };
    if (v.status !== 'active')
      return { error: declined('CARD_BLOCKED', 'This card number is blocked.', 'Nomor kartu ini diblokir.') };
    if (!sameHash(v.cvv_hash, cvvHash(key, req.cardNumber, req.cvv)) || v.expiry !== req.expiry) {
      // Counted and kept even though the charge is declined (the transaction commits the count only).
      const failures = Number(v.cvv_failures) + 1;
      await tx.query(
        `UPDATE virtual_card_numbers SET cvv_failures = $2::int,
                status = CASE WHEN $2::int >= $3::int THEN 'blocked' ELSE status END WHERE id = $1`,
        [vcnId, failures, MAX_CVV_FAILURES],
      );
      return { error: invalidCard() };
    }
    if (dateOf(v.valid_until) < jakartaToday(Date.now()))
      return {
        error: declined(
          'CARD_EXPIRED',
          'This card number has expired.',
          'Nomor kartu ini sudah kedaluwarsa.',
        ),
      };
    const remaining = Number(v.limit_amount) - Number(v.spent_amount);
    if (req.amount > remaining)
      return {
        error: declined(
          'VCN_LIMIT_EXCEEDED',
          'The amount is above what this card number may still spend.',
          'Jumlah melebihi sisa limit nomor kartu ini.',
        ),
      };
    const cardId = Number(v.card_account_id);
    // The card and the settlement account, locked in id order as every posting does.
    const accounts = await tx.query<{ id: number; balance: number; floor: number; status: string }>(
      `SELECT id, balance, floor, status FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [[cardId, settlement]],
    );
    const card = accounts.rows.find((a) => Number(a.id) === cardId)!;
    const controls = await tx.query<{ online: boolean; card_status: string }>(
      `SELECT COALESCE(cc.online, true) AS online, ca.status AS card_status
         FROM card_accounts ca LEFT JOIN card_controls cc ON cc.account_id = ca.account_id
        WHERE ca.account_id = $1`,
      [cardId],
    );
    const c = controls.rows[0];
    if (card.status !== 'active' || c?.card_status !== 'active')
      return { error: declined('CARD_BLOCKED', 'The credit card is blocked.', 'Kartu kredit diblokir.') };
    if (!c.online)
      return {
        error: declined(
          'ONLINE_DISABLED',
          'Online payments are turned off for this credit card.',
          'Transaksi online dinonaktifkan untuk kartu kredit ini.',
        ),
      };
    if (Number(card.balance) - req.amount < Number(card.floor))
      return {
        error: declined(
          'INSUFFICIENT_CREDIT',
          'Not enough credit left on the card.',
          'Sisa limit kartu kredit tidak mencukupi.',
        ),
      };
    const referenceNo = newReferenceNo();
    const merchant = req.merchant.slice(0, 40);
    const { rows: j } = await tx.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description,
              description_eng, details)
       VALUES ($1, $2, 'vcn.charge', 'success', $3, $4, $5, $6, $7::jsonb) RETURNING id`,
      [
        referenceNo,
        v.customer_id,
        req.amount,
        v.currency.trim(),
        `Belanja online ${merchant} (VCN ${v.last4})`,
        `Online purchase ${merchant} (VCN ${v.last4})`,
        JSON.stringify({ receipt: { details: { merchant, vcnLast4: v.last4 } } }),
      ],
    );
    const journalId = Number(j[0]!.id);
    await tx.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, currency)
       VALUES ($1, $2, $3, 'IDR'), ($1, $4, $5, 'IDR')`,
      [journalId, cardId, -req.amount, settlement, req.amount],
    );
    await tx.query(
      `UPDATE accounts SET balance = balance + CASE WHEN id = $1 THEN -$3::bigint ELSE $3::bigint END
        WHERE id IN ($1, $2)`,
      [cardId, settlement, req.amount],
    );
    await tx.query(
      `UPDATE virtual_card_numbers SET spent_amount = spent_amount + $2, cvv_failures = 0 WHERE id = $1`,
      [vcnId, req.amount],
    );
    await tx.query(
      `INSERT INTO virtual_card_charges (vcn_id, journal_id, merchant, merchant_reference, amount)
       VALUES ($1, $2, $3, $4, $5)`,
      [vcnId, journalId, merchant, req.merchantReference, req.amount],
    );
    return { approval: { approved: true as const, referenceNo, remaining: remaining - req.amount } };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.approval;
}

/** The customer's virtual card numbers, newest first (never the number: its last four digits). */
export async function listVcns(db: Queryable, customerId: number) {
  const { rows } = await db.query<{
    id: number;
    last4: string;
    expiry: string;
    valid_until: string | Date;
    nickname: string | null;
    limit_amount: number;
    spent_amount: number;
    currency: string;
    status: string;
    masked_number: string;
    card_name: string;
    created_at: Date | string;
  }>(
    `SELECT v.id, v.last4, v.expiry, v.valid_until, v.nickname, v.limit_amount, v.spent_amount, v.currency,
            v.status, c.masked_number, c.card_name, v.created_at
       FROM virtual_card_numbers v JOIN card_accounts c ON c.account_id = v.card_account_id
      WHERE v.customer_id = $1 ORDER BY v.created_at DESC, v.id DESC`,
    [customerId],
  );
  const today = jakartaToday(Date.now());
  return rows.map((r) => {
    const validUntil = dateOf(r.valid_until);
    const currency = r.currency.trim();
    return {
      id: String(r.id),
      number: `•••• •••• •••• ${r.last4}`,
      expiry: r.expiry,
      validUntil,
      ...(r.nickname ? { nickname: r.nickname } : {}),
      limit: { amount: Number(r.limit_amount), currency },
      spent: { amount: Number(r.spent_amount), currency },
      remaining: { amount: Number(r.limit_amount) - Number(r.spent_amount), currency },
      status: r.status === 'active' && validUntil < today ? 'expired' : r.status,
      card: { name: r.card_name, number: r.masked_number },
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}
