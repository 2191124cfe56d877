/** Which tag holds what, for the reader and the writer alike (EMVCo MPM as QRIS uses it). */
import type { QrisAdditionalData } from './types';

/** Tags 26-51: merchant account information templates. */
export function isAccountTag(tag: string): boolean {
  return tag >= '26' && tag <= '51';
}

/** Top-level tags with a typed field; any other (02-25, 64-99) is kept in `other` as written. */
export function isTypedTag(tag: string): boolean {
  return tag <= '01' || (tag >= '26' && tag <= '63');
}

/** Sub-tags of a merchant account template with a typed field (GUI, PAN, merchant id, criteria). */
export function isTypedAccountSubTag(tag: string): boolean {
  return tag <= '03';
}

type AdditionalName = Exclude<keyof QrisAdditionalData, 'other'>;

/** Tag 62's sub-tags with a name, and EMVCo's maximum length of each. */
export const ADDITIONAL_FIELDS: readonly (readonly [string, AdditionalName, number])[] = [
  ['01', 'billNumber', 25],
  ['02', 'mobileNumber', 25],
  ['03', 'storeLabel', 25],
  ['04', 'loyaltyNumber', 25],
  ['05', 'referenceLabel', 25],
  ['06', 'customerLabel', 25],
  ['07', 'terminalLabel', 25],
  ['08', 'purpose', 25],
  ['09', 'consumerDataRequest', 3],
];

export function isNamedAdditionalTag(tag: string): boolean {
  return tag >= '01' && tag <= '09';
}
