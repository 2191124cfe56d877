import type { Money } from '../../shared/money';
import { ApiError } from '../http/api-error';
import type { Lookup } from '../transactions/contracts';
import { convert } from '../transactions/fx';
import { txErrors } from '../transactions/errors';
import { invalidChoice, referenceData } from '../reference/store';
import { quoteRate, redeemQuote } from '../special-rate/quotes';
import { declarationFor, DECLARATION_RULES } from '../declarations/monthly';

/**
 * The bank's SWIFT tariff, in rupiah minor units, charged in the transfer's currency at the rate of
 * the transfer: its own fee, and the correspondent banks' fee the sender pays with charge option OUR
 * (with SHA the beneficiary's side pays the correspondents, with BEN every fee comes off the amount).
 */
export const SWIFT_TARIFF = {
  adminIdr: 10_000_000,
  correspondentUsd: 2_500,
} as const;

export type ChargeOption = 'OUR' | 'SHA' | 'BEN';

const CHARGE_NAMES: Record<ChargeOption, { en: string; id: string }> = {
  OUR: { en: 'OUR - I pay every fee', id: 'OUR - Semua biaya saya tanggung' },
  SHA: {
    en: 'SHA - I pay my bank’s fee, the recipient the others',
    id: 'SHA - Biaya bank saya saya tanggung, biaya lain oleh penerima',
  },
  BEN: { en: 'BEN - The recipient pays every fee', id: 'BEN - Semua biaya ditanggung penerima' },
};

const sourceNotForeign = () =>
  new ApiError(
    422,
    'CLICKS',
    'SOURCE_NOT_FOREIGN',
    {
      titleEng: 'Choose a foreign-currency account',
      titleIdn: 'Pilih rekening valuta asing',
      messageEng: 'A foreign-to-foreign transfer is sent from a foreign-currency account.',
      messageIdn: 'Transfer valas ke valas dikirim dari rekening valuta asing.',
    },
    {
      '/form/sourceOfFund': {
        eng: 'Choose a foreign-currency account',
        idn: 'Pilih rekening valuta asing',
      },
    },
  );

/** Above USD 100,000 of purchases this month with no underlying document on file (spec 5 and 9). */
export const documentRequired = (after: Money) =>
  new ApiError(
    422,
    'CLICKS',
    'UNDERLYING_DOCUMENT_REQUIRED',
    {
      titleEng: 'Underlying document required',
      titleIdn: 'Dokumen underlying diperlukan',
      messageEng: `With this transfer your foreign-currency purchases this month come to USD ${(after.amount / 100).toFixed(2)}, above USD 100,000. Please upload an underlying document first (Transfer > Underlying documents).`,
      messageIdn: `Dengan transfer ini pembelian valuta asing Anda bulan ini menjadi USD ${(after.amount / 100).toFixed(2)}, di atas USD 100.000. Silakan unggah dokumen underlying terlebih dahulu (Transfer > Dokumen underlying).`,
    },
    {
      '/form/amount': {
        eng: 'Above USD 100,000 this month: an underlying document is required',
        idn: 'Di atas USD 100.000 bulan ini: dokumen underlying diperlukan',
      },
    },
  );

/** The receipt's declaration texts (spec 5: USD 25,000 on one receipt; THB and MYR exempt). */
const DECLARATION_TEXT = {
  declared: {
    en: 'I declare that my foreign-currency purchases against rupiah do not exceed USD 100,000 a month without an underlying document, and that this purchase of more than USD 25,000 is for the stated purpose.',
    id: 'Saya menyatakan bahwa pembelian valuta asing terhadap rupiah tidak melebihi USD 100.000 per bulan tanpa dokumen underlying, dan pembelian di atas USD 25.000 ini sesuai tujuan yang dinyatakan.',
  },
  exempt: {
    en: 'Purchases of Thai baht and Malaysian ringgit are exempt from the USD 100,000 monthly threshold (Local Currency Settlement).',
    id: 'Pembelian Baht Thailand dan Ringgit Malaysia dikecualikan dari batas USD 100.000 per bulan (Local Currency Settlement).',
  },
};

