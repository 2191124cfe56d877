import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReceiptView } from '@/engine/ui/receipt-view';
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

const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.samebank')!.flow;
const schema = JSON.parse(
  readFileSync(path.resolve('schemas/forms/transfer/same-bank.json'), 'utf8'),
) as Record<string, unknown>;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const receipt: Receipt = {
  referenceNo: '2611250000001234',
  status: 'success',
  flowId: flow.id,
  amount: idr(25_000_000),
  fees: [],
  total: idr(25_000_000),
  details: { beneficiaryName: 'SARI DEWI' },
  createdAt: '2026-11-25T01:15:02Z',
};
const form = {
  sourceOfFund: '7',
  beneficiaryAccountNo: '800123456837',
  purpose: 'family',
  amount: 25_000_000,
  message: 'Sewa Mei',
};

beforeAll(async () => {
  const i18n = initI18n(
    {
      en: { common: enCommon, engine: enEngine, flows: enFlows },
      id: { common: idCommon, engine: idEngine, flows: idFlows },
    },
    'id',
  );
  // what the pages after a form say, in both languages, before they draw (they wait for it: useStrings)
  for (const lang of ['en', 'id'] as const) {
    await i18n.changeLanguage(lang);
    await stringsReady(i18n, stepStrings);
  }
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(receiptCode = vi.fn(async (_ref: string) => ({ code: 'K3M9Q2XA7P', path: '/r/K3M9Q2XA7P' }))) {
  render(
    <ReceiptView
      flow={flow}
      receipt={receipt}
      form={form}
      labels={{ sourceOfFund: { value: '7', labelEng: 'Tabungan Xtra', labelIdn: 'Tabungan Xtra' } }}
      schema={schema}
      services={{ saveFavourite: vi.fn(), receiptCode }}
      onNew={() => undefined}
    />,
  );
  return receiptCode;
}

describe('receipt', () => {
  it("shows every row with its value: the purpose, and the message under 'Berita' (not the form's label)", async () => {
    show();
    const view = await screen.findByTestId('receipt-view');
    expect(view.textContent).toContain('Tujuan transaksi');
    expect(view.textContent).toContain('Keluarga');
    expect(view.textContent).toContain('Berita');
    expect(view.textContent).toContain('Sewa Mei');
    expect(view.textContent).not.toContain('Pesan (opsional)');
  });

  it("shares through the device's share sheet with the link a merchant opens to check it", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...globalThis.navigator, share });
    const receiptCode = show();
    expect(await screen.findByTestId('receipt-check-code')).toHaveProperty(
      'textContent',
      'Kode cek K3M9Q-2XA7P',
    );
    expect(receiptCode).toHaveBeenCalledWith('2611250000001234');
    await userEvent.click(screen.getByTestId('receipt-share'));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const arg = (share.mock.calls[0] as unknown as [ShareData])[0];
    expect(arg.url).toBe(`${location.origin}/r/K3M9Q2XA7P`);
    expect(arg.text).toContain('2611250000001234');
    expect(arg.text).toContain('Sewa Mei');
  });

  it("keeps the check code's line from the start, so the buttons do not move under a tap when the code comes", async () => {
    let answer: (c: { code: string; path: string }) => void = () => undefined;
    show(
      vi.fn((_ref: string) => new Promise<{ code: string; path: string }>((resolve) => (answer = resolve))),
    );
    const waiting = screen.getByTestId('receipt-check-code-loading');
    const buttons = screen.getByTestId('receipt-favourite').parentElement!;
    expect(waiting.compareDocumentPosition(buttons) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    answer({ code: 'K3M9Q2XA7P', path: '/r/K3M9Q2XA7P' });
    expect(await screen.findByTestId('receipt-check-code')).toHaveProperty(
      'textContent',
      'Kode cek K3M9Q-2XA7P',
    );
    expect(screen.queryByTestId('receipt-check-code-loading')).toBeNull();
  });

  it('drops the line when no check code comes: the receipt prints and shares without one', async () => {
    show(vi.fn(async (_ref: string) => Promise.reject(new Error('offline'))));
    await waitFor(() => expect(screen.queryByTestId('receipt-check-code-loading')).toBeNull());
    expect(screen.queryByTestId('receipt-check-code')).toBeNull();
    expect(screen.getByTestId('receipt-pdf')).toBeTruthy();
  });
});
