import { ApiError } from '../http/api-error';
import { formatMoney, type Money } from '../../shared/money';

/** The cart's refusals, as the spec's apierror in both languages; each one books nothing. */
export const cartErrors = {
  empty: () =>
    new ApiError(422, 'CLICKS', 'CART_EMPTY', {
      titleEng: 'Your cart is empty',
      titleIdn: 'Keranjang Anda kosong',
      messageEng: 'Add a transaction to your cart first.',
      messageIdn: 'Tambahkan transaksi ke keranjang terlebih dahulu.',
    }),
  notAllowed: () =>
    new ApiError(422, 'CLICKS', 'CART_NOT_ALLOWED', {
      titleEng: 'Not for the cart',
      titleIdn: 'Tidak untuk keranjang',
      messageEng: 'This transaction shows details only once, on its own receipt: please verify it now.',
      messageIdn:
        'Transaksi ini menampilkan data hanya sekali, di bukti transaksinya: silakan verifikasi sekarang.',
    }),
  full: (max: number) =>
    new ApiError(422, 'CLICKS', 'CART_FULL', {
      titleEng: 'Your cart is full',
      titleIdn: 'Keranjang Anda penuh',
      messageEng: `A cart holds at most ${max} transactions. Verify or remove some first.`,
      messageIdn: `Keranjang berisi paling banyak ${max} transaksi. Verifikasi atau hapus sebagian terlebih dahulu.`,
    }),
  /** A flow with a secret field (a PIN): the cart would keep its form, so it is verified at once. */
  notForCart: () =>
    new ApiError(422, 'CLICKS', 'CART_NOT_ALLOWED', {
      titleEng: 'Not for the cart',
      titleIdn: 'Tidak untuk keranjang',
      messageEng:
        'This transaction holds a PIN or password, so it is verified now rather than kept in the cart.',
      messageIdn:
        'Transaksi ini berisi PIN atau kata sandi, jadi diverifikasi sekarang, tidak disimpan di keranjang.',
    }),
  duplicate: () =>
    new ApiError(409, 'CLICKS', 'CART_DUPLICATE_ITEM', {
      titleEng: 'Already in your cart',
      titleIdn: 'Sudah ada di keranjang',
      messageEng: 'This same transaction is already in your cart.',
      messageIdn: 'Transaksi yang sama sudah ada di keranjang Anda.',
    }),
  itemNotFound: () =>
    new ApiError(404, 'CLICKS', 'CART_ITEM_NOT_FOUND', {
      titleEng: 'Not in your cart',
      titleIdn: 'Tidak ada di keranjang',
      messageEng: 'This transaction is no longer in your cart.',
      messageIdn: 'Transaksi ini sudah tidak ada di keranjang Anda.',
    }),
  itemExpired: (itemId: number, title: { en: string; id: string }) =>
    new ApiError(
      422,
      'CLICKS',
      'CART_ITEM_EXPIRED',
      {
        titleEng: 'A transaction in your cart has expired',
        titleIdn: 'Transaksi di keranjang sudah kedaluwarsa',
        messageEng: `${title.en} was kept for 24 hours and has expired. Remove it and add it again. Nothing was booked.`,
        messageIdn: `${title.id} disimpan selama 24 jam dan sudah kedaluwarsa. Hapus lalu tambahkan kembali. Tidak ada transaksi yang diproses.`,
      },
      { [`/items/${itemId}`]: { eng: 'Expired', idn: 'Kedaluwarsa' } },
    ),
  /** An item the engine refuses now (an account no longer allowed, a rule): named, with the engine's reason. */
  itemRefused: (itemId: number, title: { en: string; id: string }, why: ApiError) =>
    new ApiError(
      why.statusCode,
      why.sourceSystem,
      why.errorCode,
      {
        titleEng: why.text.titleEng,
        titleIdn: why.text.titleIdn,
        messageEng: `${title.en}: ${why.text.messageEng} Edit or remove it; nothing was booked.`,
        messageIdn: `${title.id}: ${why.text.messageIdn} Ubah atau hapus transaksi ini; tidak ada transaksi yang diproses.`,
      },
      { [`/items/${itemId}`]: { eng: why.text.titleEng, idn: why.text.titleIdn } },
    ),
  overBalance: (accountNo: string, need: Money, available: Money) =>
    new ApiError(422, 'CLICKS', 'CART_INSUFFICIENT_BALANCE', {
      titleEng: 'Insufficient balance for the whole cart',
      titleIdn: 'Saldo tidak cukup untuk seluruh keranjang',
      messageEng: `The cart takes ${formatMoney(need, 'en')} from account ${accountNo}, which has ${formatMoney(available, 'en')} available. Remove a transaction or choose another account. Nothing was booked.`,
      messageIdn: `Keranjang memerlukan ${formatMoney(need, 'id')} dari rekening ${accountNo}, yang tersedia ${formatMoney(available, 'id')}. Hapus transaksi atau pilih rekening lain. Tidak ada transaksi yang diproses.`,
    }),
  overLimit: (need: Money, unused: Money) =>
    new ApiError(422, 'CLICKS', 'CART_OVER_LIMIT', {
      titleEng: 'The cart is over your daily limit',
      titleIdn: 'Keranjang melebihi limit harian Anda',
      messageEng: `Together the cart's transactions come to ${formatMoney(need, 'en')}; ${formatMoney(unused, 'en')} of your daily limit is left. Remove a transaction. Nothing was booked.`,
      messageIdn: `Total transaksi di keranjang ${formatMoney(need, 'id')}; sisa limit harian Anda ${formatMoney(unused, 'id')}. Hapus salah satu transaksi. Tidak ada transaksi yang diproses.`,
    }),
  checkoutNotFound: () =>
    new ApiError(404, 'CLICKS', 'CART_CHECKOUT_NOT_FOUND', {
      titleEng: 'Verification not found',
      titleIdn: 'Verifikasi tidak ditemukan',
      messageEng: 'This cart verification was not found or has expired. Please verify the cart again.',
      messageIdn:
        'Verifikasi keranjang ini tidak ditemukan atau sudah kedaluwarsa. Silakan verifikasi ulang.',
    }),
};
