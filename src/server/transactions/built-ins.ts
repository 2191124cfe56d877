import { maskCardNumber } from '../core-bank/card-number';
import { directReads } from '../db/keyed-reads';
import { choiceEntries } from '../reference/store';
import { entryAsChoice } from '../../shared/flows/reference';
import { accountById, GOAL_ACCOUNT_SQL, payeeAccounts, type AccountRow } from './account-reads';
import type { Choice, DomainPlugin } from './contracts';
import { txErrors } from './errors';
import { providerPremium } from './premium';
import { providerOptions } from './steps';

/*
 * The core's own named implementations: what the flow language itself offers every flow (accounts of
 * this bank, the flow file's own options, reference lists and providers, a booking inside the bank).
 * They are registered as a domain's are (transactions/domain.ts), so the composed registry has one kind
 * of entry.
 */

const fieldOf = (path: string) => path.replace(/^form\./, '');
const pointer = (path: string) => `/form/${fieldOf(path)}`;

// A card is named by its masked number: the full card number is never shown in a choice.
const accountLabel = (a: AccountRow) =>
  `${a.name} - ${a.product === 'credit_card' ? maskCardNumber(a.account_no) : a.account_no}`;

export const builtInLookups = {
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
} satisfies DomainPlugin['lookups'];

/** A booking inside the bank: final at once, no provider to ask. */
export const builtInExecutors = { 'ledger.transfer': {} } satisfies DomainPlugin['executors'];

export const builtInChoiceSources = {
  /** An earlier inquiry step's answer: the page takes the options from it (the server checks them). */
  inquiry: async () => [],
  /**
   * The customer's active accounts of the products and currency the flow asks for. A source-of-fund list
   * leaves out the accounts the customer hid from it (settings, account visibility), and marks the
   * customer's main source account (the form starts on it). A goal's own account only where the flow
   * says `goals` (its money is kept for the goal).
   */
  accounts: async ({ db, customerId, spec, field }) => {
    const { rows } = await db.query<AccountRow & { is_default_source: boolean }>(
      `SELECT a.*, (a.id = c.default_source_account_id) IS TRUE AS is_default_source
         FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE a.customer_id = $1 AND a.status = ANY($4::text[])
          AND ($2::text[] IS NULL OR a.product = ANY($2::text[])) AND ($3::text IS NULL OR a.currency = $3)
          AND ($6 OR NOT ${GOAL_ACCOUNT_SQL})
          AND ($5::text IS DISTINCT FROM 'sourceOfFund' OR NOT EXISTS (
                SELECT 1 FROM account_visibility v WHERE v.account_id = a.id AND v.customer_id = $1 AND v.hide_source))
        ORDER BY a.id`,
      [
        customerId,
        spec.products ?? null,
        spec.currency ?? null,
        spec.statuses ?? ['active'],
        field ?? null,
        spec.goals === true,
      ],
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
} satisfies DomainPlugin['choiceSources'];
