import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ProviderOutcome } from '../transactions/contracts';
import type { Executor, Provider, ProviderContext } from '../transactions/contracts';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import { internalAccount, postEntries } from '../transactions/ledger';
import { createInstruction } from '../schedules/store';
import { bankDate } from '../../shared/bank-time';
import type { Money } from '../../shared/money';
import { fourText, parseFour, percentOf, unitsFor, unitsValue } from '../../shared/invest/units';
import { fundOf, fundOrderLookup, heldUnits, fundErrors, longDate, type PlanKind } from './fund-orders';
import { navOn, publishDueNavs } from './nav';

/**
 * The fund manager's side of an order. Every fund order is booked pending (money held at MF-SUBSCRIPTION
 * for a subscription; units reserved for a redemption or a switch) and recorded in
 * investment_transactions as pending at once, so the portfolio shows it. The settlement sweep
 * (transactions/settlement.ts) asks the fund manager until the NAV of the order's NAV date is published
 * (nav.ts): then the units are allotted at that NAV, or the proceeds credited on the payment date,
 * in the settlement's transaction (`settled`).
 */

export const SUBSCRIPTION_ACCOUNT = 'MF-SUBSCRIPTION';
export const REDEMPTION_ACCOUNT = 'MF-REDEMPTION';
/** The one subscription flow a plan's monthly orders run (verified once, when the plan was set up). */
export const SUBSCRIPTION_FLOW = 'applyandinvest.fund-subscription';

