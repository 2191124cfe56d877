// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultFavouriteName, favouriteUrl } from '@/engine/favourites';
import { flowById } from '@/engine/flows-all';
import { FAVOURITE_NAME_MAX, type FlowFile } from '@/shared/flows';

const flow = (id: string) => flowById(id) as FlowFile;

describe('favourites of a flow', () => {
  it('are offered a name of the flow and that value, never longer than the server takes', () => {
    expect(defaultFavouriteName('BPJS Kesehatan', '8888801234567')).toBe('BPJS Kesehatan 8888801234567');
    expect(defaultFavouriteName('Own account', undefined)).toBe('Own account');
    const long = defaultFavouriteName('Transfer ke rekening lain di bank ini', '8001 2345 6837');
    // The label gives way; the value that tells it apart stays whole.
    expect(long).toBe('Transfer ke rekening 8001 2345 6837');
    expect(long).toHaveLength(FAVOURITE_NAME_MAX);
    for (const [label, detail] of [
      ['x'.repeat(50), undefined],
      ['x'.repeat(50), '1234567890'],
      ['BPJS', '9'.repeat(40)],
      ['BPJS', '9'.repeat(31)],
    ] as const)
      expect(defaultFavouriteName(label, detail).length).toBeLessThanOrEqual(FAVOURITE_NAME_MAX);
  });

  it('start at the flow’s form, with the variant of a shared route kept', () => {
    expect(favouriteUrl(flow('payment.bpjs'), '7')).toBe('/payment/bpjs/inquiry/?favorite=7');
    const samebank = flow('transfer.samebank');
    expect(favouriteUrl(samebank, '12')).toBe(`/transfer/inquiry/?type=${samebank.variant}&favorite=12`);
  });
});
