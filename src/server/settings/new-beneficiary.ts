import type { KeyedRead, Reads } from '../db/keyed-reads';
import type { FlowGate } from '../../shared/flows/types';
import { readValue } from '../../shared/flows/values';
import { formatMoney } from '../../shared/money';
import { ApiError } from '../http/api-error';
import { idrValue } from '../transactions/fx';
import { accountsById } from '../transactions/account-reads';
import type { GateChecker } from '../transactions/contracts';
import rule from '../../../rules/new-beneficiary.json';

/**
 * A new beneficiary's first transfers are capped (rules/new-beneficiary.json: Rp 10.000.000 in all
 * within 24 hours of the first transfer to it). Why: an account taken over (a phished password and a
 * SIM swap pass every other check) is emptied by sending to a new account; the customer's own limits
 * (up to Rp 500 juta) do not stop that, and the alert of the first transfer comes too late. A cap on what
 * reaches a beneficiary the customer has never paid before bounds that loss to one day's cap while the
 * alert reaches the customer, and costs an honest customer little: after 24 hours the beneficiary is
 * known and only the usual limits apply. It counts what was booked to that beneficiary, and what waits
 * for a verification already sent (an OTP or an approval request: so two transfers verified at once
 * cannot pass it together, while a form the customer went back to change does not count), in rupiah.
 */
export const NEW_BENEFICIARY = rule as { hours: number; cap: number };

type Gate = Extract<FlowGate, { kind: 'newBeneficiary' }>;

const fieldOf = (path: string | undefined) => path?.replace(/^form\./, '');

export const newBeneficiaryCap: GateChecker<Gate> = async (db, gate, ctx) => {
  const form = ctx.form;
  const accountField = fieldOf(gate.account);
  const account = form && accountField ? form[accountField] : undefined;
  if (!form || typeof account !== 'string' || !account || !ctx.flow.amount) return;
  const amount = readValue({ form }, ctx.flow.amount.from);
  // A malformed amount is the form schema's to refuse.
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return;
  const bankField = fieldOf(gate.bank);
  const bank = bankField && typeof form[bankField] === 'string' ? (form[bankField] as string) : '';
  const sent = await ctx.reads.get(sentTo, {
    customerId: ctx.customerId,
    accountField: accountField!,
    account,
    bankField: bankField ?? null,
    bank,
  });
  const windowMs = NEW_BENEFICIARY.hours * 3_600_000;
  if (sent.firstAt && ctx.now.getTime() - sent.firstAt.getTime() >= windowMs) return;
  const debitField = fieldOf(ctx.flow.posting?.debit);
  const source = debitField ? await sourceOf(ctx.reads, ctx.customerId, form[debitField]) : undefined;
  // More than the account holds: the quote's 'insufficient balance' says more than the cap would.
  if (source && amount > source.available) return;
  const value = await idrValue(db, amount, source?.currency ?? 'IDR');
  const left = Math.max(0, NEW_BENEFICIARY.cap - sent.total);
  if (value <= left) return;
  throw capReached(left, sent.firstAt ? new Date(sent.firstAt.getTime() + windowMs) : null);
};

interface SentKey {
  customerId: number;
  accountField: string;
  account: string;
  bankField: string | null;
  bank: string;
}

/**
 * What went (or waits for verification) to each beneficiary: when first, and how much in its first
 * window; one statement for the beneficiaries of one customer's form fields.
 */
