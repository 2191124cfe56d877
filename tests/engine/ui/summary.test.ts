// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { summaryLines } from '@/engine/ui/summary';
import { formatMoney } from '@/engine/format';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';

describe('summary lines of verify and receipt', () => {
  it("write the exchange rate in the page's language (it came as '16185.0000' on the Indonesian page)", () => {
    const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.samebank')!.flow;
    const lines = (lang: 'id' | 'en') =>
      summaryLines(
        {
          flow,
          rows: [],
          ctx: { form: {}, inquiry: {} },
          labels: {},
          amounts: { exchangeRate: '16185.0000' },
        },
        (k) => k,
        lang,
      );
    expect(lines('id')).toEqual([{ label: 'engine:summary.exchangeRate', value: '16.185,00' }]);
    expect(lines('en')).toEqual([{ label: 'engine:summary.exchangeRate', value: '16,185.00' }]);
  });

  it('name the special rate booked with the currency it prices (1 USD = Rp ...)', () => {
    const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.own')!.flow;
    const lines = summaryLines(
      {
        flow,
        rows: [],
        ctx: { form: {}, inquiry: {} },
        labels: {},
        amounts: {
          amount: { amount: 163_516_700, currency: 'IDR' },
          exchangeRate: '16351.6700',
          equivalent: { amount: 10_000, currency: 'USD' },
        },
      },
      (k) => k,
      'id',
    );
    expect(lines.find((l) => l.label === 'engine:summary.exchangeRate')?.value).toBe('1 USD = Rp 16.351,67');
  });
});

describe('prices a customer understands', () => {
  it('a top-up reads: the product, one price, one fee, one total (no "Nominal pulsa" beside a "Nominal")', () => {
    const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'purchase.mobile')!.flow;
    const idr = (amount: number) => ({ amount, currency: 'IDR' });
    const lines = summaryLines(
      {
        flow,
        rows: flow.verify.summary.filter((r) => r.value === 'form.denomination'),
        ctx: { form: { denomination: 'TSEL-100' }, inquiry: {} },
        labels: {
          denomination: { value: 'TSEL-100', labelEng: 'Credit 100,000', labelIdn: 'Pulsa 100.000' },
        },
        amounts: {
          amount: idr(10_200_000),
          fees: [{ kind: 'admin', amount: idr(150_000) }],
          total: idr(10_350_000),
        },
      },
      (k) => k,
      'id',
    );
    expect(lines).toEqual([
      { label: 'flows:purchase.mobile.product', value: 'Pulsa 100.000' },
      { label: 'flows:purchase.mobile.price', value: 'Rp 102.000' },
      { label: 'engine:summary.fees.admin', value: 'Rp 1.500' },
      { label: 'engine:summary.total', value: 'Rp 103.500', strong: true },
    ]);
  });

  it('show a fee charged in another currency with what it is charged as (a correspondent USD fee)', () => {
    const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.samebank')!.flow;
    const lines = summaryLines(
      {
        flow,
        rows: [],
        ctx: { form: {}, inquiry: {} },
        labels: {},
        amounts: {
          fees: [
            {
              kind: 'correspondence',
              amount: { amount: 41_087_500, currency: 'IDR' },
              charged: { amount: 2500, currency: 'USD' },
            },
          ],
        },
      },
      (k) => k,
      'en',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.label).toBe('engine:summary.fees.correspondence');
    expect(lines[0]!.value).toBe(
      `${formatMoney({ amount: 41_087_500, currency: 'IDR' }, 'en')} (${formatMoney({ amount: 2500, currency: 'USD' }, 'en')})`,
    );
  });
});

describe('a promo code on verify and the receipt', () => {
  const flow = () => loadFlowsFromDisk().flows.find((f) => f.flow.id === 'purchase.ewallet')!.flow;
  const idr = (amount: number) => ({ amount, currency: 'IDR' });
  const name = { en: 'Free top-up fee', id: 'Gratis biaya top up' };
  const lines = (promo: Parameters<typeof summaryLines>[0]['amounts'], lang: 'en' | 'id') =>
    summaryLines(
      { flow: flow(), rows: [], ctx: { form: {}, inquiry: {} }, labels: {}, amounts: promo },
      (k) => k,
      lang,
    );

  it('a waived fee reads as taken off, after the fee, before the total, in each language', () => {
    const shown = lines(
      {
        amount: idr(100_000_00),
        fees: [{ kind: 'admin', amount: idr(1_000_00) }],
        total: idr(100_000_00),
        promo: { code: 'TOPUPGRATIS', name, reward: 'feeWaiver', value: idr(1_000_00) },
      },
      'id',
    );
    expect(shown.map((l) => [l.label, l.value])).toEqual([
      ['engine:summary.amount', 'Rp 100.000'],
      ['engine:summary.fees.admin', 'Rp 1.000'],
      ['engine:promo.code', 'TOPUPGRATIS · Gratis biaya top up'],
      ['engine:promo.feeWaived', '-Rp 1.000'],
      ['engine:summary.total', 'Rp 100.000'],
    ]);
  });

  it('a cashback and points say what comes back', () => {
    const shown = lines(
      {
        amount: idr(51_500_00),
        total: idr(51_500_00),
        promo: { code: 'X', name, reward: 'cashback', value: idr(5_000_00), points: 1500 },
      },
      'en',
    );
    expect(shown.find((l) => l.label === 'engine:promo.cashback')?.value).toBe('IDR 5,000');
    expect(shown.find((l) => l.label === 'engine:promo.points')?.value).toBe('1,500');
    expect(shown.find((l) => l.label === 'engine:promo.code')?.value).toBe('X · Free top-up fee');
  });
});
