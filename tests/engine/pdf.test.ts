import { describe, expect, it } from 'vitest';
import { buildPdf } from '@/engine/pdf';

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

describe('receipt PDF writer', () => {
  it('writes a valid PDF whose cross-reference offsets point at its objects', () => {
    const bytes = buildPdf(
      [
        { text: 'Bukti transaksi', size: 18, bold: true },
        { text: 'Nomor referensi', value: 'TRX123' },
        { text: 'Total (a)', value: 'Rp 1.125.400' },
      ],
      'Receipt TRX123',
    );
    const s = latin1(bytes);
    expect(s.startsWith('%PDF-1.4')).toBe(true);
    expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(s)![1]);
    expect(s.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...s.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((off, i) => expect(s.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    // Parentheses are escaped inside strings; the values are there.
    expect(s).toContain('(Total \\(a\\)) Tj');
    expect(s).toContain('(TRX123) Tj');
    const len = Number(/\/Length (\d+)/.exec(s)![1]);
    const start = s.indexOf('stream\n') + 7;
    expect(s.slice(start + len, start + len + 10)).toBe('\nendstream');
  });
});