const sentTo: KeyedRead<SentKey, { firstAt: Date | null; total: number }> = {
  name: 'sentTo',
  id: (k) => JSON.stringify([k.customerId, k.accountField, k.account, k.bankField, k.bank]),
  async load(db, keys) {
    const found = new Map<string, { firstAt: Date | null; total: number }>();
    const groups = new Map<string, SentKey[]>();
    for (const k of keys) {
      const g = JSON.stringify([k.customerId, k.accountField, k.bankField]);
      groups.set(g, [...(groups.get(g) ?? []), k]);
    }
    for (const group of groups.values()) {
      const { customerId, accountField, bankField } = group[0]!;
      const { rows } = await db.query<{
        n: number;
        first_at: Date | string | null;
        total: string | number;
      }>(
        `SELECT x.n::int AS n, s.first_at, s.total
           FROM unnest($3::text[], $5::text[]) WITH ORDINALITY AS x(account, bank, n)
          CROSS JOIN LATERAL (
            WITH mine AS (
              SELECT i.limit_amount, j.created_at AS booked_at, j.id IS NULL AS waiting, i.expires_at,
                     i.verification_method IS NOT NULL AS verifying
                FROM transaction_inquiries i LEFT JOIN journal j ON j.inquiry_id = i.id
               WHERE i.customer_id = $1 AND i.form ->> $2 = x.account
                 AND coalesce(i.form ->> $4, '') = x.bank AND (j.id IS NULL OR j.status <> 'failed')
            ), first AS (SELECT min(booked_at) AS first_at FROM mine WHERE NOT waiting)
            SELECT first.first_at,
                   coalesce(sum(m.limit_amount) FILTER (
                     WHERE (NOT m.waiting AND (first.first_at IS NULL OR m.booked_at < first.first_at + make_interval(hours => $6)))
                        OR (m.waiting AND m.verifying AND m.expires_at > now())), 0) AS total
              FROM first LEFT JOIN mine m ON true GROUP BY first.first_at
          ) s`,
        [
          customerId,
          accountField,
          group.map((k) => k.account),
          bankField ?? '',
          group.map((k) => k.bank),
          NEW_BENEFICIARY.hours,
        ],
      );
      for (const r of rows)
        found.set(sentTo.id(group[r.n - 1]!), {
          firstAt: r.first_at ? new Date(r.first_at) : null,
          total: Number(r.total ?? 0),
        });
    }
    return keys.map((k) => found.get(sentTo.id(k)) ?? { firstAt: null, total: 0 });
  },
};

/** The source of fund's currency and what it holds above its floor, if it is the customer's. */
async function sourceOf(reads: Reads, customerId: number, accountId: unknown) {
  const id = typeof accountId === 'string' && /^[1-9][0-9]{0,15}$/.test(accountId) ? Number(accountId) : 0;
  const a = Number.isSafeInteger(id) && id > 0 ? await reads.get(accountsById, id) : undefined;
  return a && Number(a.customer_id) === customerId
    ? { currency: a.currency, available: Number(a.balance) - Number(a.floor) }
    : undefined;
}

const jakarta = (d: Date, lang: 'en' | 'id') =>
  d.toLocaleString(lang === 'en' ? 'en-GB' : 'id-ID', {
    timeZone: 'Asia/Jakarta',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }) + ' WIB';

function capReached(left: number, until: Date | null) {
  const cap = { amount: NEW_BENEFICIARY.cap, currency: 'IDR' };
  const rest = { amount: left, currency: 'IDR' };
  const eng = `This is a new recipient: in the first ${NEW_BENEFICIARY.hours} hours you can send at most ${formatMoney(cap, 'en')} to it in all (${formatMoney(rest, 'en')} left, transfers waiting for verification included). ${until ? `Send a smaller amount, or the rest after ${jakarta(until, 'en')}.` : `Send a smaller amount first; ${NEW_BENEFICIARY.hours} hours after it the usual limits apply.`}`;
  const idn = `Ini penerima baru: dalam ${NEW_BENEFICIARY.hours} jam pertama Anda dapat mengirim paling banyak ${formatMoney(cap, 'id')} kepadanya (sisa ${formatMoney(rest, 'id')}, termasuk transfer yang menunggu verifikasi). ${until ? `Kirim jumlah yang lebih kecil, atau sisanya setelah ${jakarta(until, 'id')}.` : `Kirim jumlah yang lebih kecil dahulu; ${NEW_BENEFICIARY.hours} jam setelahnya berlaku limit biasa.`}`;
  return new ApiError(
    422,
    'CLICKS',
    'NEW_BENEFICIARY_CAP',
    {
      titleEng: 'New recipient limit',
      titleIdn: 'Batas penerima baru',
      messageEng: eng,
      messageIdn: idn,
    },
    { '/form/amount': { eng, idn } },
  );
}
