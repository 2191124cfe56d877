import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FlowActorView } from '@/engine/ui/flow-step-view';
import { createFlowMachine, currentMeta, provideServices } from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { ErrorProvider } from '@/shared/ui';
import { initI18n } from '@/shared/i18n/i18n';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { InquiryResponse } from '@/shared/flows';
import enCommon from '../../../locales/en/common.json';
import enEngine from '../../../locales/en/engine.json';
import enFlows from '../../../locales/en/flows.json';
import enErrors from '../../../locales/en/errors.json';

/** A registered biller paid in two taps: its saved form sends itself, each step once. */
const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'payment.insurance')!.flow;
const saved = { sourceOfFund: '7', category: 'health', company: 'BUPA', customerNumber: '1234567890' };

function servicesCounting() {
  const calls: Record<string, unknown>[] = [];
  const services = {
    formData: async () => ({
      sourceOfFund: [
        { value: '7', labelEng: 'Tabungan Xtra', labelIdn: 'Tabungan Xtra', detail: { currency: 'IDR' } },
      ],
      company: [{ value: 'BUPA', labelEng: 'Bupa', labelIdn: 'Bupa', detail: { category: 'health' } }],
    }),
    inquiry: async (_flowId: string, form: Record<string, unknown>): Promise<InquiryResponse> => {
      calls.push(form);
      return {
        inquiryId: 'inq-1',
        flowId: flow.id,
        amount: { amount: 10_000_000, currency: 'IDR' },
        fees: [],
        total: { amount: 10_000_000, currency: 'IDR' },
        details: { providerName: { en: 'Bupa', id: 'Bupa' }, customerName: 'SITI' },
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        phones: [],
      };
    },
  } as unknown as TransactionServices;
  return { calls, services };
}

beforeAll(() => {
  initI18n({ en: { common: enCommon, engine: enEngine, flows: enFlows, errors: enErrors } }, 'en');
});
afterEach(cleanup);

describe('a saved form sent at once (autoSubmit)', () => {
  it('passes the category step and the form by itself, once, and leaves them to the customer after Back', async () => {
    const { calls, services } = servicesCounting();
    const actor = createActor(provideServices(createFlowMachine(flow), flow, services), {
      input: { flow, restore: { form: saved } },
    });
    actor.start();
    render(
      <ErrorProvider>
        <FlowActorView flow={flow} actor={actor} services={services} autoSubmit />
      </ErrorProvider>,
    );
    await waitFor(() => expect(currentMeta(actor.getSnapshot())?.view).toBe('verify'));
    expect(calls).toEqual([saved]);
    // The verify page shows what the look-up answered, with the source of fund's label.
    expect((await screen.findByText('SITI')).textContent).toBe('SITI');
    expect(screen.getByText(/Tabungan Xtra/)).toBeTruthy();
    actor.send({ type: 'BACK' });
    await screen.findByTestId('inquiry-view');
    expect(currentMeta(actor.getSnapshot())?.path).toBe('inquiry/');
    // Nothing sends itself again: the customer edits.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(currentMeta(actor.getSnapshot())?.view).toBe('inquiry');
    actor.stop();
  });

  it('does nothing by itself without it', async () => {
    const { calls, services } = servicesCounting();
    const actor = createActor(provideServices(createFlowMachine(flow), flow, services), {
      input: { flow, restore: { form: saved } },
    });
    actor.start();
    render(
      <ErrorProvider>
        <FlowActorView flow={flow} actor={actor} services={services} />
      </ErrorProvider>,
    );
    await screen.findByTestId('inquiry-view');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(currentMeta(actor.getSnapshot())?.path).toBe('category/');
    actor.stop();
  });
});
