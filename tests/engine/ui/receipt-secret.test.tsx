import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildReceiptPdf, type ReceiptFonts } from '@/engine/receipt-pdf/build';
import { loadReceiptFonts } from '@/engine/receipt-pdf/fonts';
import { ReceiptView } from '@/engine/ui/receipt-view';
import { toRestore } from '@/engine/ui/flow-page';
import { createFlowMachine, provideServices } from '@/engine/machine/flow-machine';
import { initI18n, stringsReady } from '@/shared/i18n/i18n';
import { stepStrings } from '@/engine/strings';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { Receipt } from '@/shared/flows';
import enCommon from '../../../locales/en/common.json';
import idCommon from '../../../locales/id/common.json';
import enEngine from '../../../locales/en/engine.json';
import idEngine from '../../../locales/id/engine.json';
import enFlows from '../../../locales/en/flows.json';
import idFlows from '../../../locales/id/flows.json';

// The PDF's rows as the receipt hands them to the writer (an edge tests/setup-unit.ts doubles).
const built = { rows: [] as unknown[] };
beforeEach(() => {
  vi.mocked(buildReceiptPdf).mockImplementation(async (doc) => {
    built.rows = doc.rows;
    return new Uint8Array([37, 80, 68, 70]);
  });
  vi.mocked(loadReceiptFonts).mockImplementation(async () => ({}) as ReceiptFonts);
});

/** A virtual card number's receipt: the number and CVV come once, as the answer's `secret`. */
const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'virtualcardnumber.issue')!.flow;
const NUMBER = '5221841234567897';
const receipt: Receipt = {
  referenceNo: '2611250000004321',
  status: 'success',
  flowId: flow.id,
  fees: [],
  details: {
    cardName: 'Octo Card World',
    cardNumber: '5481 17** **** 9012',
    vcnLimit: { amount: 100_000_000, currency: 'IDR' },
    validUntil: '2027-02-25',
    vcnNumber: '•••• •••• •••• 7897',
    vcnExpiry: '02/27',
  },
  createdAt: '2026-11-25T01:15:02Z',
  secret: { cardNumber: NUMBER, cvv: '408' },
};

beforeAll(async () => {
  const i18n = initI18n(
    {
      en: { common: enCommon, engine: enEngine, flows: enFlows },
      id: { common: idCommon, engine: idEngine, flows: idFlows },
    },
    'en',
  );
  // what the pages after a form say, in both languages, before they draw (they wait for it: useStrings)
  for (const lang of ['id', 'en'] as const) {
    await i18n.changeLanguage(lang);
    await stringsReady(i18n, stepStrings);
  }
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(r: Receipt) {
  render(
    <ReceiptView
      flow={flow}
      receipt={r}
      form={{ card: '9', limit: 100_000_000, validity: 3 }}
      labels={{}}
      services={{
        saveFavourite: vi.fn(),
        receiptCode: vi.fn(async () => ({ code: 'K3M9Q2XA7P', path: '/r/x' })),
      }}
      onNew={() => undefined}
    />,
  );
}

describe('a receipt with one-time values', () => {
  it('shows the number in groups of four and the CVV, says they are shown once, and prints neither', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show(receipt);
    const view = await screen.findByTestId('receipt-view');
    expect(view.textContent).toContain('5221 8412 3456 7897');
    expect(view.textContent).toContain('408');
    expect(screen.getByTestId('receipt-secret-notice').textContent).toMatch(/only once/);
    expect(screen.getAllByTestId('receipt-secret')).toHaveLength(2);
    await userEvent.click(screen.getByTestId('receipt-pdf'));
    await waitFor(() => expect(built.rows.length).toBeGreaterThan(0));
    const printed = JSON.stringify(built.rows);
    expect(printed).toContain('Spending limit');
    expect(printed).not.toContain('5221');
    expect(printed).not.toContain('408');
  });

  it('says "shown only once" where a receipt read again has none', async () => {
    const { secret: _s, ...again } = receipt;
    show(again);
    const view = await screen.findByTestId('receipt-view');
    expect(view.textContent).not.toContain(NUMBER);
    expect(screen.queryByTestId('receipt-secret-notice')).toBeNull();
    expect(screen.getAllByTestId('receipt-secret').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Shown only once'),
      expect.stringContaining('Shown only once'),
    ]);
  });

  it('is never part of what the page keeps when it is left', () => {
    const a = createActor(provideServices(createFlowMachine(flow), flow, {} as never), {
      input: { flow, restore: { form: { card: '9' }, receipt } },
    });
    a.start();
    expect(a.getSnapshot().context.receipt?.secret).toEqual(receipt.secret);
    const kept = toRestore(a.getSnapshot() as never);
    expect(kept.receipt?.referenceNo).toBe(receipt.referenceNo);
    expect(JSON.stringify(kept)).not.toContain(NUMBER);
    expect(JSON.stringify(kept)).not.toContain('"408"');
    a.stop();
  });
});
