/**
 * Why a payload is refused: a stable `code` the UI and the server map to the catalogue's message in
 * the customer's language, and a `detail` for developers only (English, never shown to a customer).
 */

export type QrisError =
  /** Not an EMVCo payload, or one without QRIS's national template (tag 51, ID.CO.QRIS.WWW). */
  | { code: 'NOT_QRIS'; detail: string }
  /** No CRC field (6304 and 4 characters) at the end. */
  | { code: 'CRC_MISSING'; detail: string }
  /** The CRC does not match: a damaged or altered code (also a CRC written in lowercase). */
  | { code: 'CRC_MISMATCH'; detail: string; expected: string; found: string }
  /** The CRC matches but the fields do not parse as TLV (a tag's length, a twice-used tag, 63 not last). */
  | { code: 'MALFORMED_TLV'; detail: string; tag?: string }
  /** A field QRIS requires is absent; `tag` is "59" or "51.02" for a template's sub-tag. */
  | { code: 'MISSING_FIELD'; detail: string; tag: string }
  /** A field's value is not of its format (initiation other than 11/12, MCC not 4 digits, ...). */
  | { code: 'INVALID_FIELD'; detail: string; tag: string }
  | { code: 'FIELD_TOO_LONG'; detail: string; tag: string; max: number }
  /** Tag 53 other than 360. */
  | { code: 'CURRENCY_NOT_IDR'; detail: string; currency: string }
  /** Tag 58 other than ID. */
  | { code: 'COUNTRY_NOT_ID'; detail: string; country: string }
  /** A static code (01 = 11) with an amount (54): the customer must type the amount of a static code. */
  | { code: 'AMOUNT_IN_STATIC'; detail: string }
  | { code: 'DYNAMIC_WITHOUT_AMOUNT'; detail: string }
  /** Tag 54 is not a positive decimal of up to 13 characters and 2 decimals. */
  | { code: 'BAD_AMOUNT'; detail: string }
  /** Tag 55 other than 01/02/03, or its fee (56) or percentage (57) missing, invalid or out of place. */
  | { code: 'BAD_TIP'; detail: string };

export type QrisErrorCode = QrisError['code'];

export const QRIS_ERROR_CODES = [
  'NOT_QRIS',
  'CRC_MISSING',
  'CRC_MISMATCH',
  'MALFORMED_TLV',
  'MISSING_FIELD',
  'INVALID_FIELD',
  'FIELD_TOO_LONG',
  'CURRENCY_NOT_IDR',
  'COUNTRY_NOT_ID',
  'AMOUNT_IN_STATIC',
  'DYNAMIC_WITHOUT_AMOUNT',
  'BAD_AMOUNT',
  'BAD_TIP',
] as const satisfies readonly QrisErrorCode[];

/** Thrown by encodeQris when its input would make a payload the reader refuses: a programming error. */
export class QrisEncodeError extends Error {
  constructor(readonly error: QrisError) {
    super(`QRIS input refused (${error.code}): ${error.detail}`);
    this.name = 'QrisEncodeError';
  }
}
