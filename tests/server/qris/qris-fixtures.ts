import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../src/server/db/db';
import {
  crc16CcittFalse,
  encodeQris,
  QRIS_GUI,
  type QrisInput,
  type QrisTip,
} from '../../../src/shared/qris';
import { customerWithSession, insertAccount, latestCode, post, type Customer } from '../../kit';

/** docs/qris.md's samples: Kopi Santoso, a merchant of ours (its static code asks for a tip). */
export const DOCS_STATIC =
  '00020101021126680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605502015802ID5912Kopi Santoso6015JAKARTA SELATAN61051219062070703A016304D8EE';

export const FLOW = 'qris.pay';

/** budisantoso's stall as the demo seeds it (mybusiness/seed.ts), with a current account to settle to. */
export async function kopiSantoso(db: Queryable) {
  const owner = await customerWithSession(db);
  const settlement = await insertAccount(db, owner.customerId, {
    product: 'current',
    balance: 0,
    name: 'Giro',
  });
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO merchants (customer_id, mid, name, category, settlement_account_id, mdr_bps,
                            nmid, qris_pan, mcc, city, postal_code, terminal_label, tip)
     VALUES ($1, 'OCTO0082731', 'Kopi Santoso', 'Food & Beverage', $2, 30,
             'ID1026000827310', '9360002200000827310', '5814', 'JAKARTA SELATAN', '12190', 'A01', 'prompt')
     RETURNING id`,
    [owner.customerId, settlement.id],
  );
  return { owner, settlement, merchantId: Number(rows[0]!.id) };
}

/** A customer who pays, with Rp 50.000.000 in savings. */
export async function payer(db: Queryable, balance = 50_000_000_00) {
  const who = await customerWithSession(db);
  const source = await insertAccount(db, who.customerId, { balance });
  return { who, source };
}

/** Another bank's merchant's code (off us); its NMID's last 4 digits pick the switch's answer. */
export function offUsCode(
  nmidEnding: string,
  opts: { amount?: number; tip?: QrisTip; name?: string } = {},
): string {
  const nmid = `ID10200000${nmidEnding.padStart(5, '0')}`;
  const input = {
    merchant: {
      name: opts.name ?? 'Warung Bu Sri',
      city: 'BANDUNG',
      mcc: '5812',
      nmid,
      accounts: [
        {
          tag: '26',
          gui: 'ID.CO.BANKLAIN.WWW',
          pan: '9360099900000012345',
          merchantId: 'BL123',
          criteria: 'UMI',
        },
        { tag: '51', gui: QRIS_GUI, merchantId: nmid, criteria: 'UMI' },
      ],
    },
    currency: 'IDR',
    ...(opts.tip ? { tip: opts.tip } : {}),
    ...(opts.amount
      ? { initiation: 'dynamic', amount: { amount: opts.amount, currency: 'IDR' } }
      : { initiation: 'static' }),
  } as QrisInput;
  return encodeQris(input);
}

/** The payload with its CRC written again after `edit` (a well-formed code the reader still refuses). */
export function resigned(payload: string, edit: (body: string) => string): string {
  const body = edit(payload.slice(0, -8));
  const unsigned = `${body}6304`;
  return unsigned + crc16CcittFalse(unsigned);
}

/** Step 1 (the code) of the QRIS flow. */
export const readCode = (app: FastifyInstance, who: Customer, payload: string) =>
  post(app, '/api/transaction/v1/inquiry/step', who.headers, {
    flowId: FLOW,
    step: 'code',
    form: { payload },
  });

/**
 * The whole payment: the code's step, the final inquiry with `form` (amount, tip), OTP and confirm.
 * Stops at the first refusal and answers it.
 */
export async function payQris(
  app: FastifyInstance,
  db: Queryable,
  who: Customer,
  payload: string,
  form: Record<string, unknown>,
  idempotencyKey = `qris-${Math.random().toString(36).slice(2)}${Date.now()}`,
) {
  const step = await readCode(app, who, payload);
  if (step.status !== 200) return { step, failed: step };
  const inquiry = await post(app, '/api/transaction/v1/inquiry', who.headers, {
    flowId: FLOW,
    form: { amountKind: step.body.details.amountKind, tipKind: step.body.details.tipKind, ...form },
    stepToken: step.body.stepToken,
  });
  if (inquiry.status !== 200) return { step, inquiry, failed: inquiry };
  const ver = await post(app, '/api/transaction/v1/verification', who.headers, {
    inquiryId: inquiry.body.inquiryId,
    method: 'otp',
  });
  if (ver.status !== 200) return { step, inquiry, failed: ver };
  const receipt = await post(app, '/api/transaction/v1/confirm', who.headers, {
    inquiryId: inquiry.body.inquiryId,
    idempotencyKey,
    otp: await latestCode(db, who.phone),
    otpRequestId: ver.body.otp.requestId,
  });
  return { step, inquiry, receipt, failed: receipt.status === 200 ? undefined : receipt };
}

export async function journalCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal');
  return rows[0]!.n;
}

export async function internalBalance(db: Queryable, accountNo: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(
    `SELECT balance FROM accounts WHERE account_no = $1 AND product = 'internal'`,
    [accountNo],
  );
  return Number(rows[0]?.balance ?? 0);
}
