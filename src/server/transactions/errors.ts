import { ApiError, type ErrorText } from '../http/api-error';
import { formatMoney, type Money } from '../../shared/money';
import { billerNumberMessage, type NumberRule } from '../../shared/flows/field-types';

const both = (m: Money) => ({ en: formatMoney(m, 'en'), id: formatMoney(m, 'id') });

/** Amount rules answer 422 with an inline message on the field that broke them. */
function amountRule(code: string, field: string, text: ErrorText, inline: { eng: string; idn: string }) {
  return new ApiError(422, 'CLICKS', code, text, { [field]: inline });
}

export const txErrors = {
  belowMinimum: (field: string, min: Money) => {
    const m = both(min);
    return amountRule(
      'AMOUNT_BELOW_MINIMUM',
      field,
      {
        titleEng: 'Amount below minimum',
        titleIdn: 'Jumlah di bawah minimum',
        messageEng: `The minimum amount is ${m.en}.`,
        messageIdn: `Jumlah minimum adalah ${m.id}.`,
      },
      { eng: `Minimum amount is ${m.en}`, idn: `Jumlah minimum ${m.id}` },
    );
  },
  aboveMaximum: (field: string, max: Money) => {
    const m = both(max);
    return amountRule(
      'AMOUNT_ABOVE_MAXIMUM',
      field,
      {
        titleEng: 'Amount above maximum per transaction',
        titleIdn: 'Jumlah melebihi maksimum per transaksi',
        messageEng: `The maximum amount per transaction is ${m.en}.`,
        messageIdn: `Jumlah maksimum per transaksi adalah ${m.id}.`,
      },
      { eng: `Maximum amount per transaction is ${m.en}`, idn: `Jumlah maksimum per transaksi ${m.id}` },
    );
  },
  /** A customer number not of the kind the biller issues (spec section 5's field types, its length). */
  numberOfBiller: (field: string, biller: { en: string; id: string }, rule: NumberRule) => {
    const { eng, idn } = billerNumberMessage(biller, rule);
    return new ApiError(
      400,
      'CLICKS',
      'INVALID_CUSTOMER_NUMBER',
      {
        titleEng: 'Check the customer number',
        titleIdn: 'Periksa nomor pelanggan',
        messageEng: `${eng}.`,
        messageIdn: `${idn}.`,
      },
      { [field]: { eng, idn } },
    );
  },
  /** An amount a provider of fixed amounts does not take (an e-wallet's top-up denominations). */
  amountNotOffered: (field: string, provider: { en: string; id: string }, amounts: number[]) => {
    const list = (lang: 'en' | 'id') =>
      amounts.map((a) => formatMoney({ amount: a, currency: 'IDR' }, lang)).join(', ');
    return amountRule(
      'AMOUNT_NOT_OFFERED',
      field,
      {
        titleEng: 'Choose one of the amounts',
        titleIdn: 'Pilih salah satu nominal',
        messageEng: `${provider.en} takes these amounts only: ${list('en')}.`,
        messageIdn: `${provider.id} hanya menerima nominal berikut: ${list('id')}.`,
      },
      { eng: `${provider.en}: ${list('en')}`, idn: `${provider.id}: ${list('id')}` },
    );
  },
  /** More than the biller says is outstanding (a partial VA, an instalment). */
  aboveBill: (field: string, outstanding: Money) => {
    const m = both(outstanding);
    return amountRule(
      'AMOUNT_ABOVE_BILL',
      field,
      {
        titleEng: 'Amount above the bill',
        titleIdn: 'Jumlah melebihi tagihan',
        messageEng: `The outstanding bill is ${m.en}; you may pay up to that amount.`,
        messageIdn: `Sisa tagihan Anda ${m.id}; Anda dapat membayar hingga jumlah tersebut.`,
      },
      { eng: `At most the outstanding ${m.en}`, idn: `Paling banyak sisa tagihan ${m.id}` },
    );
  },
  dailyLimit: (field: string, unused: Money) => {
    const m = both(unused);
    return amountRule(
      'DAILY_LIMIT_EXCEEDED',
      field,
      {
        titleEng: 'Daily limit exceeded',
        titleIdn: 'Limit harian terlampaui',
        messageEng: `The amount exceeds your unused daily limit of ${m.en}.`,
        messageIdn: `Jumlah melebihi sisa limit harian Anda sebesar ${m.id}.`,
      },
      { eng: `Exceeds your unused daily limit (${m.en})`, idn: `Melebihi sisa limit harian (${m.id})` },
    );
  },
  insufficientBalance: (field: string) =>
    amountRule(
      'INSUFFICIENT_BALANCE',
      field,
      {
        titleEng: 'Insufficient balance',
        titleIdn: 'Saldo tidak mencukupi',
        messageEng: 'The balance of your source of fund is not enough for this transaction.',
        messageIdn: 'Saldo sumber dana Anda tidak mencukupi untuk transaksi ini.',
      },
      { eng: 'Insufficient balance', idn: 'Saldo tidak mencukupi' },
    ),
  unknownFlow: () =>
    new ApiError(404, 'CLICKS', 'FLOW_NOT_FOUND', {
      titleEng: 'Transaction not available',
      titleIdn: 'Transaksi tidak tersedia',
      messageEng: 'This transaction type is not available.',
      messageIdn: 'Jenis transaksi ini tidak tersedia.',
    }),
  accountNotAllowed: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'ACCOUNT_NOT_ALLOWED',
      {
        titleEng: 'Account not available',
        titleIdn: 'Rekening tidak tersedia',
        messageEng: 'Please choose one of your active accounts for this transaction.',
        messageIdn: 'Silakan pilih salah satu rekening aktif Anda untuk transaksi ini.',
      },
      { [field]: { eng: 'Choose one of your accounts', idn: 'Pilih salah satu rekening Anda' } },
    ),
  sameAccount: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'SAME_ACCOUNT',
      {
        titleEng: 'Same account',
        titleIdn: 'Rekening sama',
        messageEng: 'The source of fund and the beneficiary account must differ.',
        messageIdn: 'Sumber dana dan rekening tujuan harus berbeda.',
      },
      { [field]: { eng: 'Choose a different account', idn: 'Pilih rekening yang berbeda' } },
    ),
  beneficiaryNotFound: (field: string) =>
    new ApiError(
      422,
      'CLICKS',
      'BENEFICIARY_NOT_FOUND',
      {
        titleEng: 'Beneficiary not found',
        titleIdn: 'Rekening tujuan tidak ditemukan',
        messageEng: 'Beneficiary account number is not found',
        messageIdn: 'Nomor rekening penerima tidak ditemukan',
      },
      {
        [field]: {
          eng: 'Beneficiary account number is not found',
          idn: 'Nomor rekening penerima tidak ditemukan',
        },
      },
    ),
  currencyPair: () =>
    new ApiError(422, 'CLICKS', 'INVALID_CURRENCY_PAIRING', {
      titleEng: 'Invalid Currency Pairing',
      titleIdn: 'Pasangan mata uang tidak valid',
      messageEng: 'Invalid Currency Pairing',
      messageIdn: 'Pasangan mata uang tidak valid',
    }),
  inquiryNotFound: () =>
    new ApiError(404, 'CLICKS', 'INQUIRY_NOT_FOUND', {
      titleEng: 'Transaction not found',
      titleIdn: 'Transaksi tidak ditemukan',
      messageEng: 'This transaction was not found. Please start again.',
      messageIdn: 'Transaksi ini tidak ditemukan. Silakan mulai kembali.',
    }),
  inquiryExpired: () =>
    new ApiError(410, 'CLICKS', 'INQUIRY_EXPIRED', {
      titleEng: 'Verification expired',
      titleIdn: 'Verifikasi kedaluwarsa',
      messageEng: 'This transaction has expired. Please start again.',
      messageIdn: 'Transaksi ini sudah kedaluwarsa. Silakan mulai kembali.',
    }),
  doubleTransaction: () =>
    new ApiError(409, 'CLICKS', '0021', {
      titleEng: 'Double transaction',
      titleIdn: 'Transaksi ganda',
      messageEng: 'This transaction has already been processed. Please check your transaction history.',
      messageIdn: 'Transaksi ini sudah diproses. Silakan periksa riwayat transaksi Anda.',
    }),
  methodNotAllowed: () =>
    new ApiError(
      400,
      'CLICKS',
      'VERIFICATION_METHOD_NOT_ALLOWED',
      {
        titleEng: 'Verification method not available',
        titleIdn: 'Metode verifikasi tidak tersedia',
        messageEng: 'This verification method is not available for this transaction.',
        messageIdn: 'Metode verifikasi ini tidak tersedia untuk transaksi ini.',
      },
      { '/method': { eng: 'Not available', idn: 'Tidak tersedia' } },
    ),
  notVerified: () =>
    new ApiError(409, 'CLICKS', 'NOT_VERIFIED', {
      titleEng: 'Verification needed',
      titleIdn: 'Verifikasi diperlukan',
      messageEng: 'Please verify this transaction before confirming it.',
      messageIdn: 'Silakan verifikasi transaksi ini sebelum mengonfirmasi.',
    }),
  otpRequired: () =>
    new ApiError(
      400,
      'OTP',
      'OTP_REQUIRED',
      {
        titleEng: 'OTP required',
        titleIdn: 'OTP diperlukan',
        messageEng: 'Please enter the OTP sent to your mobile number.',
        messageIdn: 'Silakan masukkan OTP yang dikirim ke nomor ponsel Anda.',
      },
      { '/otp': { eng: 'Please enter the OTP', idn: 'Silakan masukkan OTP' } },
    ),
  approvalRejected: () =>
    new ApiError(409, 'CLICKS', 'APPROVAL_REJECTED', {
      titleEng: 'Transaction cancelled',
      titleIdn: 'Transaksi dibatalkan',
      messageEng: 'The approval request was rejected in the app, so the transaction is cancelled.',
      messageIdn: 'Permintaan persetujuan ditolak di aplikasi, sehingga transaksi dibatalkan.',
    }),
  noPhone: () =>
    new ApiError(422, 'OTP', 'OTP_NO_PHONE', {
      titleEng: 'No mobile number',
      titleIdn: 'Tidak ada nomor ponsel',
      messageEng: 'No mobile number is registered for OTP. Please call 14041.',
      messageIdn: 'Tidak ada nomor ponsel terdaftar untuk OTP. Silakan hubungi 14041.',
    }),
  /** Past a cut-off (SKN, RTGS) whose rule is to refuse: rules/cut-offs.json. */
  afterCutOff: (name: string, time: string) =>
    new ApiError(422, 'CLICKS', 'AFTER_CUT_OFF', {
      titleEng: 'Past the cut-off time',
      titleIdn: 'Melewati batas waktu transaksi',
      messageEng: `${name.toUpperCase()} transactions are processed on business days until ${time} WIB. Please try again on the next business day or choose another method.`,
      messageIdn: `Transaksi ${name.toUpperCase()} diproses pada hari kerja hingga pukul ${time} WIB. Silakan coba lagi pada hari kerja berikutnya atau pilih metode lain.`,
    }),
};
