// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeQris, encodeQris, QrisEncodeError, type QrisErrorCode, type QrisInput } from '@/shared/qris';
import { readTlv } from '@/shared/qris/tlv';
import { DYNAMIC_45500, STATIC_WITH_TIP } from './samples';

function refusal(input: QrisInput): QrisErrorCode | undefined {
  try {
    encodeQris(input);
    return undefined;
  } catch (e) {
    if (!(e instanceof QrisEncodeError)) throw e;
    return e.error.code;
  }
}

describe('encodeQris', () => {
  it('writes fields in tag order, 00 first and the CRC last', () => {
    for (const sample of [STATIC_WITH_TIP, DYNAMIC_45500]) {
      const reading = readTlv(encodeQris(sample));
      const tags = reading.ok ? reading.fields.map((f) => f.tag) : [];
      expect(tags[0]).toBe('00');
      expect(tags.at(-1)).toBe('63');
      expect(tags).toEqual([...tags].sort());
    }
    const dynamic = readTlv(encodeQris(DYNAMIC_45500));
    expect(dynamic.ok && dynamic.fields.map((f) => f.tag)).toEqual([
      '00',
      '01',
      '26',
      '51',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '61',
      '62',
      '63',
    ]);
  });

  it('makes a dynamic code for an amount from a merchant’s static one, which reads back', () => {
    const text = encodeQris({
      ...STATIC_WITH_TIP,
      initiation: 'dynamic',
      amount: { amount: 1_500_000, currency: 'IDR' },
      tip: undefined,
      additional: { referenceLabel: 'TP-0001', other: {} },
    });
    expect(text).toContain('540515000');
    const reading = decodeQris(text);
    expect(reading.ok && reading.qris).toMatchObject({
      initiation: 'dynamic',
      amount: { amount: 1_500_000, currency: 'IDR' },
      merchant: { name: 'Kopi Santoso', nmid: 'ID1026000827310' },
      additional: { referenceLabel: 'TP-0001' },
      acquirer: 'ID.CO.CIMBNIAGA.WWW',
    });
    expect(reading.ok && reading.qris.tip).toBeUndefined();
  });

  it('writes amounts and percentages as decimal text, sen only when there are any', () => {
    const withAmount = (amount: number) =>
      encodeQris({ ...STATIC_WITH_TIP, initiation: 'dynamic', amount: { amount, currency: 'IDR' } });
    expect(withAmount(1_500_000)).toContain('540515000');
    expect(withAmount(1_500_050)).toContain('540815000.50');
    expect(withAmount(1)).toContain('54040.01');
    const withPercent = (basisPoints: number) =>
      encodeQris({ ...STATIC_WITH_TIP, tip: { kind: 'percent', basisPoints } });
    expect(withPercent(250)).toContain('5502035703' + '2.5');
    expect(withPercent(500)).toContain('55020357015');
    expect(withPercent(1)).toContain('57040.01');
  });

  it('takes inputs without the derived acquirer and the empty maps', () => {
    const text = encodeQris({
      initiation: 'static',
      merchant: {
        name: 'Warung Bu Tini',
        city: 'BANDUNG',
        mcc: '5812',
        accounts: [{ tag: '51', gui: 'ID.CO.QRIS.WWW', merchantId: 'ID2026000000001' }],
      },
      currency: 'IDR',
    });
    expect(decodeQris(text)).toMatchObject({
      ok: true,
      qris: { merchant: { nmid: 'ID2026000000001' }, other: {} },
    });
  });

  it('refuses, with the reader’s code, an input whose payload the reader would refuse', () => {
    const dynamic = (amount: number, currency = 'IDR'): QrisInput => ({
      ...STATIC_WITH_TIP,
      initiation: 'dynamic',
      amount: { amount, currency },
    });
    const merchant = STATIC_WITH_TIP.merchant;
    expect(refusal(STATIC_WITH_TIP)).toBeUndefined();
    expect(refusal(dynamic(1.5))).toBe('BAD_AMOUNT');
    expect(refusal(dynamic(0))).toBe('BAD_AMOUNT');
    expect(refusal(dynamic(-100))).toBe('BAD_AMOUNT');
    expect(refusal(dynamic(10_000_000_000_000 * 100))).toBe('BAD_AMOUNT'); // 14 digits
    expect(refusal(dynamic(100, 'USD'))).toBe('CURRENCY_NOT_IDR');
    expect(refusal({ ...STATIC_WITH_TIP, tip: { kind: 'percent', basisPoints: 10_000 } })).toBe('BAD_TIP');
    expect(refusal({ ...STATIC_WITH_TIP, tip: { kind: 'fixed', fee: { amount: 0, currency: 'IDR' } } })).toBe(
      'BAD_TIP',
    );
    expect(
      refusal({ ...STATIC_WITH_TIP, merchant: { ...merchant, name: 'Kopi Santoso Jaya Abadi 26' } }),
    ).toBe('FIELD_TOO_LONG');
    expect(refusal({ ...STATIC_WITH_TIP, merchant: { ...merchant, name: 'x'.repeat(100) } })).toBe(
      'FIELD_TOO_LONG',
    );
    expect(refusal({ ...STATIC_WITH_TIP, merchant: { ...merchant, city: '' } })).toBe('MISSING_FIELD');
    expect(refusal({ ...STATIC_WITH_TIP, merchant: { ...merchant, mcc: '58' } })).toBe('INVALID_FIELD');
    expect(refusal({ ...STATIC_WITH_TIP, merchant: { ...merchant, nmid: 'ID1026000000000' } })).toBe(
      'INVALID_FIELD',
    );
    expect(
      refusal({ ...STATIC_WITH_TIP, merchant: { ...merchant, accounts: merchant.accounts.slice(0, 1) } }),
    ).toBe('NOT_QRIS');
    expect(
      refusal({
        ...STATIC_WITH_TIP,
        merchant: { ...merchant, accounts: [...merchant.accounts, merchant.accounts[0]!] },
      }),
    ).toBe('MALFORMED_TLV');
    expect(
      refusal({
        ...STATIC_WITH_TIP,
        merchant: { ...merchant, accounts: [{ ...merchant.accounts[0]!, tag: '52' }] },
      }),
    ).toBe('MALFORMED_TLV');
    expect(refusal({ ...STATIC_WITH_TIP, other: { '59': 'Another name' } })).toBe('MALFORMED_TLV');
    expect(refusal({ ...STATIC_WITH_TIP, other: { '6': 'x' } })).toBe('MALFORMED_TLV');
    expect(refusal({ ...STATIC_WITH_TIP, additional: { other: { '05': 'REF' } } })).toBe('MALFORMED_TLV');
    expect(refusal({ ...STATIC_WITH_TIP, additional: { billNumber: 'A\nB', other: {} } })).toBe(
      'INVALID_FIELD',
    );
  });
});