/**
 * `swift.beneficiary` (SWIFT foreign-to-foreign and rupiah-to-foreign), params {source: "rupiah" |
 * "foreign"}: checks the bank is in the chosen country, the source account's currency, the special
 * rate the page showed (form.rateQuoteId: that 10-second window's rate is the one booked, or
 * RATE_EXPIRED), the fees in the transfer's currency by charge option and, from rupiah, the month's
 * foreign-currency purchases against the USD 100,000 threshold (a document on file above it).
 */
export const swiftLookups: Record<'swift.beneficiary', Lookup> = {
  'swift.beneficiary': async (ctx, params) => {
    const f = ctx.form;
    const lists = referenceData().lists;
    const country = lists.countries?.entries.find((e) => e.code === f.country);
    const bank = lists['swift-banks']?.entries.find((e) => e.code === f.swiftBank);
    if (!country) throw invalidChoice('/form/country');
    if (!bank || bank.country !== country.code) throw invalidChoice('/form/swiftBank');
    const currency = String(f.currency ?? '');
    const { rows } = await ctx.db.query<{ currency: string }>(
      'SELECT currency FROM accounts WHERE id = $1 AND customer_id = $2',
      [Number(f.sourceOfFund), ctx.customerId],
    );
    if (!rows[0]) throw txErrors.accountNotAllowed('/form/sourceOfFund');
    const source = { currency: rows[0].currency.trim() };
    if (params.source === 'foreign' && source.currency === 'IDR') throw sourceNotForeign();
    if (currency === 'IDR' || !(await convert(ctx.db, 100, currency, 'IDR'))) throw txErrors.currencyPair();

    // The rate the page showed: its window is the one the booking converts at.
    const rateQuote =
      typeof f.rateQuoteId === 'string' && f.rateQuoteId
        ? await redeemQuote(ctx.db, ctx.customerId, f.rateQuoteId, currency)
        : await quoteRate(ctx.db, ctx.customerId, currency).then((q) => ({
            ...q,
            quotedAtMs: Date.parse(q.quotedAt),
          }));
    const at = rateQuote.quotedAtMs;
    const inCurrency = async (idr: number) => (await convert(ctx.db, idr, 'IDR', currency, at))!.amount;
    const usdIdr = (await convert(ctx.db, SWIFT_TARIFF.correspondentUsd, 'USD', 'IDR', at))!.amount;
    const adminFee = await inCurrency(SWIFT_TARIFF.adminIdr);
    // The correspondents charge in USD: exactly that in USD, else its value at the rate of the transfer.
    const correspondentFee = currency === 'USD' ? SWIFT_TARIFF.correspondentUsd : await inCurrency(usdIdr);
    const charge = (['OUR', 'SHA', 'BEN'] as const).find((c) => c === f.chargeOption) ?? 'SHA';
    const amount = Number(f.amount ?? 0);
    const deducted = charge === 'BEN' ? adminFee + correspondentFee : charge === 'SHA' ? correspondentFee : 0;
    if (charge === 'BEN' && amount <= deducted)
      throw txErrors.belowMinimum('/form/amount', { amount: deducted + 1, currency });

    let declaration: { en: string; id: string } | undefined;
    if (source.currency === 'IDR') {
      const d = await declarationFor(ctx.db, ctx.customerId, { amount, currency });
      if (!d.allowed) throw documentRequired(d.afterUsd);
      if (d.exempt) declaration = DECLARATION_TEXT.exempt;
      else if (d.receiptDeclaration) declaration = DECLARATION_TEXT.declared;
    }
    return {
      transferAmount: { amount, currency },
      beneficiaryName: String(f.beneficiaryName ?? '').toUpperCase(),
      swiftCode: bank.code,
      bankName: bank.name,
      countryName: country.name,
      chargeOptionName: CHARGE_NAMES[charge],
      adminFee: charge === 'BEN' ? 0 : adminFee,
      correspondentFee: charge === 'OUR' ? correspondentFee : 0,
      beneficiaryReceives: { amount: amount - deducted, currency },
      rateQuotedAtMs: at,
      ...(declaration ? { declaration } : {}),
      declarationThresholdUsd: DECLARATION_RULES.monthlyThresholdUsd,
    };
  },
};
