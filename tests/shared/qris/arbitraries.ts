/**
 * fast-check arbitraries of valid QRIS codes (as the reader returns them): static and dynamic, every
 * tip kind or none, one or two acquirers or none, names and cities of EMVCo's printable characters
 * within their lengths, and the fields the reader keeps as written. Sized so a payload stays within
 * EMVCo's 512 characters and each template within 99.
 */
import fc from 'fast-check';
import { QRIS_GUI, type Qris, type QrisAdditionalData, type QrisMerchantAccount } from '@/shared/qris';

/** EMVCo's "ans": printable ASCII, space included. */
const ansChar = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const ans = (minLength: number, maxLength: number) => fc.string({ unit: ansChar, minLength, maxLength });
const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
const tagIn = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((n) => String(n).padStart(2, '0'));
/** A few tags of a range with short values, as written. */
const others = (from: number, to: number, maxKeys: number, maxLength: number) =>
  fc.dictionary(tagIn(from, to), ans(1, maxLength), { maxKeys });
const criteria = fc.constantFrom('UMI', 'UKE', 'UME', 'UBE', 'URE');

/** Positive minor units whose text fits tag 54's 13 characters: whole rupiah, or with sen. */
export const amountMinor = fc.oneof(
  fc.bigInt({ min: 1n, max: 9_999_999_999_999n }).map((whole) => Number(whole) * 100),
  fc.bigInt({ min: 1n, max: 999_999_999_999n }).map(Number),
  fc.integer({ min: 1, max: 10_000_000 }).map((rupiah) => rupiah * 100),
);

const acquirerAccount = (tag: string): fc.Arbitrary<QrisMerchantAccount> =>
  fc.record(
    {
      tag: fc.constant(tag),
      gui: ans(1, 24),
      pan: digits(1, 19),
      merchantId: ans(1, 15),
      criteria,
      other: others(4, 99, 1, 4),
    },
    { requiredKeys: ['tag', 'gui', 'other'] },
  );

const nationalAccount: fc.Arbitrary<QrisMerchantAccount> = fc.record(
  {
    tag: fc.constant('51'),
    gui: fc.constant(QRIS_GUI),
    merchantId: fc.tuple(fc.constantFrom('ID10', 'ID20', 'ID93'), digits(11, 11)).map(([a, b]) => a + b),
    criteria,
    other: others(4, 99, 1, 8),
  },
  { requiredKeys: ['tag', 'gui', 'merchantId', 'other'] },
);

const accounts = fc
  .uniqueArray(tagIn(26, 50), { maxLength: 2 })
  .chain((tags) => fc.tuple(...[...tags].sort().map(acquirerAccount), nationalAccount));

const namedAdditional: fc.Arbitrary<QrisAdditionalData> = fc
  .record(
    {
      billNumber: ans(1, 25),
      mobileNumber: digits(1, 15),
      storeLabel: ans(1, 12),
      loyaltyNumber: ans(1, 12),
      referenceLabel: ans(1, 25),
      customerLabel: ans(1, 12),
      terminalLabel: ans(1, 8),
      purpose: ans(1, 12),
      consumerDataRequest: fc.constantFrom('A', 'M', 'E', 'AME', 'ME'),
      other: others(10, 99, 1, 6),
    },
    { requiredKeys: ['other'] },
  )
  // a template holds at most 99 characters: 4 of tag and length per field, and its value
  .filter(({ other, ...named }) => {
    const texts = [...Object.values(named), ...Object.values(other)];
    return texts.reduce((n, text) => n + 4 + text.length, 0) <= 99;
  });

/** None at all (no tag 62) a fifth of the time. */
const additional = fc.oneof(
  { arbitrary: fc.constant<QrisAdditionalData>({ other: {} }), weight: 1 },
  { arbitrary: namedAdditional, weight: 4 },
);

const tip = fc.option(
  fc.oneof(
    fc.constant({ kind: 'prompt' as const }),
    amountMinor.map((amount) => ({ kind: 'fixed' as const, fee: { amount, currency: 'IDR' } })),
    fc.integer({ min: 1, max: 9999 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints })),
  ),
  { nil: undefined, freq: 4 },
);

export const validQris: fc.Arbitrary<Qris> = fc
  .record({
    dynamic: fc.option(amountMinor, { nil: undefined, freq: 2 }),
    accounts,
    name: ans(1, 25),
    city: ans(1, 15),
    postalCode: fc.option(digits(5, 5), { nil: undefined }),
    mcc: digits(4, 4),
    tip,
    additional,
    other: fc.oneof(others(2, 25, 1, 20), others(64, 99, 1, 20)),
  })
  .map(({ dynamic, accounts, name, city, postalCode, mcc, tip, additional, other }) => {
    const acquirer = accounts.find((a) => a.gui !== QRIS_GUI)?.gui;
    const fields = {
      merchant: {
        name,
        city,
        ...(postalCode === undefined ? {} : { postalCode }),
        nmid: accounts.at(-1)!.merchantId!,
        mcc,
        accounts,
      },
      currency: 'IDR' as const,
      ...(tip ? { tip } : {}),
      additional,
      ...(acquirer === undefined ? {} : { acquirer }),
      other,
    };
    return dynamic === undefined
      ? { initiation: 'static', ...fields }
      : { initiation: 'dynamic', amount: { amount: dynamic, currency: 'IDR' }, ...fields };
  });
