import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Executor, Provider, ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import { createInstruction } from '../schedules/store';
import { bankDate } from '../../shared/bank-time';
import { fourText, parseFour, unitsFor } from '../../shared/invest/units';
import type { PlanKind } from './funds';
import {
  SUBSCRIPTION_FLOW,
  moneyOf,
  text,
  inProgress,
  ORDER_STATUS,
  recordMovements,
  addUnits,
  settleMovement,
  publishedNav,
} from './fund-holdings';

/** Fund subscriptions: the one order, and the plans (regular, CRISP, CRISP Plus) whose monthly orders it starts. */

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
