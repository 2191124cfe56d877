// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeQris, QRIS_ERROR_CODES, type QrisError } from '@/shared/qris';
import { ACQUIRER, field, fields, payload, signed, STATIC_FIELDS } from './build';

const good = payload();
const dynamic = (amount: string | undefined) => payload({ '01': '12', '54': amount });
/** A payload whose last character (a CRC digit) is changed to `to`. */
const lastDigit = (text: string, to: (c: string) => string) => text.slice(0, -1) + to(text.slice(-1));

// Each bad code the reader tells apart, with real examples of it. Every payload here but the CRC rows
// carries a correct CRC: what it breaks is what the row says.
const BAD: [string, string, Partial<QrisError>][] = [
  ['plain text', 'Kopi Santoso', { code: 'NOT_QRIS' }],
  ['a link', 'https://example.co.id/pay?id=0002010102', { code: 'NOT_QRIS' }],
  ['nothing', '  \n ', { code: 'NOT_QRIS' }],
  [
    'a payment QR without QRIS (Singapore PayNow)',
    signed(
      fields({
        '00': '01',
        '01': '11',
        '26': fields({ '00': 'SG.PAYNOW', '01': '2', '02': '201403121W' }),
        '52': '0000',
        '53': '702',
        '58': 'SG',
        '59': 'KOPI SANTOSO PTE',
        '60': 'Singapore',
      }),
    ),
    { code: 'NOT_QRIS' },
  ],
  [
    'tag 51 with an acquirer GUI',
    payload({ '51': fields({ '00': 'ID.CO.BANKNAME.WWW', '02': 'ID1026000827310' }) }),
    { code: 'NOT_QRIS' },
  ],
  [
    'no tag 51 (the national template in 26 instead)',
    payload({
      '26': undefined,
      '51': undefined,
      '27': fields({
        '00': 'ID.CO.QRIS.WWW',
        '02': 'ID1026000827310',
      }),
    }),
    { code: 'NOT_QRIS' },
  ],
  [
    'longer than 512 characters',
    payload({ '64': 'x'.repeat(99), '65': 'x'.repeat(99), '66': 'x'.repeat(99), '67': 'x'.repeat(99) }),
    { code: 'NOT_QRIS' },
  ],

  ['cut before its CRC', good.slice(0, -8), { code: 'CRC_MISSING' }],
  ['a CRC of 3 digits', good.slice(0, -1), { code: 'CRC_MISSING' }],

  [
    'an amount changed after signing',
    dynamic('15000').replace('540515000', '540595000'),
    { code: 'CRC_MISMATCH' },
  ],
  ['a CRC digit changed', lastDigit(good, (c) => (c === '0' ? '1' : '0')), { code: 'CRC_MISMATCH' }],
  ['a CRC in lowercase', good.slice(0, -4) + good.slice(-4).toLowerCase(), { code: 'CRC_MISMATCH' }],
  ['a line break inside', good.slice(0, 40) + '\n' + good.slice(40), { code: 'CRC_MISMATCH' }],

  ['a length that is not digits', signed('000201010211' + '52 45814'), { code: 'MALFORMED_TLV' }],
  ['a length longer than the payload', signed('00020101021159995814'), { code: 'MALFORMED_TLV' }],
  ['a length of 00', signed('0002010102115900' + field('60', 'JAKARTA')), { code: 'MALFORMED_TLV' }],
  ['a tag twice', signed(fields(STATIC_FIELDS) + field('59', 'Kopi Lain')), { code: 'MALFORMED_TLV' }],
  ['a template that is not TLV', payload({ '62': 'terminal A01' }), { code: 'MALFORMED_TLV', tag: '62' }],
  [
    'the CRC inside the additional data, not last',
    signed(`${fields(STATIC_FIELDS)}6214${field('01', 'AB')}`),
    { code: 'MALFORMED_TLV', tag: '63' },
  ],

  ['no merchant name', payload({ '59': undefined }), { code: 'MISSING_FIELD', tag: '59' }],
  ['no point of initiation', payload({ '01': undefined }), { code: 'MISSING_FIELD', tag: '01' }],
  ['no currency', payload({ '53': undefined }), { code: 'MISSING_FIELD', tag: '53' }],
  [
    'no NMID',
    payload({ '51': fields({ '00': 'ID.CO.QRIS.WWW', '03': 'UMI' }) }),
    { code: 'MISSING_FIELD', tag: '51.02' },
  ],
  [
    'an acquirer template without its GUI',
    payload({ '26': fields({ '01': '9360002200000827310' }) }),
    { code: 'MISSING_FIELD', tag: '26.00' },
  ],

  ['a point of initiation 13', payload({ '01': '13' }), { code: 'INVALID_FIELD', tag: '01' }],
  ['an MCC of letters', payload({ '52': 'FOOD' }), { code: 'INVALID_FIELD', tag: '52' }],
  ['an MCC of 3 digits', payload({ '52': '581' }), { code: 'INVALID_FIELD', tag: '52' }],
  [
    'a merchant PAN with letters',
    payload({ '26': ACQUIRER.replace('9360002200000827310', '936000220000082731X') }),
    { code: 'INVALID_FIELD', tag: '26.01' },
  ],
  [
    'an NMID without ID',
    payload({ '51': fields({ '00': 'ID.CO.QRIS.WWW', '02': '1026000827310' }) }),
    { code: 'INVALID_FIELD', tag: '51.02' },
  ],
  ['a tab in the name', payload({ '59': 'Kopi\tSantoso' }), { code: 'INVALID_FIELD', tag: '59' }],

  [
    'a name of 26 characters',
    payload({ '59': 'Kopi Santoso Jaya Abadi 26' }),
    { code: 'FIELD_TOO_LONG', tag: '59', max: 25 },
  ],
  [
    'a city of 16 characters',
    payload({ '60': 'JAKARTA SELATANN' }),
    { code: 'FIELD_TOO_LONG', tag: '60', max: 15 },
  ],
  ['a postal code of 11', payload({ '61': '12190123456' }), { code: 'FIELD_TOO_LONG', tag: '61', max: 10 }],
  [
    'a bill number of 26',
    payload({ '62': field('01', 'B'.repeat(26)) }),
    { code: 'FIELD_TOO_LONG', tag: '62.01', max: 25 },
  ],
  [
    'an NMID of 16',
    payload({ '51': fields({ '00': 'ID.CO.QRIS.WWW', '02': 'ID10260008273100' }) }),
    { code: 'FIELD_TOO_LONG', tag: '51.02', max: 15 },
  ],

  ['US dollars', payload({ '53': '840' }), { code: 'CURRENCY_NOT_IDR', currency: '840' }],
  ['Singapore dollars', payload({ '53': '702' }), { code: 'CURRENCY_NOT_IDR', currency: '702' }],
  ['the currency as letters', payload({ '53': 'IDR' }), { code: 'CURRENCY_NOT_IDR', currency: 'IDR' }],

  ['a merchant in Singapore', payload({ '58': 'SG' }), { code: 'COUNTRY_NOT_ID', country: 'SG' }],

  ['a static code with an amount', payload({ '54': '15000' }), { code: 'AMOUNT_IN_STATIC' }],
  ['a dynamic code without one', dynamic(undefined), { code: 'DYNAMIC_WITHOUT_AMOUNT' }],

  ['an amount with a thousands dot', dynamic('15.000'), { code: 'BAD_AMOUNT' }],
  ['an amount with a decimal comma', dynamic('15000,00'), { code: 'BAD_AMOUNT' }],
  ['an amount of zero', dynamic('0'), { code: 'BAD_AMOUNT' }],
  ['an amount of 0.00', dynamic('0.00'), { code: 'BAD_AMOUNT' }],
  ['a negative amount', dynamic('-15000'), { code: 'BAD_AMOUNT' }],
  ['an amount in exponent form', dynamic('1.5e4'), { code: 'BAD_AMOUNT' }],
  ['an amount ending in a dot', dynamic('15000.'), { code: 'BAD_AMOUNT' }],
  ['an amount of 14 characters', dynamic('12345678901234'), { code: 'BAD_AMOUNT' }],
  ['an amount with a space', dynamic(' 15000'), { code: 'BAD_AMOUNT' }],

  ['a tip indicator 04', payload({ '55': '04' }), { code: 'BAD_TIP' }],
  ['a fixed fee without 56', payload({ '55': '02' }), { code: 'BAD_TIP' }],
  ['a fixed fee of letters', payload({ '55': '02', '56': 'seribu' }), { code: 'BAD_TIP' }],
  [
    'a fixed fee with a percentage too',
    payload({ '55': '02', '56': '1000', '57': '5' }),
    { code: 'BAD_TIP' },
  ],
  ['a percentage without 57', payload({ '55': '03' }), { code: 'BAD_TIP' }],
  ['a percentage of 150', payload({ '55': '03', '57': '150' }), { code: 'BAD_TIP' }],
  ['a percentage of 0', payload({ '55': '03', '57': '0' }), { code: 'BAD_TIP' }],
  ['a percentage with a % sign', payload({ '55': '03', '57': '5%' }), { code: 'BAD_TIP' }],
  ['a fee without an indicator', payload({ '56': '1000' }), { code: 'BAD_TIP' }],
  ['a tip prompt with a fee', payload({ '55': '01', '56': '1000' }), { code: 'BAD_TIP' }],
];

describe('bad QRIS payloads', () => {
  it.each(BAD)('refuses %s', (_, text, error) => {
    const reading = decodeQris(text);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? undefined : reading.error).toMatchObject(error);
    expect(reading.ok ? '' : reading.error.detail).not.toBe('');
  });

  it('has an example of every error code', () => {
    const shown = new Set(BAD.map(([, , e]) => e.code));
    expect(QRIS_ERROR_CODES.filter((code) => !shown.has(code))).toEqual([]);
  });

  it('reads the base of the table as a good code', () => {
    expect(decodeQris(good).ok).toBe(true);
    expect(decodeQris(dynamic('15000')).ok).toBe(true);
    expect(decodeQris(payload({ '55': '03', '57': '2.5' })).ok).toBe(true);
  });
});