const moneyOf = (v: unknown): Money => {
  const m = v as Partial<Money> | undefined;
  return { amount: Number(m?.amount ?? 0), currency: String(m?.currency ?? 'IDR') };
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** "In progress" (spec section 8's 0097): the receipt says when the order completes. */
function inProgress(en: string, id: string): ProviderOutcome {
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

const ORDER_STATUS = {
  en: 'In progress: waiting for the NAV',
  id: 'Dalam proses: menunggu NAB',
};

/** The journal's reference number: an order's investment movements carry it. */
async function referenceOf(tx: Queryable, journalId: number): Promise<string> {
  const { rows } = await tx.query<{ reference_no: string }>(
    'SELECT reference_no FROM journal WHERE id = $1',
    [journalId],
  );
  return rows[0]!.reference_no;
}

interface Movement {
  code: string;
  kind: 'subscription' | 'redemption' | 'switch_in' | 'switch_out';
  units: bigint | null;
  amount: number;
  currency: string;
  suffix?: string;
}

async function recordMovements(tx: Queryable, journalId: number, customerId: number, moves: Movement[]) {
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
async function addUnits(tx: Queryable, customerId: number, code: string, units: bigint, cost: number) {
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
async function takeUnits(tx: Queryable, customerId: number, code: string, units: bigint): Promise<number> {
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

async function settleMovement(
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
async function publishedNav(ctx: ProviderContext | undefined, code: string, date: string) {
  if (!ctx) return null;
  await publishDueNavs(ctx.db, ctx.now);
  return navOn(ctx.db, code, date);
}

/** Subscriptions: units allotted at the NAV of the order's date, for the amount net of the fee. */
const subscriptionProvider: Provider = {
  async pay(details) {
    return inProgress(
      text((details.allotmentNote as { en?: string })?.en),
      text((details.allotmentNote as { id?: string })?.id),
    );
  },
  async status(details, _params, _sentAt, ctx) {
    const code = text(details.fundCode);
    const nav = await publishedNav(ctx, code, text(details.navDate));
    if (!nav) return subscriptionProvider.pay(details, {}, ctx);
    const net = moneyOf(details.netInvestment);
    return {
      ok: true,
      details: {
        nav,
        navDate: details.navDate,
        allottedUnits: fourText(unitsFor(net.amount, nav, net.currency)),
      },
    };
  },
  async settled(tx, b) {
    if (!b.outcome.ok) {
      await settleMovement(tx, b.journalId, 'subscription', 'failed');
      return { orderStatus: { en: 'Failed: the money is returned', id: 'Gagal: dana dikembalikan' } };
    }
    const units = parseFour(text(b.details.allottedUnits)) ?? 0n;
    const gross = moneyOf(b.details.orderAmount);
    await addUnits(tx, b.customerId, text(b.details.fundCode), units, gross.amount);
    await settleMovement(tx, b.journalId, 'subscription', 'success', { units, nav: text(b.details.nav) });
    return { orderStatus: { en: 'Units allotted', id: 'Unit telah dialokasikan' } };
  },
};

/** The monthly orders of a plan after today's: the subscription flow, run by the scheduler. */
async function schedulePlan(tx: Queryable, ctx: ServiceRequestContext, plan: PlanKind) {
  const d = ctx.details;
  const monthly = moneyOf(d.monthlyAmount);
  const months = Number(d.months);
  const source = await accountById(tx, Number(ctx.form.sourceOfFund));
  const today = bankDate();
  return createInstruction(
    tx,
    {
      customerId: ctx.customerId,
      flowId: SUBSCRIPTION_FLOW,
      form: { fund: text(d.fundCode), sourceOfFund: String(ctx.form.sourceOfFund), amount: monthly.amount },
      summary: {
        beneficiaryName: text(d.fundName),
        beneficiaryAccountNo: text(d.fundCode),
        sourceAccountNo: source?.account_no ?? '',
        plan,
      },
      amount: monthly.amount,
      currency: monthly.currency,
      when: {
        kind: 'recurring',
        recurrence: { every: 'month', dayOfMonth: Number(d.dayOfMonth) },
        startDate: bankDate(new Date(), 1),
        occurrences: months - 1,
      },
    },
    today,
  );
}

/** CRISP Plus: life cover of the plan's target while it runs, at no premium (the bank pays it). */
async function coverPlan(tx: Queryable, ctx: ServiceRequestContext): Promise<string> {
  const d = ctx.details;
  const target = moneyOf(d.lifeCover);
  const { rows } = await tx.query<{ full_name: string; account_no: string }>(
    `SELECT c.full_name, a.account_no FROM customers c JOIN accounts a ON a.id = $2 WHERE c.id = $1`,
    [ctx.customerId, Number(ctx.form.sourceOfFund)],
  );
  for (;;) {
    const policyNo = `CRP${bankDate().replaceAll('-', '')}${String(randomInt(0, 10 ** 5)).padStart(5, '0')}`;
    const { rowCount } = await tx.query(
      `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium, premium_frequency, status, start_date, end_date)
       VALUES ($1, $2, 'SLFI', 'CRISP Plus Life Cover', $3, $4, 0, 'monthly', 'active', $5::date, $6::date)
       ON CONFLICT (policy_no) DO NOTHING`,
      [policyNo, ctx.customerId, target.currency, target.amount, bankDate(), text(d.lastDebitDate)],
    );
    if (rowCount !== 1) continue;
    await tx.query(
      `INSERT INTO insurance_policy_terms (policy_no, plan_type, insured_name, payment_method, next_premium_date)
       VALUES ($1, 'protection', $2, $3, NULL)`,
      [policyNo, rows[0]?.full_name ?? '', `autodebit:${rows[0]?.account_no ?? ''}`],
    );
    return policyNo;
  }
}

/** `fund.subscribe` (posting executor): the money held at MF-SUBSCRIPTION until the fund manager allots the units. */
export const subscribeExecutor: Executor = { provider: subscriptionProvider };

/**
 * `fund.placeOrder` (the subscription's posting service executor), params {plan?}: the order's movement
 * recorded pending in the booking's transaction; a plan also sets up its monthly orders (and CRISP Plus
 * its life cover).
 */
export const placeFundOrder: ServiceExecutor = {
  async apply(tx, ctx) {
    const d = ctx.details;
    const amount = moneyOf(d.orderAmount);
    await recordMovements(tx, ctx.journalId, ctx.customerId, [
      {
        code: text(d.fundCode),
        kind: 'subscription',
        units: null,
        amount: amount.amount,
        currency: amount.currency,
      },
    ]);
    const plan = ctx.params.plan as PlanKind | undefined;
    if (!plan) return { orderStatus: ORDER_STATUS };
    await schedulePlan(tx, ctx, plan);
    const policyNo = plan === 'crispplus' ? await coverPlan(tx, ctx) : undefined;
    return { orderStatus: ORDER_STATUS, ...(policyNo ? { policyNo } : {}) };
  },
};

/** Redemptions: priced at the NAV of the order's date, paid on its payment date (NAV date + the fund's settlement days). */
const redemptionProvider: Provider = {
  async pay(details) {
    const nav = text(details.navDate);
    const paid = text(details.paymentDate);
    return inProgress(
      `Your units are redeemed at the NAV of ${longDate(nav, 'en')}; the proceeds are paid on ${longDate(paid, 'en')}.`,
      `Unit Anda dicairkan dengan NAB tanggal ${longDate(nav, 'id')}; dananya dibayarkan pada ${longDate(paid, 'id')}.`,
    );
  },
  async status(details, _params, _sentAt, ctx) {
    const nav = await publishedNav(ctx, text(details.fundCode), text(details.navDate));
    // Paid from the morning of the payment date (WIB).
    const due = ctx && ctx.now.getTime() >= Date.parse(`${text(details.paymentDate)}T00:00:00+07:00`);
    if (!nav || !due) return redemptionProvider.pay(details, {}, ctx);
    const fund = await fundOf(ctx!.db, details.fundCode);
    const units = parseFour(text(details.units)) ?? 0n;
    const currency = text(details.currency);
    const gross = unitsValue(units, nav, currency);
    const fee = percentOf(gross, fund?.fees.redemption ?? '0');
    return {
      ok: true,
      details: { nav, redemptionFee: { amount: fee, currency }, proceeds: { amount: gross - fee, currency } },
    };
  },
  async settled(tx, b) {
    const code = text(b.details.fundCode);
    if (!b.outcome.ok) {
      // Not redeemed: the units are the customer's again.
      await addUnits(
        tx,
        b.customerId,
        code,
        parseFour(text(b.details.units)) ?? 0n,
        Number(b.details.costMoved ?? 0),
      );
      await settleMovement(tx, b.journalId, 'redemption', 'failed');
      return {};
    }
    const proceeds = moneyOf(b.details.proceeds);
    const form = await formOf(tx, b.journalId);
    await postEntries(tx, b.journalId, [
      {
        accountId: await internalAccount(tx, REDEMPTION_ACCOUNT, proceeds.currency),
        amount: -proceeds.amount,
        currency: proceeds.currency,
      },
      { accountId: Number(form.destinationAccount), amount: proceeds.amount, currency: proceeds.currency },
    ]);
    await tx.query('UPDATE journal SET amount = $2, currency = $3 WHERE id = $1', [
      b.journalId,
      proceeds.amount,
      proceeds.currency,
    ]);
    await settleMovement(tx, b.journalId, 'redemption', 'success', {
      nav: text(b.details.nav),
      amount: proceeds.amount,
    });
    return { orderStatus: { en: 'Paid into your account', id: 'Telah dibayarkan ke rekening Anda' } };
  },
};

/** The checked form a service order was booked with (kept with its inquiry). */
async function formOf(tx: Queryable, journalId: number): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<{ form: Record<string, unknown> }>(
    `SELECT i.form FROM journal j JOIN transaction_inquiries i ON i.id = j.inquiry_id WHERE j.id = $1`,
    [journalId],
  );
  const f = rows[0]?.form;
  return typeof f === 'string' ? (JSON.parse(f) as Record<string, unknown>) : (f ?? {});
}

/** `fund.redeem` (service executor): the units reserved at confirm, the proceeds paid at settlement. */
export const redeemExecutor: ServiceExecutor = {
  provider: redemptionProvider,
  async check(db, ctx) {
    return fundOrderLookup(
      { db, customerId: ctx.customerId, flow: ctx.flow, form: ctx.form },
      { side: 'redemption' },
    );
  },
  async apply(tx, ctx) {
    const d = ctx.details;
    const units = parseFour(text(d.units)) ?? 0n;
    const costTaken = await takeUnits(tx, ctx.customerId, text(d.fundCode), units);
    await recordMovements(tx, ctx.journalId, ctx.customerId, [
      { code: text(d.fundCode), kind: 'redemption', units: -units, amount: 0, currency: text(d.currency) },
    ]);
    return { orderStatus: ORDER_STATUS, costMoved: costTaken };
  },
};

/** Switches: out of one fund at its NAV, into the other at its NAV of the same date, less the fee. */
const switchProvider: Provider = {
  async pay(details) {
    return inProgress(
      text((details.allotmentNote as { en?: string })?.en),
      text((details.allotmentNote as { id?: string })?.id),
    );
  },
  async status(details, _params, _sentAt, ctx) {
    const date = text(details.navDate);
    const navOut = await publishedNav(ctx, text(details.fundCode), date);
    const navIn = navOut && ctx ? await navOn(ctx.db, text(details.targetFundCode), date) : null;
    if (!navOut || !navIn) return switchProvider.pay(details, {}, ctx);
    const currency = text(details.currency);
    const units = parseFour(text(details.units)) ?? 0n;
    const gross = unitsValue(units, navOut, currency);
    const fund = await fundOf(ctx!.db, details.fundCode);
    const value = gross - percentOf(gross, fund?.fees.switching ?? '0');
    return {
      ok: true,
      details: {
        nav: navOut,
        targetNav: navIn,
        switchedValue: { amount: value, currency },
        allottedUnits: fourText(unitsFor(value, navIn, currency)),
      },
    };
  },
  async settled(tx, b) {
    const d = b.details;
    if (!b.outcome.ok) {
      await addUnits(
        tx,
        b.customerId,
        text(d.fundCode),
        parseFour(text(d.units)) ?? 0n,
        Number(d.costMoved ?? 0),
      );
      await settleMovement(tx, b.journalId, 'switch_out', 'failed');
      await settleMovement(tx, b.journalId, 'switch_in', 'failed');
      return {};
    }
    const value = moneyOf(d.switchedValue);
    const units = parseFour(text(d.allottedUnits)) ?? 0n;
    await addUnits(tx, b.customerId, text(d.targetFundCode), units, Number(d.costMoved ?? value.amount));
    await settleMovement(tx, b.journalId, 'switch_out', 'success', {
      nav: text(d.nav),
      amount: value.amount,
    });
    await settleMovement(tx, b.journalId, 'switch_in', 'success', {
      units,
      nav: text(d.targetNav),
      amount: value.amount,
    });
    return { orderStatus: { en: 'Units switched', id: 'Unit telah dialihkan' } };
  },
};

/** `fund.switch` (service executor): the units reserved at confirm, moved into the other fund at settlement. */
export const switchExecutor: ServiceExecutor = {
  provider: switchProvider,
  async check(db, ctx) {
    return fundOrderLookup(
      { db, customerId: ctx.customerId, flow: ctx.flow, form: ctx.form },
      { side: 'switching' },
    );
  },
  async apply(tx, ctx) {
    const d = ctx.details;
    const units = parseFour(text(d.units)) ?? 0n;
    // The cost of the units moves with them into the other fund.
    const costMoved = await takeUnits(tx, ctx.customerId, text(d.fundCode), units);
    await recordMovements(tx, ctx.journalId, ctx.customerId, [
      { code: text(d.fundCode), kind: 'switch_out', units: -units, amount: 0, currency: text(d.currency) },
      {
        code: text(d.targetFundCode),
        kind: 'switch_in',
        units: null,
        amount: 0,
        currency: text(d.currency),
        suffix: '-IN',
      },
    ]);
    return { orderStatus: ORDER_STATUS, costMoved };
  },
};
