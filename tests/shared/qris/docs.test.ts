// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeQris, encodeQris } from '@/shared/qris';
import { DYNAMIC_45500, STATIC_WITH_TIP } from './samples';

describe('docs/qris.md', () => {
  it('shows the two sample payloads the writer makes, and the reader reads back', () => {
    const docs = readFileSync(new URL('../../../docs/qris.md', import.meta.url), 'utf8');
    const payloads = docs.match(/^000201.*$/gm);
    expect(payloads).toEqual([encodeQris(STATIC_WITH_TIP), encodeQris(DYNAMIC_45500)]);
    expect(payloads!.map(decodeQris)).toEqual([
      { ok: true, qris: STATIC_WITH_TIP },
      { ok: true, qris: DYNAMIC_45500 },
    ]);
  });
});
