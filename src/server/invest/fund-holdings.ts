import type { Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ProviderContext, ProviderOutcome } from '../transactions/contracts';
import type { Money } from '../../shared/money';
import { fourText } from '../../shared/invest/units';
import { fundErrors } from './fund-errors';
import { heldUnits } from './funds';
import { navOn, publishDueNavs } from './nav';

/**
 * What the fund manager's providers share (fund-subscription.ts, fund-executors.ts): an order's investment
 * movements, the holdings' units, the NAV they wait for.
 */

export const SUBSCRIPTION_ACCOUNT = 'MF-SUBSCRIPTION';
export const REDEMPTION_ACCOUNT = 'MF-REDEMPTION';
/** The one subscription flow a plan's monthly orders run (verified once, when the plan was set up). */
export const SUBSCRIPTION_FLOW = 'applyandinvest.fund-subscription';

export const moneyOf = (v: unknown): Money => {
  const m = v as Partial<Money> | undefined;
  return { amount: Number(m?.amount ?? 0), currency: String(m?.currency ?? 'IDR') };
};
export const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** "In progress" (spec section 8's 0097): the receipt says when the order completes. */
export function inProgress(en: string, id: string): ProviderOutcome {
  const error: ApiErrorBody = {
    sourceSystem: 'CLICKS',
    errorCode: '0097',
    message: en,
    errorTitleEng: 'Order in progress',
    errorTitleIdn: 'Pesanan sedang diproses',
    errorMessageEng: en,
    errorMessageIdn: id,
  };
  return { ok: false, error };
}

export const ORDER_STATUS = {
  en: 'In progress: waiting for the NAV',
  id: 'Dalam proses: menunggu NAB',
};

/** The journal's reference number: an order's investment movements carry it. */
export async function referenceOf(tx: Queryable, journalId: number): Promise<string> {
  const { rows } = await tx.query<{ reference_no: string }>(
    'SELECT reference_no FROM journal WHERE id = $1',
    [journalId],
  );
  return rows[0]!.reference_no;
}

export interface Movement {
  code: string;
  kind: 'subscription' | 'redemption' | 'switch_in' | 'switch_out';
  units: bigint | null;
  amount: number;
  currency: string;
  suffix?: string;
}

export async function recordMovements(
  tx: Queryable,
  journalId: number,
  customerId: number,
  moves: Movement[],
) {
  const ref = await referenceOf(tx, journalId);
  for (const m of moves)
    await tx.query(
      `INSERT INTO investment_transactions (reference_no, customer_id, product_code, kind, status, units, amount, currency, journal_id)
       VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8)`,
      [
        `${ref}${m.suffix ?? ''}`,
        customerId,
        m.code,
        m.kind,
        m.units === null ? null : fourText(m.units),
        m.amount,
        m.currency,
        journalId,
      ],
    );
}

/** Adds units (and their cost) to a holding, opening it under the customer's investor id when new. */
export async function addUnits(tx: Queryable, customerId: number, code: string, units: bigint, cost: number) {
  await tx.query(
    `INSERT INTO investment_holdings (customer_id, product_code, units, cost, investment_account_no)
     VALUES ($1, $2, $3::numeric, $4, coalesce((SELECT sid FROM investor_accounts WHERE customer_id = $1), ''))
     ON CONFLICT (customer_id, product_code)
       DO UPDATE SET units = coalesce(investment_holdings.units, 0) + EXCLUDED.units,
                     cost = investment_holdings.cost + EXCLUDED.cost`,
    [customerId, code, fourText(units), cost],
  );
}

/**
 * Takes units out of a holding (locked, checked again against what is held now): the cost goes down in
 * proportion. Returns the cost taken out.
 */
export async function takeUnits(
  tx: Queryable,
  customerId: number,
  code: string,
  units: bigint,
): Promise<number> {
  const held = await heldUnits(tx, customerId, code, true);
  if (held.units < units) throw fundErrors.unitsAboveHolding('units', fourText(held.units));
  const cost = held.units > 0n ? Number((BigInt(held.cost) * units) / held.units) : 0;
  await tx.query(
    `UPDATE investment_holdings SET units = units - $3::numeric, cost = cost - $4
      WHERE customer_id = $1 AND product_code = $2`,
    [customerId, code, fourText(units), cost],
  );
  await dropEmptyHolding(tx, customerId, code);
  return cost;
}

/** A holding sold or switched out entirely is gone (the pending order shows it until settled). */
export async function dropEmptyHolding(tx: Queryable, customerId: number, code: string) {
  await tx.query(
    `DELETE FROM investment_holdings WHERE customer_id = $1 AND product_code = $2
        AND coalesce(units, 0) = 0 AND coalesce(face_value, 0) = 0`,
    [customerId, code],
  );
}

export async function settleMovement(
  tx: Queryable,
  journalId: number,
  kind: Movement['kind'],
  status: 'success' | 'failed',
  values: { units?: bigint; nav?: string; amount?: number } = {},
) {
  await tx.query(
    `UPDATE investment_transactions SET status = $3,
            units = coalesce($4::numeric, units), nav = coalesce($5::numeric, nav), amount = coalesce($6, amount)
      WHERE journal_id = $1 AND kind = $2 AND status = 'pending'`,
    [
      journalId,
      kind,
      status,
      values.units === undefined ? null : fourText(values.units),
      values.nav ?? null,
      values.amount ?? null,
    ],
  );
}

/** When the NAV of `date` is published (the fund manager's answer), else "in progress". */
export async function publishedNav(ctx: ProviderContext | undefined, code: string, date: string) {
  if (!ctx) return null;
  await publishDueNavs(ctx.db, ctx.now);
  return navOn(ctx.db, code, date);
}

/** The checked form a service order was booked with (kept with its inquiry). */
export async function formOf(tx: Queryable, journalId: number): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<{ form: Record<string, unknown> }>(
    `SELECT i.form FROM journal j JOIN transaction_inquiries i ON i.id = j.inquiry_id WHERE j.id = $1`,
    [journalId],
  );
  const f = rows[0]?.form;
  return typeof f === 'string' ? (JSON.parse(f) as Record<string, unknown>) : (f ?? {});
}
