import { ApiError } from '../http/api-error';
import { invalidChoice, referenceData, resolveProvider } from '../reference/store';
import type { DomainPlugin, ProviderOutcome } from '../transactions/contracts';
import { txErrors } from '../transactions/errors';
import { denominationLabels } from '../../shared/flows/denomination';
import { fitsRule, isNumberRule } from '../../shared/flows/field-types';
import { simulateAnswer } from './answers';
import { DENOMINATIONS, OPERATORS, operatorOfNumber, voucherSerial } from './operators';
import { lookupBill, payProvider, providerStatus, type BillParams } from './simulator';

/*
 * The flow engine's implementations for billers and operators (the simulated ones of this folder; a
 * real bank puts its gateways behind them): a bill or a provider's answer at inquiry, a top-up's price,
 * and the payments whose answers settle a held booking.
 */

export const billerLookups = {
  /** A bill by customer number, from the simulated biller named in the flow's params. */
  'biller.bill': async (ctx, params) => {
    const field = typeof params.customerField === 'string' ? params.customerField : 'customerNumber';
    const bill = await lookupBill(params as BillParams, String(ctx.form[field] ?? ''), `/form/${field}`);
    return { ...bill };
  },
  /**
   * The flow's provider (providers/<category>.json, fixed or chosen) asked about a customer number: it
   * answers what its category's lookup.answer declares (simulated from "x-simulate"). Magic endings as
   * biller.bill: 0404 not found, 0200 already paid, 0504 time-out. params: customerField.
   */
  'provider.inquiry': async (ctx, params) => {
    const field = typeof params.customerField === 'string' ? params.customerField : 'customerNumber';
    const resolved = resolveProvider(ctx.flow, ctx.form);
    if (!resolved) throw new Error(`flow ${ctx.flow.id} uses provider.inquiry without a provider`);
    const { category, provider } = resolved;
    const customerNumber = String(ctx.form[field] ?? '');
    // The number this biller issues (its field type and length): another is refused before asking it.
    if (isNumberRule(provider.number) && !fitsRule(provider.number, customerNumber))
      throw txErrors.numberOfBiller(`/form/${field}`, provider.name, provider.number);
    // The simulated biller's own outcomes for the magic numbers (its answer is ours below).
    await lookupBill({ billerCode: provider.code }, customerNumber, `/form/${field}`);
    const answer = simulateAnswer(category.lookup?.answer, `${provider.code}:${customerNumber}`, {
      customerNumber,
    });
    amountWithinAnswer(ctx.form, params, answer, provider);
    return {
      providerCategory: category.category,
      providerCode: provider.code,
      providerName: provider.name,
      customerNumber,
      ...answer,
    };
  },
  /** The price of a purchase (mobile top-up denomination), checking the number belongs to the operator. */
  'purchase.price': async (ctx, params) => {
    const choiceField = typeof params.choice === 'string' ? params.choice : 'denomination';
    const d = DENOMINATIONS.find((x) => x.code === ctx.form[choiceField]);
    if (!d) throw invalidChoice(`/form/${choiceField}`);
    if (ctx.form.operator !== undefined && ctx.form.operator !== d.operator)
      throw invalidChoice(`/form/${choiceField}`);
    const phone = String(ctx.form.phoneNumber ?? '');
    const op = operatorOfNumber(phone);
    if (!op || op.code !== d.operator) {
      throw new ApiError(
        422,
        'CLICKS',
        'OPERATOR_MISMATCH',
        {
          titleEng: 'Mobile number does not match the operator',
          titleIdn: 'Nomor ponsel tidak sesuai operator',
          messageEng: 'Please check the mobile number and the operator.',
          messageIdn: 'Silakan periksa nomor ponsel dan operatornya.',
        },
        {
          '/form/phoneNumber': {
            eng: `This is not a ${OPERATORS.find((o) => o.code === d.operator)?.name} number`,
            idn: `Nomor ini bukan nomor ${OPERATORS.find((o) => o.code === d.operator)?.name}`,
          },
        },
      );
    }
    return {
      product: params.product ?? 'mobile',
      phoneNumber: phone,
      operator: d.operator,
      operatorName: op.name,
      nominal: d.nominal,
      price: d.price.amount,
    };
  },
} satisfies DomainPlugin['lookups'];

