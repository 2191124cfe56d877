// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmLocaleData } from '../../src/shared/locale-warmup';

const { DateTimeFormat, PluralRules } = Intl;

describe('warmLocaleData', () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(Intl, { DateTimeFormat, PluralRules });
  });

  it('builds the first formatters later, one task each, so none blocks the page for all of them', () => {
    const made: string[] = [];
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(locale?: string, options?: Intl.DateTimeFormatOptions) {
          super(locale, options);
          made.push(`date ${locale} ${options?.timeZone}`);
        }
      },
      PluralRules: class extends PluralRules {
        constructor(locale?: string) {
          super(locale);
          made.push(`plural ${locale}`);
        }
      },
    });
    vi.useFakeTimers();
    warmLocaleData('id');
    expect(made).toEqual([]);
    const afterEachTask = [1, 2, 3].map(() => (vi.advanceTimersToNextTimer(), [...made]));
    expect(afterEachTask).toEqual([
      ['date id-ID Asia/Jakarta'],
      ['date id-ID Asia/Jakarta', 'date id-ID UTC'],
      ['date id-ID Asia/Jakarta', 'date id-ID UTC', 'plural id'],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
