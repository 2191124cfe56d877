import { ApiError } from '../http/api-error';

/**
 * Why a promo code is refused, in both languages: on the form's code field when a transaction uses it
 * (`field`), or for the code typed on the promo page.
 */
const refusal =
  (status: number, code: string, titleEng: string, titleIdn: string, eng: string, idn: string) =>
  (field?: string) =>
    new ApiError(
      status,
      'CLICKS',
      code,
      { titleEng, titleIdn, messageEng: eng, messageIdn: idn },
      field ? { [`/form/${field}`]: { eng, idn } } : undefined,
    );

export const promoErrors = {
  notFound: refusal(
    404,
    'PROMO_NOT_FOUND',
    'Promo code not found',
    'Kode promo tidak ditemukan',
    'This promo code does not exist. Please check the code.',
    'Kode promo ini tidak ada. Silakan periksa kodenya.',
  ),
  /** Spec section 6: promo is not available when the source of fund is a credit card. */
  creditCard: refusal(
    422,
    'PROMO_NOT_FOR_CREDIT_CARD',
    'Promo not available',
    'Promo tidak tersedia',
    'Promo is not available when the source of fund is a credit card.',
    'Promo tidak tersedia jika sumber dana adalah kartu kredit.',
  ),
  /** Spec section 8: the promo quota is exhausted. */
  quotaExhausted: refusal(
    409,
    'PROMO_QUOTA_EXHAUSTED',
    'Promo quota exhausted',
    'Kuota promo habis',
    'The quota of this promo has been used up. Please try another promo.',
    'Kuota promo ini sudah habis. Silakan gunakan promo lain.',
  ),
  notStarted: refusal(
    422,
    'PROMO_NOT_STARTED',
    'Promo has not started',
    'Promo belum dimulai',
    'This promo has not started yet.',
    'Promo ini belum dimulai.',
  ),
  ended: refusal(
    422,
    'PROMO_ENDED',
    'Promo has ended',
    'Promo sudah berakhir',
    'The period of this promo has ended.',
    'Periode promo ini sudah berakhir.',
  ),
  notForTransaction: refusal(
    422,
    'PROMO_NOT_FOR_TRANSACTION',
    'Promo not for this transaction',
    'Promo tidak untuk transaksi ini',
    'This promo code cannot be used for this transaction.',
    'Kode promo ini tidak dapat digunakan untuk transaksi ini.',
  ),
  belowMinimum: (minimum: { en: string; id: string }, field?: string) =>
    refusal(
      422,
      'PROMO_BELOW_MINIMUM',
      'Amount below the promo minimum',
      'Nominal di bawah minimum promo',
      `This promo needs a transaction of at least ${minimum.en}.`,
      `Promo ini berlaku untuk transaksi minimal ${minimum.id}.`,
    )(field),
  completed: refusal(
    422,
    'PROMO_COMPLETED',
    'Promo already used in full',
    'Promo sudah digunakan seluruhnya',
    'You have already made every transaction this promo offers.',
    'Anda sudah melakukan semua transaksi yang ditawarkan promo ini.',
  ),
  noFee: refusal(
    422,
    'PROMO_NO_FEE',
    'No fee to waive',
    'Tidak ada biaya yang dibebaskan',
    'This promo waives the admin fee, and this transaction has none.',
    'Promo ini membebaskan biaya admin, dan transaksi ini tidak dikenai biaya.',
  ),
  rupiahOnly: refusal(
    422,
    'PROMO_IDR_ONLY',
    'Promo for rupiah only',
    'Promo hanya untuk rupiah',
    'Promo codes apply to rupiah transactions from a rupiah account.',
    'Kode promo berlaku untuk transaksi rupiah dari rekening rupiah.',
  ),
};
