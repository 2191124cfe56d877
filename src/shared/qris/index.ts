/**
 * QRIS, the EMVCo merchant-presented QR as Indonesia uses it: read a payload (decodeQris), write one
 * (encodeQris), and their CRC. Shared by the browser and the server: no Node API, no dependency.
 * What it accepts: docs/qris.md.
 */
export { decodeQris, type QrisDecoding } from './decode';
export { encodeQris } from './encode';
export { crc16CcittFalse } from './crc';
export { QRIS_ERROR_CODES, QrisEncodeError, type QrisError, type QrisErrorCode } from './errors';
export {
  QRIS_GUI,
  type Qris,
  type QrisAdditionalData,
  type QrisInput,
  type QrisMerchant,
  type QrisMerchantAccount,
  type QrisTip,
} from './types';
