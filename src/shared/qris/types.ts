/** What a QRIS payload says, as the bank reads it; every amount in integer minor units. */
import type { Money } from '../money';

/** The GUI of QRIS's national template (tag 51), the one that carries the NMID. */
export const QRIS_GUI = 'ID.CO.QRIS.WWW';

/** A merchant account information template (tags 26-51): one acquirer's or the national one. */
export interface QrisMerchantAccount {
  /** "26".."51". */
  tag: string;
  /** Sub-tag 00: the acquirer's reverse domain ("ID.CO.BANKNAME.WWW") or QRIS_GUI. */
  gui: string;
  /** Sub-tag 01: the merchant PAN (digits). */
  pan?: string;
  /** Sub-tag 02: the acquirer's merchant id, or in the national template the NMID. */
  merchantId?: string;
  /** Sub-tag 03: the merchant criteria (UMI, UKE, UME, UBE, URE). */
  criteria?: string;
  /** Any other sub-tag, as written. */
  other: Record<string, string>;
}

export interface QrisMerchant {
  /** Tag 59, at most 25 characters. */
  name: string;
  /** Tag 60, at most 15 characters. */
  city: string;
  /** Tag 61, at most 10 characters. */
  postalCode?: string;
  /** The national merchant id: sub-tag 02 of tag 51 (QRIS_GUI), "ID" then digits. */
  nmid: string;
  /** Tag 52, merchant category code: 4 digits. */
  mcc: string;
  /** Tags 26-51 in tag order; tag 51 (QRIS_GUI) always among them. */
  accounts: QrisMerchantAccount[];
}

/** Tag 55 and its 56/57: what the customer adds to the amount. */
export type QrisTip =
  | { kind: 'prompt' }
  | { kind: 'fixed'; fee: Money }
  /** A percentage of the amount: 250 is 2.5 %. */
  | { kind: 'percent'; basisPoints: number };

/** Tag 62, additional data field template (EMVCo's sub-tags 01-09 by name). */
export interface QrisAdditionalData {
  billNumber?: string;
  mobileNumber?: string;
  storeLabel?: string;
  loyaltyNumber?: string;
  referenceLabel?: string;
  customerLabel?: string;
  terminalLabel?: string;
  purpose?: string;
  /** Sub-tag 09: what the payer's app is asked to send ("A", "M", "E" and combinations). */
  consumerDataRequest?: string;
  /** Any other sub-tag (10-99), as written. */
  other: Record<string, string>;
}

interface QrisFields {
  merchant: QrisMerchant;
  /** Tag 53: only 360 is read. */
  currency: 'IDR';
  tip?: QrisTip;
  additional: QrisAdditionalData;
  /**
   * The GUI of the first merchant account template (by tag) that is not the national one: whose
   * merchant it is (on us or off us). Derived on reading; the writer ignores it.
   */
  acquirer?: string;
  /** Top-level tags the reader does not type (02-25, 64, 65-99), tag -> value as written. */
  other: Record<string, string>;
}

/**
 * A static code (tag 01 "11") carries no amount: the customer types it. A dynamic one ("12") carries
 * its amount (tag 54).
 */
export type Qris = QrisFields &
  ({ initiation: 'static'; amount?: undefined } | { initiation: 'dynamic'; amount: Money });

/** What the writer takes: a Qris; the derived acquirer and the empty `other` maps may be left out. */
export type QrisInput = Omit<QrisFields, 'merchant' | 'additional' | 'acquirer' | 'other'> & {
  merchant: Omit<QrisMerchant, 'accounts' | 'nmid'> & {
    /** If given, it must be the national template's sub-tag 02. */
    nmid?: string;
    accounts: (Omit<QrisMerchantAccount, 'other'> & { other?: Record<string, string> })[];
  };
  additional?: Omit<QrisAdditionalData, 'other'> & { other?: Record<string, string> };
  acquirer?: string;
  other?: Record<string, string>;
} & ({ initiation: 'static'; amount?: undefined } | { initiation: 'dynamic'; amount: Money });
