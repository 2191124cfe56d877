import { describe, expect, it } from 'vitest';
import { renderedIndexes, rowWindow } from '@/engine/fields/window';
import { cleanMoneyText, moneyToText, textToMoney } from '@/engine/fields/money-text';

describe('row window', () => {
  it('covers the rows in view plus the overscan, clamped to the array', () => {
    expect(rowWindow(0, 476, 68, 1000, 4)).toEqual({ start: 0, end: 11 });
    expect(rowWindow(500 * 68, 476, 68, 1000, 4)).toEqual({ start: 496, end: 511 });
    expect(rowWindow(999 * 68, 476, 68, 1000, 4)).toEqual({ start: 995, end: 1000 });
    expect(rowWindow(0, 476, 68, 0, 4)).toEqual({ start: 0, end: 0 });
  });

  it('keeps the focused row rendered when it scrolled out of the window', () => {
    expect(renderedIndexes({ start: 10, end: 13 }, 2, 100)).toEqual([2, 10, 11, 12]);
    expect(renderedIndexes({ start: 10, end: 13 }, 50, 100)).toEqual([10, 11, 12, 50]);
    expect(renderedIndexes({ start: 10, end: 13 }, 11, 100)).toEqual([10, 11, 12]);
  });
});

describe('money cell text', () => {
  it('takes whole rupiah and keeps minor units', () => {
    expect(textToMoney('150000', 'IDR')).toBe(15_000_000);
    expect(moneyToText(15_000_000, 'IDR')).toBe('150000');
    expect(textToMoney('', 'IDR')).toBeUndefined();
    expect(cleanMoneyText('1.500.000', 'IDR')).toBe('1500000');
  });

  it('takes up to two decimals in USD', () => {
    expect(textToMoney('12.5', 'USD')).toBe(1250);
    expect(textToMoney('12.', 'USD')).toBe(1200);
    expect(textToMoney('12.345', 'USD')).toBeUndefined();
    expect(cleanMoneyText('12.345', 'USD')).toBe('12.34');
    expect(moneyToText(1250, 'USD')).toBe('12.50');
  });
});
