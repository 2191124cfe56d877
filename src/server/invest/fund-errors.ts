import { ApiError } from '../http/api-error';
import { formatMoney, type Money } from '../../shared/money';

/** Why a fund order is refused, in the spec's codes and both languages, on the form's field. */

export const refusal = (
  status: number,
  source: string,
  code: string,
  field: string,
  eng: [string, string],
  idn: [string, string],
) =>
  new ApiError(
    status,
    source,
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

export const fundErrors = {
  // Spec section 8's investment "no account" codes: WMS 0912 is the product the bank does not know.
  notFound: (field: string) =>
    refusal(
      404,
      'WMS',
      '0912',
      field,
      ['Fund not found', 'This mutual fund is not offered. Choose one of the funds listed.'],
      [
        'Reksa dana tidak ditemukan',
        'Reksa dana ini tidak ditawarkan. Pilih salah satu reksa dana yang ada.',
      ],
    ),
  notHeld: (field: string) =>
    refusal(
      422,
      'CLICKS',
      '0092',
      field,
      ['No units of this fund', 'You hold no units of this fund. Choose one of the funds you hold.'],
      [
        'Tidak ada unit reksa dana ini',
        'Anda tidak memiliki unit reksa dana ini. Pilih salah satu reksa dana milik Anda.',
      ],
    ),
  currency: (field: string, currency: string) =>
    refusal(
      422,
      'CLICKS',
      'FUND_CURRENCY',
      field,
      [
        'Account currency differs',
        `This fund is bought and sold in ${currency}. Choose an account in ${currency}.`,
      ],
      [
        'Mata uang rekening berbeda',
        `Reksa dana ini dibeli dan dijual dalam ${currency}. Pilih rekening dalam ${currency}.`,
      ],
    ),
  multiple: (field: string, multiple: Money) =>
    refusal(
      422,
      'CLICKS',
      'AMOUNT_MULTIPLE',
      field,
      ['Amount not accepted', `The amount must be a multiple of ${formatMoney(multiple, 'en')}.`],
      ['Jumlah tidak diterima', `Jumlah harus kelipatan ${formatMoney(multiple, 'id')}.`],
    ),
  unitsInvalid: (field: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_INVALID',
      field,
      ['Check the units', 'Enter the units as a number with at most 4 decimals, e.g. 125.5.'],
      ['Periksa jumlah unit', 'Masukkan unit berupa angka dengan paling banyak 4 desimal, mis. 125,5.'],
    ),
  unitsAboveHolding: (field: string, held: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_ABOVE_HOLDING',
      field,
      ['More than you hold', `You hold ${held} units of this fund.`],
      ['Melebihi unit Anda', `Anda memiliki ${held} unit reksa dana ini.`],
    ),
  unitsBelowMinimum: (field: string, min: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_BELOW_MINIMUM',
      field,
      ['Units below the minimum', `The minimum is ${min} units, or all the units you hold.`],
      ['Unit di bawah minimum', `Minimum ${min} unit, atau seluruh unit yang Anda miliki.`],
    ),
  unitsRemaining: (field: string, min: string) =>
    refusal(
      422,
      'CLICKS',
      'UNITS_REMAINING',
      field,
      [
        'Too few units would remain',
        `At least ${min} units must remain in the fund. Redeem them all, or fewer units.`,
      ],
      [
        'Sisa unit terlalu sedikit',
        `Minimal ${min} unit harus tersisa. Cairkan seluruhnya, atau lebih sedikit unit.`,
      ],
    ),
  sameFund: (field: string) =>
    refusal(
      422,
      'CLICKS',
      'SWITCH_SAME_FUND',
      field,
      ['Choose another fund', 'Switch into a different fund in the same currency.'],
      ['Pilih reksa dana lain', 'Alihkan ke reksa dana lain dengan mata uang yang sama.'],
    ),
};
