// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse } from '@/shared/qris';

// Expected values computed apart from this code, with Python's binascii.crc_hqx(data, 0xFFFF) (the same
// CRC: poly 0x1021, init 0xFFFF, not reflected) over the UTF-8 bytes.
describe('crc16CcittFalse', () => {
  it('gives the standard check value and the empty string its init', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('signs a static and a dynamic QRIS payload as an independent implementation does', () => {
    const staticCode =
      '00020101021126680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI' +
      '51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605502015802ID5912Kopi Santoso' +
      '6015JAKARTA SELATAN61051219062070703A016304';
    const dynamicCode =
      '00020101021226680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI' +
      '51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605405455005802ID5912Kopi Santoso' +
      '6015JAKARTA SELATAN61051219062470116KS-20261204-00170516OCTO0082731-00170703A016304';
    expect(crc16CcittFalse(staticCode)).toBe('D8EE');
    expect(crc16CcittFalse(dynamicCode)).toBe('8107');
  });

  it('reads text as UTF-8 bytes and writes 4 uppercase digits, zero-padded', () => {
    expect(crc16CcittFalse('Kopi Sántoso ☕')).toBe('E1D3');
    for (let i = 0; i < 300; i++) expect(crc16CcittFalse(String(i))).toMatch(/^[0-9A-F]{4}$/);
  });
});
