import { maskCardNumber } from '../core-bank/portfolio';
import { directReads } from '../db/keyed-reads';
import { accountById, payeeAccounts, type AccountRow } from './account-reads';
import type { Choice, ChoiceSource, Executor, Lookup } from './contracts';
import type { ExecutorName, LookupName, ChoiceSourceName } from '../../shared/flows/registry-names';
import { denominationLabels } from '../../shared/flows/denomination';
import { lookupBill, payProvider, providerStatus, type BillParams } from '../billers/simulator';
import type { ProviderOutcome } from './contracts';
import { DENOMINATIONS, OPERATORS, operatorOfNumber, voucherSerial } from '../billers/operators';
import { ApiError } from '../http/api-error';
import { entryAsChoice } from '../../shared/flows/reference';
import { simulateAnswer } from '../billers/answers';
import { fitsRule, isNumberRule } from '../../shared/flows/field-types';
import { investChoiceSources } from '../invest/service-executors';
import { investExecutors, investLookups, investOrderChoiceSources } from '../invest/flow-registry';
import { choiceEntries, invalidChoice, referenceData, resolveProvider } from '../reference/store';
import { txErrors } from './errors';
import { clearingChoiceSources, clearingExecutors, clearingLookups } from '../clearing/registry';
import { openSchedules } from '../schedules/service-executors';
import { providerOptions } from './steps';
import { transferLookups } from '../transfers/lookups';
import { credentialLookups } from '../settings/new-phone-code';
import { providerPremium } from './premium';
import { incomingRequests } from '../transfers/bifast-rfp';
import { instalmentablePurchases } from '../cards/card-services';
import { debitCardChoices } from '../cards/debit-cards';
import { awaitingRaises } from '../settings/limit-raise-flow';
import { insurancePolicies } from '../myaccount/insurance-flows';
import { bifastAliases } from '../settings/bifast-alias';
import { cardTransactions } from '../poinxtra/service-executors';
import { activeGoals } from '../goals/service-executors';
import { travelChoiceSources, travelExecutors, travelLookups } from '../travel/bookings';

const fieldOf = (path: string) => path.replace(/^form\./, '');
const pointer = (path: string) => `/form/${fieldOf(path)}`;

// A card is named by its masked number: the full card number is never shown in a choice.
const accountLabel = (a: AccountRow) =>
  `${a.name} - ${a.product === 'credit_card' ? maskCardNumber(a.account_no) : a.account_no}`;

export const lookups: Record<LookupName, Lookup> = {
  'provider.options': (ctx, params) => providerOptions(ctx, params),
  'provider.premium': (ctx, params) => providerPremium(ctx, params),
  /** The customer's own receiving account (own-account transfer). */
  'account.own': async (ctx) => {
    const credit = ctx.flow.posting?.credit;
    const path = credit && 'accountId' in credit ? credit.accountId : 'form.beneficiaryAccount';
    const id = Number(ctx.form[fieldOf(path)]);
    const a = Number.isSafeInteger(id) ? await accountById(ctx.db, id) : undefined;
    if (!a || a.customer_id !== ctx.customerId || a.status !== 'active')
      throw txErrors.accountNotAllowed(pointer(path));
    return { beneficiaryAccountNo: a.account_no, beneficiaryName: a.name, beneficiaryCurrency: a.currency };
  },
  /** Another account of this bank, by number: the beneficiary's name. */
  'account.beneficiary': async (ctx) => {
    const credit = ctx.flow.posting?.credit;
    const path = credit && 'accountNo' in credit ? credit.accountNo : 'form.beneficiaryAccountNo';
    const accountNo = String(ctx.form[fieldOf(path)] ?? '');
    const r = await (ctx.reads ?? directReads(ctx.db)).get(payeeAccounts, accountNo);
    if (!r) throw txErrors.beneficiaryNotFound(pointer(path));
    return {
      beneficiaryAccountNo: r.accountNo,
      beneficiaryName: r.fullName.toUpperCase(),
      beneficiaryCurrency: r.currency,
      bankName: 'Bank CIMB Niaga',
    };
  },
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
  ...clearingLookups,
  ...transferLookups,
  ...investLookups,
  ...travelLookups,
  ...credentialLookups,
};

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

