import { ApiError, type ErrorText } from '../http/api-error';
import type { QrisErrorCode } from '../../shared/qris';

/**
 * QRIS's refusals, as the spec's apierror in both languages (source system QRIS). A code the payer
 * cannot pay is refused on the field that holds it, so the scan page shows why under the code.
 */

const SOURCE = 'QRIS';

const damaged: ErrorText = {
  titleEng: 'The QRIS code is damaged',
  titleIdn: 'Kode QRIS rusak',
  messageEng:
    'The code was not read correctly: its check digits do not match its content. Scan it again, or ask the merchant for a new code.',
  messageIdn:
    'Kode tidak terbaca dengan benar: digit pemeriksanya tidak cocok dengan isinya. Pindai ulang, atau minta kode baru kepada merchant.',
};
const invalid: ErrorText = {
  titleEng: 'The QRIS code is not valid',
  titleIdn: 'Kode QRIS tidak valid',
  messageEng:
    'This code does not follow the QRIS standard and cannot be paid. Ask the merchant for another code.',
  messageIdn: 'Kode ini tidak sesuai standar QRIS dan tidak dapat dibayar. Minta kode lain kepada merchant.',
};

/** What the payer reads for each of the reader's codes (docs/qris.md, "Error codes"). */
const READER_TEXTS: Record<QrisErrorCode, ErrorText> = {
  NOT_QRIS: {
    titleEng: 'Not a QRIS code',
    titleIdn: 'Bukan kode QRIS',
    messageEng:
      "This is not a QRIS payment code (it may be a link or another scheme's code). Scan the merchant's QRIS code.",
    messageIdn:
      'Ini bukan kode pembayaran QRIS (mungkin tautan atau kode skema lain). Pindai kode QRIS milik merchant.',
  },
  CRC_MISSING: damaged,
  CRC_MISMATCH: damaged,
  MALFORMED_TLV: invalid,
  MISSING_FIELD: invalid,
  INVALID_FIELD: invalid,
  FIELD_TOO_LONG: invalid,
  DYNAMIC_WITHOUT_AMOUNT: invalid,
  BAD_AMOUNT: invalid,
  BAD_TIP: invalid,
  CURRENCY_NOT_IDR: {
    titleEng: 'Only rupiah codes can be paid',
    titleIdn: 'Hanya kode rupiah yang dapat dibayar',
    messageEng:
      'This QRIS code asks for another currency than the rupiah. Ask the merchant for a rupiah code.',
    messageIdn: 'Kode QRIS ini meminta mata uang selain rupiah. Minta kode dalam rupiah kepada merchant.',
  },
  COUNTRY_NOT_ID: {
    titleEng: 'Only Indonesian codes can be paid',
    titleIdn: 'Hanya kode Indonesia yang dapat dibayar',
    messageEng: 'This QRIS code belongs to a merchant outside Indonesia.',
    messageIdn: 'Kode QRIS ini milik merchant di luar Indonesia.',
  },
  AMOUNT_IN_STATIC: {
    titleEng: 'The QRIS code is not valid',
    titleIdn: 'Kode QRIS tidak valid',
    messageEng:
      'This static code carries an amount, which QRIS does not allow: you type the amount of a static code. Ask the merchant for a valid code.',
    messageIdn:
      'Kode statis ini memuat nominal, padahal QRIS tidak mengizinkannya: nominal kode statis Anda ketik sendiri. Minta kode yang valid kepada merchant.',
  },
};

const onField = (field: string, text: ErrorText) => ({
  [`/form/${field}`]: { eng: text.titleEng, idn: text.titleIdn },
});

const refusal = (status: number, code: string, text: ErrorText, field?: string) =>
  new ApiError(status, SOURCE, code, text, field ? onField(field, text) : undefined);

