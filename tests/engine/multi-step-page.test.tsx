import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import type { StepInput, TransactionServices } from '@/engine/services/transaction-services';
import { initI18n } from '@/shared/i18n/i18n';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { Receipt } from '@/shared/flows';
import enCommon from '../../locales/en/common.json';
import enEngine from '../../locales/en/engine.json';
import enEngine2 from '../../locales/en/engine2.json';
import enFlows from '../../locales/en/flows.json';
import enErrors from '../../locales/en/errors.json';

// The page of a multi-step inquiry (Sun Life, steps 1-3): "step N of M", each step sending only its own
// fields, the next step choosing among the options the step before answered, Back keeping them.
const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'applyandinvest.sunlife')!.flow;
const sent: StepInput[] = [];
const never = () => new Promise<never>(() => undefined);
const services: TransactionServices = {
  formData: async () => ({
    sourceOfFund: [
      { value: '7', labelEng: 'Tabungan Xtra', labelIdn: 'Tabungan Xtra', detail: { currency: 'IDR' } },
    ],
  }),
  inquiryStep: async (input) => {
    sent.push(input);
    return {
      stepToken: 'tok',
      step: input.step,
      details:
        input.step === 'insured'
          ? {
              options: [
                {
                  value: 'INS-SUNLIFE-BP',
                  labelEng: 'Brilliant Protection',
                  labelIdn: 'Brilliant Protection',
                },
              ],
            }
          : { premium: 1_050_000_000 },
    };
  },
  inquiry: never,
  startVerification: never,
  resendVerification: never,
  watchApproval: () => () => {},
  confirm: async () => ({}) as Receipt,
  saveFavourite: never,
  favourite: async () => undefined,
};

beforeAll(() => {
  initI18n(
    { en: { common: enCommon, engine: enEngine, engine2: enEngine2, flows: enFlows, errors: enErrors } },
    'en',
  );
});
afterEach(cleanup);

describe('multi-step inquiry page', () => {
  it('shows step N of M, sends each step its own fields, and offers what the step before answered', async () => {
    render(<FlowStepView flow={flow} services={services} />);
    expect((await screen.findByTestId('step-counter')).textContent).toBe('Step 1 of 3 · The insured');
    await userEvent.click(await screen.findByRole('radio', { name: 'Life' }));
    await userEvent.type(screen.getByLabelText(/date of birth/), '1990-06-15');
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    expect((await screen.findByText(/Step 2 of 3/)).textContent).toBe('Step 2 of 3 · Cover and term');
    expect(sent[0]).toEqual({
      flowId: 'applyandinvest.sunlife',
      step: 'insured',
      form: { category: 'life', insuredBirthDate: '1990-06-15' },
    });
    await userEvent.click(await screen.findByRole('combobox', { name: /Product/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Brilliant Protection' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Sum assured/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rp 250 million' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Term/ }));
    await userEvent.click(await screen.findByRole('option', { name: '10 years' }));
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByText(/Step 3 of 3/)).toBeTruthy();
    expect(sent[1]).toEqual({
      flowId: 'applyandinvest.sunlife',
      step: 'cover',
      stepToken: 'tok',
      form: { product: 'INS-SUNLIFE-BP', cover: 25_000_000_000, term: 10 },
    });
    // Back: step 2 again, with what was chosen.
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/Step 2 of 3/)).toBeTruthy();
    expect((await screen.findByRole('combobox', { name: /Product/ })).textContent).toContain(
      'Brilliant Protection',
    );
  }, 30_000);
});
