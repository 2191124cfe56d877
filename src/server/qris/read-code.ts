import type { Queryable } from '../db/db';
import { decodeQris, type Qris } from '../../shared/qris';
import { qrisErrors } from './errors';
import { merchantByMid, OWN_ACQUIRER_GUI, type QrisMerchant } from './merchants';

/** A dynamic code of one of our merchants, as the merchant made it (qris_codes). */
export interface IssuedCode {
  id: number;
  referenceLabel: string;
}

/** A payload the bank will pay: read by the server (never the browser's reading), on us or off us. */
export interface PayableCode {
  qris: Qris;
  /** A merchant of ours (the code's acquirer is this bank): credited in the booking itself. */
  merchant?: QrisMerchant;
  /** Its dynamic code as issued, when the code is one of our merchants' dynamic codes. */
  issued?: IssuedCode;
}

/**
 * Reads a payload as the bank pays it, refusing on `field` (both languages) what cannot be paid: what
 * the reader refuses (CRC, not QRIS, not IDR, an amount in a static code ...), a merchant of ours that
 * does not exist, and one of our dynamic codes that was never issued as it reads, is paid, cancelled or
 * expired. `lock` takes the code's row (a booking's transaction).
 */
export async function readPayableCode(
  db: Queryable,
  payload: string,
  field: string,
  lock = false,
): Promise<PayableCode> {
  const reading = decodeQris(payload);
  if (!reading.ok) throw qrisErrors.unreadable(reading.error.code, field);
  const { qris } = reading;
  if (qris.acquirer !== OWN_ACQUIRER_GUI) return { qris };
  const account = qris.merchant.accounts.find((a) => a.gui === OWN_ACQUIRER_GUI);
  const merchant = account?.merchantId ? await merchantByMid(db, account.merchantId) : undefined;
  if (!merchant || merchant.nmid !== qris.merchant.nmid) throw qrisErrors.merchantUnknown(field);
  if (qris.initiation === 'static') return { qris, merchant };
  // Our dynamic codes are known by their reference label, and must be exactly what was issued.
  const { rows } = await db.query<{ id: number; payload: string; status: string; expired: boolean }>(
    `SELECT id, payload, status, expires_at <= now() AS expired FROM qris_codes
      WHERE merchant_id = $1 AND reference_label = $2${lock ? ' FOR UPDATE' : ''}`,
    [merchant.id, qris.additional.referenceLabel ?? ''],
  );
  const code = rows[0];
  if (!code || code.payload !== payload.trim()) throw qrisErrors.codeUnknown(field);
  if (code.status === 'paid') throw qrisErrors.codePaid(field);
  if (code.status === 'cancelled') throw qrisErrors.codeCancelled(field);
  if (code.expired) throw qrisErrors.codeExpired(field);
  return { qris, merchant, issued: { id: Number(code.id), referenceLabel: qris.additional.referenceLabel! } };
}
