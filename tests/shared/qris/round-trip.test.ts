// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeQris, encodeQris } from '@/shared/qris';
import { validQris } from './arbitraries';
import { DYNAMIC_45500, STATIC_WITH_TIP } from './samples';

/** Every printable ASCII character. */
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
/** What a change of one character may be told as: the CRC, or before it what the code is. */
const CAUGHT = ['NOT_QRIS', 'CRC_MISSING', 'CRC_MISMATCH'];

describe('QRIS encode and decode', () => {
  it('reads back exactly what it wrote, for any valid code', () => {
    fc.assert(
      fc.property(validQris, (qris) => {
        const text = encodeQris(qris);
        expect(text.length).toBeLessThanOrEqual(512);
        expect(decodeQris(text)).toEqual({ ok: true, qris });
        // and writes it again the same way: one text per code
        expect(encodeQris(qris)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('catches any one character changed, anywhere, to any other printable one', () => {
    fc.assert(
      fc.property(validQris, fc.nat(), fc.constantFrom(...PRINTABLE), (qris, where, to) => {
        const text = encodeQris(qris);
        const at = where % text.length;
        fc.pre(text[at] !== to);
        const changed = text.slice(0, at) + to + text.slice(at + 1);
        const reading = decodeQris(changed);
        expect(reading.ok).toBe(false);
        expect(CAUGHT).toContain(reading.ok ? '' : reading.error.code);
      }),
      { numRuns: 1000 },
    );
  });

  it('catches every one-character change of the two sample payloads, the CRC digits included', () => {
    for (const sample of [STATIC_WITH_TIP, DYNAMIC_45500]) {
      const text = encodeQris(sample);
      for (let at = 0; at < text.length; at++)
        for (const to of PRINTABLE) {
          if (to === text[at]) continue;
          const reading = decodeQris(text.slice(0, at) + to + text.slice(at + 1));
          if (reading.ok || !CAUGHT.includes(reading.error.code))
            expect.fail(`"${text[at]}" -> "${to}" at ${at} read as ${JSON.stringify(reading)}`);
        }
    }
  });
});