export const executors: Record<ExecutorName, Executor> = {
  /** Pays the flow's provider (provider.inquiry's answer names it); magic endings as biller.pay. */
  'provider.pay': {
    provider: {
      pay: async (details) => providerPaid(details, await payProvider(String(details.customerNumber ?? ''))),
      status: async (details, _params, sentAt) =>
        providerPaid(details, await providerStatus(String(details.customerNumber ?? ''), sentAt)),
    },
  },
  'ledger.transfer': {},
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
  ...clearingExecutors,
  ...investExecutors,
  ...travelExecutors,
};

export const choiceSources: Record<ChoiceSourceName, ChoiceSource> = {
  /** An earlier inquiry step's answer: the page takes the options from it (the server checks them). */
  inquiry: async () => [],
  /**
   * The customer's active accounts of the products and currency the flow asks for. A source-of-fund list
   * leaves out the accounts the customer hid from it (settings, account visibility), and marks the
   * customer's main source account (the form starts on it).
   */
  accounts: async ({ db, customerId, spec, field }) => {
    const { rows } = await db.query<AccountRow & { is_default_source: boolean }>(
      `SELECT a.*, (a.id = c.default_source_account_id) IS TRUE AS is_default_source
         FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE a.customer_id = $1 AND a.status = ANY($4::text[])
          AND ($2::text[] IS NULL OR a.product = ANY($2::text[])) AND ($3::text IS NULL OR a.currency = $3)
          AND ($5::text IS DISTINCT FROM 'sourceOfFund' OR NOT EXISTS (
                SELECT 1 FROM account_visibility v WHERE v.account_id = a.id AND v.customer_id = $1 AND v.hide_source))
        ORDER BY a.id`,
      [customerId, spec.products ?? null, spec.currency ?? null, spec.statuses ?? ['active'], field ?? null],
    );
    return rows.map((r) => {
      const a = { ...r, currency: r.currency.trim() };
      return {
        value: String(a.id),
        labelEng: accountLabel(a),
        labelIdn: accountLabel(a),
        detail: {
          accountNo: a.product === 'credit_card' ? maskCardNumber(a.account_no) : a.account_no,
          product: a.product,
          currency: a.currency,
          balance: { amount: a.balance, currency: a.currency },
          availableBalance: { amount: a.balance - a.floor, currency: a.currency },
          // The customer's main source account ("Sumber dana utama"): the form starts on it.
          ...(r.is_default_source ? { isDefaultSource: true } : {}),
        },
      };
    });
  },
  /** Options written in the flow file itself: params.options [{value, labelEng, labelIdn}]. */
  params: async ({ spec }) => {
    const options = (spec.params?.options ?? []) as Choice[];
    return options.map((o) => ({
      value: String(o.value),
      labelEng: o.labelEng,
      labelIdn: o.labelIdn,
      detail: o.detail,
    }));
  },
  /** A reference list (lists/<list>.json), its `where` applied: value = code, detail = the entry's details. */
  list: async ({ spec }) => choiceEntries(spec).map(entryAsChoice),
  /** The providers of a category (providers/<list>.json), as options. */
  providers: async ({ spec }) =>
    choiceEntries(spec).map((e) => {
      // The settlement account is the bank's own business, not the page's.
      const { settlementAccount: _s, ...shown } = e;
      return entryAsChoice(shown as typeof e);
    }),
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
  ...clearingChoiceSources,
  'schedules.open': openSchedules,
  'cards.purchases': instalmentablePurchases,
  debitcards: debitCardChoices,
  'limits.awaitingRaises': awaitingRaises,
  'insurance.policies': insurancePolicies,
  'bifast.aliases': bifastAliases,
  'poinxtra.cardTransactions': cardTransactions,
  'goals.active': activeGoals,
  ...investChoiceSources,
  ...investOrderChoiceSources,
  'bifast.incomingRequests': incomingRequests,
  ...travelChoiceSources,
};