/**
 * provider.inquiry's amountField/atLeast/atMost: the amount the customer typed must lie within what the
 * biller answered (a partial VA: at least its minimum payment, at most what is outstanding).
 */
function amountWithinAnswer(
  form: Record<string, unknown>,
  params: Record<string, unknown>,
  answer: Record<string, unknown>,
  provider: { name: { en: string; id: string } } & Record<string, unknown>,
): void {
  if (typeof params.amountField !== 'string') return;
  const amount = Number(form[params.amountField]);
  const at = `/form/${params.amountField}`;
  // A provider that takes fixed amounts only (amountsFrom: its detail listing them).
  const fixed = typeof params.amountsFrom === 'string' ? provider[params.amountsFrom] : undefined;
  if (Array.isArray(fixed) && fixed.length && !fixed.includes(amount))
    throw txErrors.amountNotOffered(at, provider.name, fixed as number[]);
  const bound = (key: unknown) => (typeof key === 'string' ? answer[key] : undefined);
  const min = bound(params.atLeast);
  const max = bound(params.atMost);
  if (typeof max === 'number' && amount > max) throw txErrors.aboveBill(at, { amount: max, currency: 'IDR' });
  if (typeof min === 'number' && amount < min)
    throw txErrors.belowMinimum(at, { amount: min, currency: 'IDR' });
}

/** A top-up's answer carries the voucher's serial number once paid. */
const withVoucher = (phone: string, outcome: ProviderOutcome): ProviderOutcome =>
  outcome.ok ? { ok: true, details: { ...outcome.details, voucherCode: voucherSerial(phone) } } : outcome;

/** A provider payment's answer: paid, with what its category's payment.answer declares. */
function providerPaid(details: Record<string, unknown>, outcome: ProviderOutcome): ProviderOutcome {
  if (!outcome.ok) return outcome;
  const category = referenceData().providers[String(details.providerCategory ?? '')];
  const seed = `pay:${String(details.providerCode)}:${String(details.customerNumber)}:${Date.now()}`;
  return {
    ok: true,
    details: {
      ...outcome.details,
      ...simulateAnswer(category?.payment?.answer, seed, {
        customerNumber: String(details.customerNumber ?? ''),
      }),
    },
  };
}

export const billerExecutors = {
  /** Pays the flow's provider (provider.inquiry's answer names it); magic endings as biller.pay. */
  'provider.pay': {
    provider: {
      pay: async (details) => providerPaid(details, await payProvider(String(details.customerNumber ?? ''))),
      status: async (details, _params, sentAt) =>
        providerPaid(details, await providerStatus(String(details.customerNumber ?? ''), sentAt)),
    },
  },
  'biller.pay': {
    provider: {
      pay: (details) => payProvider(String(details.customerNumber ?? '')),
      status: (details, _params, sentAt) => providerStatus(String(details.customerNumber ?? ''), sentAt),
    },
  },
  'purchase.topup': {
    provider: {
      pay: async (details) => {
        const phone = String(details.phoneNumber ?? '');
        return withVoucher(phone, await payProvider(phone));
      },
      status: async (details, _params, sentAt) => {
        const phone = String(details.phoneNumber ?? '');
        return withVoucher(phone, await providerStatus(phone, sentAt));
      },
    },
  },
} satisfies DomainPlugin['executors'];

export const billerChoiceSources = {
  'mobile.operators': async () =>
    OPERATORS.map((o) => ({
      value: o.code,
      labelEng: o.name,
      labelIdn: o.name,
      detail: { prefixes: [...o.prefixes] },
    })),
  'mobile.denominations': async () =>
    DENOMINATIONS.map((d) => {
      return {
        value: d.code,
        ...denominationLabels(d.nominal),
        detail: { operator: d.operator, nominal: d.nominal, price: d.price },
      };
    }),
} satisfies DomainPlugin['choiceSources'];
