/**
 * The two payloads of docs/qris.md: budisantoso's coffee stall (Kopi Santoso, mybusiness/seed.ts) as
 * this bank's merchant, with a static code that asks for a tip and a dynamic one for Rp 45.500.
 * Identifiers are made up in QRIS's shapes (a 19-digit PAN 9360 + the bank's code, an NMID "ID" + 13
 * digits); the seed that makes them pay later decides the real ones.
 */
import type { Qris } from '@/shared/qris';

const merchant: Qris['merchant'] = {
  name: 'Kopi Santoso',
  city: 'JAKARTA SELATAN',
  postalCode: '12190',
  nmid: 'ID1026000827310',
  mcc: '5814',
  accounts: [
    {
      tag: '26',
      gui: 'ID.CO.CIMBNIAGA.WWW',
      pan: '9360002200000827310',
      merchantId: 'OCTO0082731',
      criteria: 'UMI',
      other: {},
    },
    { tag: '51', gui: 'ID.CO.QRIS.WWW', merchantId: 'ID1026000827310', criteria: 'UMI', other: {} },
  ],
};

export const STATIC_WITH_TIP: Qris = {
  initiation: 'static',
  merchant,
  currency: 'IDR',
  tip: { kind: 'prompt' },
  additional: { terminalLabel: 'A01', other: {} },
  acquirer: 'ID.CO.CIMBNIAGA.WWW',
  other: {},
};

export const DYNAMIC_45500: Qris = {
  initiation: 'dynamic',
  amount: { amount: 4_550_000, currency: 'IDR' },
  merchant,
  currency: 'IDR',
  additional: {
    billNumber: 'KS-20261204-0017',
    referenceLabel: 'OCTO0082731-0017',
    terminalLabel: 'A01',
    other: {},
  },
  acquirer: 'ID.CO.CIMBNIAGA.WWW',
  other: {},
};
