// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { merchantOf } from '../../../src/features/bills/virtual-account-page';

const m = (code: string, prefixes: string[], amountType = 'closed') => ({
  code,
  labelEng: code,
  labelIdn: code,
  prefixes,
  amountType,
});

describe('the merchant of a virtual account number', () => {
  const merchants = [m('A', ['807']), m('B', ['80777'], 'open'), m('C', ['80456'], 'partial')];
  it('is the one whose prefix the number starts with, the longest prefix winning', () => {
    expect(merchantOf('8077712345678', merchants)?.code).toBe('B');
    expect(merchantOf('8071112345678', merchants)?.code).toBe('A');
    expect(merchantOf('8045612345678', merchants)?.amountType).toBe('partial');
  });
  it('is none for a number no merchant starts with', () => {
    expect(merchantOf('9991112345678', merchants)).toBeUndefined();
    expect(merchantOf('', merchants)).toBeUndefined();
  });
});
