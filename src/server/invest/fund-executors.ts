import type { Provider, ServiceExecutor } from '../transactions/contracts';
import { internalAccount, postEntries } from '../transactions/ledger';
import { fourText, parseFour, percentOf, unitsFor, unitsValue } from '../../shared/invest/units';
import { fundOrderLookup } from './fund-orders';
import { fundOf, longDate } from './funds';
import { navOn } from './nav';
import {
  REDEMPTION_ACCOUNT,
  moneyOf,
  text,
  inProgress,
  ORDER_STATUS,
  recordMovements,
  addUnits,
  takeUnits,
  settleMovement,
  publishedNav,
  formOf,
} from './fund-holdings';

/**
 * The fund manager's side of an order. Every fund order is booked pending (money held at MF-SUBSCRIPTION
 * for a subscription; units reserved for a redemption or a switch) and recorded in
 * investment_transactions as pending at once, so the portfolio shows it. The settlement sweep
 * (transactions/settlement.ts) asks the fund manager until the NAV of the order's NAV date is published
 * (nav.ts): then the units are allotted at that NAV, or the proceeds credited on the payment date,
 * in the settlement's transaction (`settled`). Here redemptions and switches; subscriptions (and the
 * plans they start) are fund-subscription.ts, what they share fund-holdings.ts.
 */

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
