// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flowById } from '@/engine/flows-all';
import { transactionDetail, type FlowFile } from '@/shared/flows';

const flow = (id: string) => flowById(id) as FlowFile;

describe('a transaction of a flow', () => {
  it('is told apart by the first value typed that verify lists, written as verify writes it', () => {
    const source = { sourceOfFund: '12' };
    expect(
      transactionDetail(flow('payment.bpjs'), { ...source, customerNumber: '8888801234567' }, 'id'),
    ).toBe('8888801234567');
    expect(
      transactionDetail(
        flow('transfer.samebank'),
        { ...source, beneficiaryAccountNo: '800123456837', purpose: 'family', amount: 100 },
        'en',
      ),
    ).toBe('8001 2345 6837');
    expect(
      transactionDetail(
        flow('purchase.mobile'),
        { ...source, phoneNumber: '081298765431', operator: 'TSEL', denomination: 'TSEL-50' },
        'id',
      ),
    ).toBe('0812-9876-5431');
    // Between one's own accounts there is nothing typed (both accounts are choices).
    expect(
      transactionDetail(flow('transfer.own'), { ...source, beneficiaryAccount: '13', amount: 5 }, 'en'),
    ).toBeUndefined();
    expect(
      transactionDetail(flow('payment.bpjs'), { ...source, customerNumber: '  ' }, 'en'),
    ).toBeUndefined();
  });
});
