// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeQris, type Qris } from '@/shared/qris';
import { ACQUIRER, field, fields, NATIONAL, payload, signed } from './build';
import { DYNAMIC_45500, STATIC_WITH_TIP } from './samples';

const STATIC_TEXT =
  '00020101021126680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI' +
  '51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605502015802ID5912Kopi Santoso' +
  '6015JAKARTA SELATAN61051219062070703A016304D8EE';
const DYNAMIC_TEXT =
  '00020101021226680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI' +
  '51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605405455005802ID5912Kopi Santoso' +
  '6015JAKARTA SELATAN61051219062470116KS-20261204-00170516OCTO0082731-00170703A0163048107';

function read(text: string): Qris {
  const reading = decodeQris(text);
  if (!reading.ok) throw new Error(`${reading.error.code}: ${reading.error.detail}`);
  return reading.qris;
}

describe('decodeQris', () => {
  it('reads a static code with a tip prompt and a dynamic one with its amount', () => {
    expect(read(STATIC_TEXT)).toEqual(STATIC_WITH_TIP);
    expect(read(DYNAMIC_TEXT)).toEqual(DYNAMIC_45500);
    expect(read(DYNAMIC_TEXT).amount).toEqual({ amount: 4_550_000, currency: 'IDR' });
  });

  it('takes a pasted payload with whitespace around it, and nothing else altered', () => {
    expect(read(`\n  ${STATIC_TEXT} \r\n`)).toEqual(STATIC_WITH_TIP);
    expect(read(`\uFEFF${STATIC_TEXT}\t`)).toEqual(STATIC_WITH_TIP);
    expect(decodeQris(STATIC_TEXT.replace('Kopi Santoso', 'Kopi  Santoso')).ok).toBe(false);
  });

  it('reads amounts by hand into sen, never through a float', () => {
    const amountOf = (text: string) => read(payload({ '01': '12', '54': text })).amount?.amount;
    expect(amountOf('15000')).toBe(1_500_000);
    expect(amountOf('15000.5')).toBe(1_500_050);
    expect(amountOf('15000.00')).toBe(1_500_000);
    expect(amountOf('0015000')).toBe(1_500_000);
    expect(amountOf('0.01')).toBe(1);
    expect(amountOf('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(amountOf('9999999999999')).toBe(999_999_999_999_900);
  });

  it('reads each kind of tip', () => {
    const tipOf = (more: Record<string, string>) => read(payload(more)).tip;
    expect(tipOf({})).toBeUndefined();
    expect(tipOf({ '55': '01' })).toEqual({ kind: 'prompt' });
    expect(tipOf({ '55': '02', '56': '2000' })).toEqual({
      kind: 'fixed',
      fee: { amount: 200_000, currency: 'IDR' },
    });
    expect(tipOf({ '55': '03', '57': '5' })).toEqual({ kind: 'percent', basisPoints: 500 });
    expect(tipOf({ '55': '03', '57': '2.5' })).toEqual({ kind: 'percent', basisPoints: 250 });
    expect(tipOf({ '55': '03', '57': '99.99' })).toEqual({ kind: 'percent', basisPoints: 9999 });
    expect(tipOf({ '55': '03', '57': '0.01' })).toEqual({ kind: 'percent', basisPoints: 1 });
  });

  it('keeps what it does not type, as written', () => {
    const qris = read(
      payload({
        '02': '4000123456789012',
        '26': ACQUIRER + field('04', 'x1'),
        '62': fields({ '07': 'A01', '50': fields({ '00': 'ID.CO.BANKNAME.WWW', '01': 'promo' }) }),
        '64': fields({ '00': 'ID', '01': 'Kopi Santoso' }),
        '99': 'anything',
      }),
    );
    expect(qris.other).toEqual({
      '02': '4000123456789012',
      '64': '0002ID0112Kopi Santoso',
      '99': 'anything',
    });
    expect(qris.merchant.accounts[0]!.other).toEqual({ '04': 'x1' });
    expect(qris.additional).toEqual({
      terminalLabel: 'A01',
      other: { '50': '0018ID.CO.BANKNAME.WWW0105promo' },
    });
  });

  it('takes fields out of tag order, and lists merchant accounts by tag', () => {
    const body =
      '000201' +
      field('51', NATIONAL) +
      field('01', '11') +
      field('59', 'Kopi Santoso') +
      field('27', fields({ '00': 'COM.EXAMPLE.WWW' })) +
      field('26', ACQUIRER) +
      fields({ '52': '5814', '53': '360', '58': 'ID', '60': 'JAKARTA' });
    const qris = read(signed(body));
    expect(qris.merchant.accounts.map((a) => a.tag)).toEqual(['26', '27', '51']);
    expect(qris.acquirer).toBe('ID.CO.CIMBNIAGA.WWW');
  });

  it('names the acquirer only when a template other than the national one is there', () => {
    expect(read(payload({ '26': undefined })).acquirer).toBeUndefined();
    expect(read(payload({ '26': undefined })).merchant.nmid).toBe('ID1026000827310');
    expect(read(payload({ '45': fields({ '00': 'ID.CO.BANKNAME.WWW' }) })).acquirer).toBe(
      'ID.CO.CIMBNIAGA.WWW',
    );
  });

  it('counts characters, not UTF-16 units (25 here, of 37 units), and signs UTF-8 bytes', () => {
    const qris = read(payload({ '59': 'Kopi Sántoso ☕' }));
    expect(qris.merchant.name).toBe('Kopi Sántoso ☕');
    expect(decodeQris(payload({ '59': 'Kopi Sántoso ' + '🍵'.repeat(12) })).ok).toBe(true);
    expect(decodeQris(payload({ '59': 'Kopi Sántoso ' + '🍵'.repeat(13) }))).toMatchObject({
      ok: false,
      error: { code: 'FIELD_TOO_LONG', tag: '59' },
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (text) => {
        expect(decodeQris(text).ok).toBe(false);
        // past the first checks: text that starts right and carries a right CRC
        expect(() => decodeQris(signed(`000201${text}`))).not.toThrow();
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.integer({ min: 1, max: 99 }).map((n) => String(n).padStart(2, '0')),
          fc.string({ minLength: 1, maxLength: 30 }),
          { maxKeys: 12 },
        ),
        (changes) => {
          expect(() => decodeQris(payload(changes))).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
    for (const notText of [undefined, null, 42, {}, ['000201']])
      expect(decodeQris(notText as unknown as string)).toMatchObject({
        ok: false,
        error: { code: 'NOT_QRIS' },
      });
  });
});
