import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { ServiceExecutor } from '../transactions/contracts';
import { internalAccount, postEntries } from '../transactions/ledger';
import { readPayableCode } from './read-code';

/** The clearing account a QRIS payment is credited to first (flows/qris/pay.json's posting). */
export const QRIS_SETTLEMENT = 'SETTLEMENT-QRIS';
/** Where a merchant's fee (its MDR) goes. */
const MDR_INCOME = 'FEE-INCOME';
/** Who paid, as a merchant's sales list shows it (merchant_transactions.payer). */
export const PAYER_CHANNEL = 'Internet Banking';
/** The channel merchants' pages are told of a sale on (hub.ts). */
export const QRIS_CHANNEL = 'qris_code_changes';

/** A retrieval reference number: 12 digits, what the payer's receipt and the merchant's sale both show. */
const newRrn = () => String(randomInt(0, 1e6)).padStart(6, '0') + String(randomInt(0, 1e6)).padStart(6, '0');

/** A merchant's fee on a sale, in whole sen (as the seed's sales: half a sen rounds up). */
export const mdrOf = (amount: number, bps: number) => Math.floor((amount * bps + 5_000) / 10_000);

/**
 * The posting's service executor of a QRIS payment (`qris.record`), in the booking's own database
 * transaction. On us: the money booked to the QRIS clearing account goes on to the merchant's
 * settlement account (less its fee), the sale is written where My business reads it, and a dynamic
 * code is marked paid: read again under a lock, so a code paid meanwhile refuses this booking whole
 * (nothing written, the OTP unused). Off us: the switch answers later (switch.ts). Both: the RRN.
 */
export const qrisRecord: ServiceExecutor = {
  async apply(tx, ctx) {
    const qrisReference = newRrn();
    if (ctx.details.onUs !== true) return { qrisReference };
    const code = await readPayableCode(tx, String(ctx.form.payload ?? ''), 'payload', true);
    const merchant = code.merchant;
    if (!merchant?.settlementAccountId)
      throw new Error(`QRIS merchant ${merchant?.mid} has no settlement account`);
    const total = Number(ctx.details.total);
    if (!Number.isSafeInteger(total) || total <= 0) throw new Error('QRIS booking without a total');
    const fee = mdrOf(total, merchant.mdrBps);
    await postEntries(tx, ctx.journalId, [
      { accountId: await internalAccount(tx, QRIS_SETTLEMENT, 'IDR'), amount: -total, currency: 'IDR' },
      { accountId: merchant.settlementAccountId, amount: total - fee, currency: 'IDR' },
      ...(fee > 0
        ? [{ accountId: await internalAccount(tx, MDR_INCOME, 'IDR'), amount: fee, currency: 'IDR' }]
        : []),
    ]);
    await tx.query(
      `INSERT INTO merchant_transactions (merchant_id, reference_no, channel, payer, amount, fee, status, created_at, journal_id)
       VALUES ($1, $2, 'qris', $3, $4, $5, 'settled', now(), $6)`,
      [merchant.id, qrisReference, PAYER_CHANNEL, total, fee, ctx.journalId],
    );
    if (code.issued)
      await tx.query(
        `UPDATE qris_codes SET status = 'paid', paid_at = now(), journal_id = $2 WHERE id = $1`,
        [code.issued.id, ctx.journalId],
      );
    // Delivered at commit, to every app server's merchant pages (hub.ts).
    await notifySale(tx, merchant.id, code.issued?.id);
    return { qrisReference };
  },
};

/** Tells the merchant's open pages (on any app server) that a sale or a code changed. */
export async function notifySale(db: Queryable, merchantId: number, codeId?: number): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [
    QRIS_CHANNEL,
    JSON.stringify({ m: merchantId, c: codeId ?? null }),
  ]);
}