export const qrisErrors = {
  /** The reader refused the payload: its own code, on the payload's field. */
  unreadable: (code: QrisErrorCode, field: string) => refusal(422, code, READER_TEXTS[code], field),
  merchantUnknown: (field: string) =>
    refusal(
      422,
      'MERCHANT_UNKNOWN',
      {
        titleEng: 'Merchant not found',
        titleIdn: 'Merchant tidak ditemukan',
        messageEng: 'This code names a merchant of ours that does not exist or no longer accepts QRIS.',
        messageIdn: 'Kode ini menyebut merchant kami yang tidak ada atau tidak lagi menerima QRIS.',
      },
      field,
    ),
  codeUnknown: (field: string) =>
    refusal(
      422,
      'CODE_UNKNOWN',
      {
        titleEng: 'Code not issued by the merchant',
        titleIdn: 'Kode tidak diterbitkan merchant',
        messageEng: 'The merchant never issued this dynamic code. Ask the merchant to show the code again.',
        messageIdn:
          'Merchant tidak pernah menerbitkan kode dinamis ini. Minta merchant menampilkan kodenya lagi.',
      },
      field,
    ),
  codePaid: (field: string) =>
    refusal(
      409,
      'CODE_PAID',
      {
        titleEng: 'This code has already been paid',
        titleIdn: 'Kode ini sudah dibayar',
        messageEng:
          'A dynamic QRIS code is paid once. Ask the merchant for a new code if you owe another payment.',
        messageIdn:
          'Kode QRIS dinamis hanya dibayar sekali. Minta kode baru kepada merchant bila ada pembayaran lain.',
      },
      field,
    ),
  codeExpired: (field: string) =>
    refusal(
      409,
      'CODE_EXPIRED',
      {
        titleEng: 'This code has expired',
        titleIdn: 'Kode ini sudah kedaluwarsa',
        messageEng: 'The dynamic code is no longer valid. Ask the merchant for a new code.',
        messageIdn: 'Kode dinamis ini sudah tidak berlaku. Minta kode baru kepada merchant.',
      },
      field,
    ),
  codeCancelled: (field: string) =>
    refusal(
      409,
      'CODE_CANCELLED',
      {
        titleEng: 'The merchant cancelled this code',
        titleIdn: 'Merchant membatalkan kode ini',
        messageEng: 'This dynamic code was cancelled by the merchant. Ask the merchant for a new code.',
        messageIdn: 'Kode dinamis ini dibatalkan oleh merchant. Minta kode baru kepada merchant.',
      },
      field,
    ),
  amountRequired: (field: string) =>
    refusal(
      422,
      'AMOUNT_REQUIRED',
      {
        titleEng: 'Enter the amount to pay',
        titleIdn: 'Masukkan nominal pembayaran',
        messageEng: 'A static QRIS code carries no amount: type the amount the merchant asks for.',
        messageIdn: 'Kode QRIS statis tidak memuat nominal: ketik nominal yang diminta merchant.',
      },
      field,
    ),
  /** My business: no merchant of this customer accepts QRIS. */
  noQrisMerchant: () =>
    refusal(404, 'MERCHANT_NONE', {
      titleEng: 'No business accepting QRIS',
      titleIdn: 'Belum ada usaha yang menerima QRIS',
      messageEng: 'You have no merchant registered to accept QRIS. Visit a branch to register your business.',
      messageIdn:
        'Anda belum memiliki merchant yang terdaftar menerima QRIS. Kunjungi kantor cabang untuk mendaftar.',
    }),
  codeNotFound: () =>
    refusal(404, 'CODE_NOT_FOUND', {
      titleEng: 'Code not found',
      titleIdn: 'Kode tidak ditemukan',
      messageEng: 'This payment code is not one of your business.',
      messageIdn: 'Kode pembayaran ini bukan milik usaha Anda.',
    }),
  codeNotOpen: () =>
    refusal(409, 'CODE_NOT_OPEN', {
      titleEng: 'The code can no longer be cancelled',
      titleIdn: 'Kode tidak dapat dibatalkan lagi',
      messageEng: 'This code has already been paid, cancelled or has expired.',
      messageIdn: 'Kode ini sudah dibayar, dibatalkan, atau kedaluwarsa.',
    }),
};
