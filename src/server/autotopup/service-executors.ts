import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { seedOf } from '../billers/simulator';
import { referenceData } from '../reference/store';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { GOAL_ACCOUNT_SQL } from '../transactions/account-reads';

const refusal = (code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

/** The e-wallets that offer auto top-up (providers/ewallet.json, detail autoTopUp). */
export function autoTopUpProvider(code: unknown) {
  return referenceData().providers.ewallet?.providers.find((p) => p.code === code && p.autoTopUp === true);
}

/** What a newly linked e-wallet holds (simulated, the same for the same account): Rp 20.000 - 300.000. */
export function openingBalance(provider: string, phone: string): number {
  const seed = seedOf(`wallet:${provider}:${phone}`)[0]!;
  return 2_000_000 + Math.floor((seed % 28_000_001) / 100_000) * 100_000;
}

async function request(db: Queryable, ctx: ServiceRequestContext) {
  const provider = autoTopUpProvider(ctx.form.company);
  if (!provider)
    throw refusal(
      'AUTOTOPUP_NOT_OFFERED',
      'company',
      ['Auto top-up not offered', 'This e-wallet does not offer auto top-up.'],
      ['Isi ulang otomatis tidak tersedia', 'E-wallet ini tidak menyediakan isi ulang otomatis.'],
    );
  const sourceId = Number(ctx.form.sourceOfFund);
  const { rows } = Number.isSafeInteger(sourceId)
    ? await db.query(
        `SELECT 1 FROM accounts a WHERE a.id = $1 AND a.customer_id = $2 AND a.status = 'active'
            AND a.product IN ('savings', 'current') AND a.currency = 'IDR' AND NOT ${GOAL_ACCOUNT_SQL}`,
        [sourceId, ctx.customerId],
      )
    : { rows: [] };
  if (!rows[0])
    throw refusal(
      'ACCOUNT_NOT_ALLOWED',
      'sourceOfFund',
      ['Account not available', 'Choose one of your own rupiah savings or current accounts.'],
      ['Rekening tidak tersedia', 'Pilih salah satu rekening tabungan atau giro rupiah Anda.'],
    );
  const threshold = Number(ctx.form.threshold);
  const amount = Number(ctx.form.topupAmount);
  return { provider, sourceId, threshold, amount, phone: String(ctx.form.phoneNumber) };
}

/**
 * ewallet.link: links the customer's e-wallet account for auto top-up (or changes the settings of the
 * one linked), after the e-wallet named its holder (provider.inquiry) and the customer verified it.
 * The scheduler (runner.ts) then tops it up from the source account whenever its balance falls below
 * the threshold.
 */
const link: ServiceExecutor = {
  async check(db, ctx) {
    await request(db, ctx);
    const { rows } = await db.query(
      `SELECT 1 FROM ewallet_links WHERE customer_id = $1 AND provider = $2 AND status = 'active'`,
      [ctx.customerId, ctx.form.company],
    );
    return {
      linkChange: rows.length
        ? { eng: 'Change the settings of the linked account', idn: 'Ubah pengaturan akun yang terhubung' }
        : { eng: 'Link a new account', idn: 'Hubungkan akun baru' },
    };
  },
  async apply(tx, ctx) {
    const r = await request(tx, ctx);
    const name = String(ctx.details.customerName ?? '');
    // One active link per e-wallet and customer (a unique index): linking again changes its settings.
    const { rowCount } = await tx.query(
      `UPDATE ewallet_links SET phone_number = $3, account_name = $4, source_account_id = $5, threshold = $6,
              topup_amount = $7, journal_id = $8, retry_after = NULL,
              wallet_balance = CASE WHEN phone_number = $3 THEN wallet_balance ELSE $9 END
        WHERE customer_id = $1 AND provider = $2 AND status = 'active'`,
      [
        ctx.customerId,
        r.provider.code,
        r.phone,
        name,
        r.sourceId,
        r.threshold,
        r.amount,
        ctx.journalId,
        openingBalance(r.provider.code, r.phone),
      ],
    );
    if (rowCount === 0)
      await tx.query(
        `INSERT INTO ewallet_links (customer_id, provider, phone_number, account_name, source_account_id, threshold,
                topup_amount, wallet_balance, journal_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          ctx.customerId,
          r.provider.code,
          r.phone,
          name,
          r.sourceId,
          r.threshold,
          r.amount,
          openingBalance(r.provider.code, r.phone),
          ctx.journalId,
        ],
      );
    return { linkStatus: { eng: 'Linked', idn: 'Terhubung' } };
  },
};

export const autoTopUpServiceExecutors = {
  'ewallet.link': link,
} satisfies Record<string, ServiceExecutor>;
