// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatRate } from '@/shared/decimal';

describe('exchange rates in the user language', () => {
  it('shows a booked rate exactly: every decimal that carries a value, at least two', () => {
    expect(formatRate('16185.0000', 'id')).toBe('16.185,00');
    expect(formatRate('16185.0000', 'en')).toBe('16,185.00');
    expect(formatRate('10523.4567', 'id')).toBe('10.523,4567');
    expect(formatRate('0.6120', 'en')).toBe('0.612');
    expect(formatRate('16185', 'id')).toBe('16.185,00');
    expect(formatRate('n/a', 'id')).toBe('n/a');
  });
});
