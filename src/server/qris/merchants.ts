import type { Queryable } from '../db/db';
import { encodeQris, QRIS_GUI, type QrisInput } from '../../shared/qris';

/** This bank's GUI as an acquirer (a QRIS merchant account template, tag 26): its codes are on us. */
export const OWN_ACQUIRER_GUI = 'ID.CO.CIMBNIAGA.WWW';
const OWN_TAG = '26';

/** A merchant of ours that accepts QRIS (merchants, migration 062 and 340). */
export interface QrisMerchant {
  id: number;
  customerId: number;
  mid: string;
  name: string;
  nmid: string;
  pan: string;
  mcc: string;
  city: string;
  postalCode: string | null;
  terminalLabel: string | null;
  tip: 'none' | 'prompt';
  settlementAccountId: number | null;
  mdrBps: number;
}

interface Row {
  id: number;
  customer_id: number;
  mid: string;
  name: string;
  nmid: string;
  qris_pan: string;
  mcc: string;
  city: string;
  postal_code: string | null;
  terminal_label: string | null;
  tip: 'none' | 'prompt';
  settlement_account_id: number | null;
  mdr_bps: number;
}

const COLUMNS = `id, customer_id, mid, name, nmid, qris_pan, mcc, city, postal_code, terminal_label, tip,
                 settlement_account_id, mdr_bps`;

const merchantOf = (r: Row): QrisMerchant => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  mid: r.mid,
  name: r.name,
  nmid: r.nmid,
  pan: r.qris_pan,
  mcc: r.mcc,
  city: r.city,
  postalCode: r.postal_code,
  terminalLabel: r.terminal_label,
  tip: r.tip,
  settlementAccountId: r.settlement_account_id === null ? null : Number(r.settlement_account_id),
  mdrBps: r.mdr_bps,
});

/** Our merchant of this merchant id, if it accepts QRIS (`lock`: FOR UPDATE, in a booking). */
export async function merchantByMid(
  db: Queryable,
  mid: string,
  lock = false,
): Promise<QrisMerchant | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM merchants WHERE mid = $1 AND nmid IS NOT NULL${lock ? ' FOR UPDATE' : ''}`,
    [mid],
  );
  return rows[0] && merchantOf(rows[0]);
}

/** The customer's merchants that accept QRIS, or the one asked for (by id) if it is theirs. */
export async function merchantsOfCustomer(
  db: Queryable,
  customerId: number,
  merchantId?: number,
): Promise<QrisMerchant[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM merchants
      WHERE customer_id = $1 AND nmid IS NOT NULL AND ($2::bigint IS NULL OR id = $2) ORDER BY id`,
    [customerId, merchantId ?? null],
  );
  return rows.map(merchantOf);
}

/** What every code of the merchant carries: its account with us (26) and the national template (51). */
function codeBase(m: QrisMerchant): Omit<QrisInput, 'initiation' | 'amount'> {
  return {
    merchant: {
      name: m.name,
      city: m.city,
      ...(m.postalCode ? { postalCode: m.postalCode } : {}),
      mcc: m.mcc,
      nmid: m.nmid,
      accounts: [
        { tag: OWN_TAG, gui: OWN_ACQUIRER_GUI, pan: m.pan, merchantId: m.mid, criteria: 'UMI' },
        { tag: '51', gui: QRIS_GUI, merchantId: m.nmid, criteria: 'UMI' },
      ],
    },
    currency: 'IDR',
  };
}

/** The sticker on the counter: a static code (the payer types the amount), with a tip prompt if the merchant asks for one. */
export function staticPayload(m: QrisMerchant): string {
  return encodeQris({
    ...codeBase(m),
    initiation: 'static',
    ...(m.tip === 'prompt' ? { tip: { kind: 'prompt' as const } } : {}),
    ...(m.terminalLabel ? { additional: { terminalLabel: m.terminalLabel } } : {}),
  });
}

/** One sale's dynamic code: its amount, the merchant's bill number and our reference label. */
export function dynamicPayload(
  m: QrisMerchant,
  sale: { amount: number; billNumber?: string; referenceLabel: string },
): string {
  return encodeQris({
    ...codeBase(m),
    initiation: 'dynamic',
    amount: { amount: sale.amount, currency: 'IDR' },
    additional: {
      ...(sale.billNumber ? { billNumber: sale.billNumber } : {}),
      referenceLabel: sale.referenceLabel,
      ...(m.terminalLabel ? { terminalLabel: m.terminalLabel } : {}),
    },
  });
}
