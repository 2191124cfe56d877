import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FlowActorView } from '@/engine/ui/flow-step-view';
import { billerNumberError } from '@/engine/ui/biller-number';
import { createFlowMachine, currentMeta, provideServices } from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { ErrorProvider } from '@/shared/ui';
import { initI18n } from '@/shared/i18n/i18n';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { ChoiceOption, InquiryResponse } from '@/shared/flows';
import enCommon from '../../../locales/en/common.json';
import enEngine from '../../../locales/en/engine.json';
import enFlows from '../../../locales/en/flows.json';
import enErrors from '../../../locales/en/errors.json';

/** Online shopping: the customer chooses the shop, whose payment codes have their own length. */
const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'payment.e-commerce')!.flow;
const choices: Record<string, ChoiceOption[]> = {
  sourceOfFund: [
    { value: '7', labelEng: 'Tabungan Xtra', labelIdn: 'Tabungan Xtra', detail: { currency: 'IDR' } },
  ],
  company: [
    {
      value: 'TOKOPEDIA',
      labelEng: 'Tokopedia',
      labelIdn: 'Tokopedia',
      detail: { number: { type: 'N', min: 16, max: 16 } },
    },
    {
      value: 'SHOPEE',
      labelEng: 'Shopee',
      labelIdn: 'Shopee',
      detail: { number: { type: 'N', min: 12, max: 16 } },
    },
  ],
};

function servicesCounting() {
  const calls: Record<string, unknown>[] = [];
  const services = {
    formData: async () => choices,
    inquiry: async (_flowId: string, form: Record<string, unknown>): Promise<InquiryResponse> => {
      calls.push(form);
      return {
        inquiryId: 'inq-1',
        flowId: flow.id,
        amount: { amount: 10_000_000, currency: 'IDR' },
        fees: [],
        total: { amount: 10_000_000, currency: 'IDR' },
        details: { providerName: { en: 'Tokopedia', id: 'Tokopedia' }, customerName: 'SITI' },
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

describe("the chosen biller's number, checked on the form", () => {
  it("tells a code of the wrong length under its field in the customer's language, and lets a right one be", () => {
    const form = { sourceOfFund: '7', company: 'TOKOPEDIA', paymentCode: '123456789012' };
    expect(billerNumberError(flow, choices, form, 'en')).toEqual({
      field: 'paymentCode',
      message: 'Tokopedia numbers are 16 digits',
    });
    expect(billerNumberError(flow, choices, form, 'id')?.message).toBe(
      'Nomor Tokopedia terdiri dari 16 angka',
    );
    expect(billerNumberError(flow, choices, { ...form, company: 'SHOPEE' }, 'en')).toBeUndefined();
    expect(
      billerNumberError(flow, choices, { ...form, paymentCode: '1234567890123456' }, 'en'),
    ).toBeUndefined();
    // nothing typed yet: the schema's "required" says so
    expect(billerNumberError(flow, choices, { ...form, paymentCode: '' }, 'en')).toBeUndefined();
  });

  it('sends no inquiry for a Tokopedia code of 12 digits (the server would refuse it with a 400), one for 16', async () => {
    const { calls, services } = servicesCounting();
    const saved = { sourceOfFund: '7', company: 'TOKOPEDIA', paymentCode: '123456789012' };
    const actor = createActor(provideServices(createFlowMachine(flow), flow, services), {
      input: { flow, restore: { form: saved } },
    });
    actor.start();
    render(
      <ErrorProvider>
        <FlowActorView flow={flow} actor={actor} services={services} autoSubmit />
      </ErrorProvider>,
    );
    expect((await screen.findByText('Tokopedia numbers are 16 digits')).textContent).toBe(
      'Tokopedia numbers are 16 digits',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(currentMeta(actor.getSnapshot())?.view).toBe('inquiry');
    actor.stop();
    cleanup();

    const right = servicesCounting();
    const form16 = { ...saved, paymentCode: '1234567890123456' };
    const again = createActor(provideServices(createFlowMachine(flow), flow, right.services), {
      input: { flow, restore: { form: form16 } },
    });
    again.start();
    render(
      <ErrorProvider>
        <FlowActorView flow={flow} actor={again} services={right.services} autoSubmit />
      </ErrorProvider>,
    );
    await waitFor(() => expect(right.calls).toEqual([form16]));
    again.stop();
  });
});
