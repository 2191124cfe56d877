import { ApiError } from '../http/api-error';

/** Spec section 8: "No statement: ESTAT 404 (credit card variant exists)". */
export const noStatement = (card = false) =>
  new ApiError(
    404,
    'ESTAT',
    '404',
    card
      ? {
          titleEng: 'No credit card statement',
          titleIdn: 'Tidak ada tagihan kartu kredit',
          messageEng: 'There is no credit card statement for the period you chose.',
          messageIdn: 'Tidak ada lembar tagihan kartu kredit untuk periode yang Anda pilih.',
        }
      : {
          titleEng: 'No statement',
          titleIdn: 'Tidak ada rekening koran',
          messageEng: 'There is no e-statement for the period you chose.',
          messageIdn: 'Tidak ada e-statement untuk periode yang Anda pilih.',
        },
  );

/** Spec section 8 no-account codes: the customer holds no product of this kind. */
export const noCreditCard = () =>
  new ApiError(404, 'SICS', 'T1', {
    titleEng: 'No credit card',
    titleIdn: 'Tidak ada kartu kredit',
    messageEng: 'You do not have a credit card yet.',
    messageIdn: 'Anda belum memiliki kartu kredit.',
  });

export const noMobileNumberAccount = () =>
  new ApiError(404, 'CLICKS', '0099', {
    titleEng: 'No mobile-number account',
    titleIdn: 'Tidak ada Rekening Ponsel',
    messageEng: 'You do not have a mobile-number account yet.',
    messageIdn: 'Anda belum memiliki Rekening Ponsel.',
  });

export const noInvestment = () =>
  new ApiError(404, 'WMS', '0904', {
    titleEng: 'No investment account',
    titleIdn: 'Tidak ada rekening investasi',
    messageEng: 'You do not have an investment account yet.',
    messageIdn: 'Anda belum memiliki rekening investasi.',
  });

export const noCasa = () =>
  new ApiError(404, 'CLICKS', '5072', {
    titleEng: 'No savings or current account',
    titleIdn: 'Tidak ada rekening tabungan atau giro',
    messageEng: 'The feature is only available for users with Savings/Current Account.',
    messageIdn: 'Fitur ini hanya tersedia untuk pengguna dengan rekening Tabungan/Giro.',
  });
