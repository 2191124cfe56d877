import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { createActor } from 'xstate';
import { FlowActorView, FlowStepView } from '@/engine/ui/flow-step-view';
import { createFlowMachine, provideServices } from '@/engine/machine/flow-machine';
import { createHttpServices, type TransactionServices } from '@/engine/services/transaction-services';
import { initI18n } from '@/shared/i18n/i18n';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { FlowFile, Receipt } from '@/shared/flows';
import { ErrorProvider } from '@/shared/ui';
import enCommon from '../../locales/en/common.json';
import idCommon from '../../locales/id/common.json';
import enEngine from '../../locales/en/engine.json';
import idEngine from '../../locales/id/engine.json';
import enFlows from '../../locales/en/flows.json';
import idFlows from '../../locales/id/flows.json';
import enErrors from '../../locales/en/errors.json';
import idErrors from '../../locales/id/errors.json';
import { mockFetch } from '../shared/fetch-mock';

const flows = loadFlowsFromDisk().flows;
const flowOf = (id: string) => flows.find((f) => f.flow.id === id)!.flow;

const baseServices = (choices: Record<string, unknown>): TransactionServices => ({
  formData: async () => choices as never,
  inquiry: vi.fn(async () => {
    throw new Error('not in this test');
  }),
  startVerification: async () => ({ method: 'otp' }) as never,
  resendVerification: async () => ({ method: 'otp' }) as never,
  watchApproval: () => () => {},
  confirm: async () => ({}) as Receipt,
  saveFavourite: async (flowId, name, form) => ({ id: '1', flowId, name, form, createdAt: '' }),
  favourite: async () => undefined,
});

beforeAll(() => {
  initI18n(
    {
      en: { common: enCommon, engine: enEngine, flows: enFlows, errors: enErrors },
      id: { common: idCommon, engine: idEngine, flows: idFlows, errors: idErrors },
    },
    'en',
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const failed = {
  status: 415,
  body: {
    apierror: {
      sourceSystem: 'CLICKS',
      errorCode: 'UPLOAD_FAILED',
      message: 'x',
      errorTitleEng: 'Upload failed, please try again',
      errorTitleIdn: 'Unggah gagal, silakan coba lagi',
      errorMessageEng: 'Only JPG and PNG photos can be uploaded.',
      errorMessageIdn: 'Hanya foto JPG dan PNG yang dapat diunggah.',
    },
  },
};

describe('the gold saving registration: details, then the e-KTP with its photo', () => {
  it('uploads a chosen file for the e-KTP, and says why when the server refuses one', async () => {
    let reply: typeof failed | { status: number; body: unknown } = failed;
    const calls = mockFetch({ '/api/transaction/v1/photo': () => reply });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FlowStepView flow={flowOf('goldsaving.register')} services={baseServices({})} />
      </MemoryRouter>,
    );
    // The first page: the details (a form step of the flow's machine).
    await user.click(await screen.findByLabelText('Saving'));
    await user.type(screen.getByLabelText(/Mother's maiden name/), 'Siti Aminah');
    await user.click(screen.getByLabelText(/I have read and agree/));
    await user.click(screen.getByTestId('inquiry-submit'));
    // The e-KTP page: its number and its photo.
    const file = await screen.findByTestId('photo-file');
    // A file the page can tell is no photo is refused before it is sent.
    const choose = (f: File) => fireEvent.change(file, { target: { files: [f] } });
    choose(new File(['%PDF-1.4'], 'ektp.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('photo-error')).textContent).toContain(
      'Upload failed, please try again',
    );
    expect(calls).toHaveLength(0);
    // One the server refuses (by its bytes): its reason, in the page's language.
    choose(new File([PNG], 'ektp.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('photo-error').textContent).toContain(
        'Only JPG and PNG photos can be uploaded.',
      ),
    );
    reply = { status: 200, body: { photoId: 'a'.repeat(32), mime: 'image/png', size: PNG.length } };
    choose(new File([PNG], 'ektp.png', { type: 'image/png' }));
    await screen.findByTestId('photo-uploaded');
    expect(screen.queryByTestId('photo-error')).toBeNull();
    expect(calls.at(-1)?.url).toBe('/api/transaction/v1/photo');
    expect(calls.at(-1)?.body).toContain('goldsaving.register');
  });
});

describe('a live price quote on the form', () => {
  it('shows the price held for the customer and until when', async () => {
    mockFetch({
      '/api/gold/v1/quote': {
        status: 200,
        body: {
          quoteId: 'f'.repeat(24),
          side: 'buy',
          pricePerGram: { amount: 165_800_000, currency: 'IDR' },
          quotedAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 120_000).toISOString(),
        },
      },
    });
    render(
      <MemoryRouter>
        <FlowStepView
          flow={flowOf('goldsaving.buy')}
          // The page's own services ask the quote's URL over HTTP (answered by the fetch mock).
          services={{ ...baseServices({ sourceOfFund: [] }), priceQuote: createHttpServices().priceQuote }}
        />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('price-quote-value')).textContent).toBe('IDR 1,658,000 per gram');
    expect(screen.getByTestId('price-quote-held').textContent).toMatch(
      /held for you until \d\d:\d\d:\d\d WIB/,
    );
  });

  it('says the price is unavailable where the page has no way to ask for one', async () => {
    render(
      <MemoryRouter>
        <FlowStepView flow={flowOf('goldsaving.buy')} services={baseServices({ sourceOfFund: [] })} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('price-quote-failed')).textContent).toMatch(/not available/);
    expect(screen.queryByTestId('price-quote-value')).toBeNull();
  });
});

describe('a route parameter that is not one of its options', () => {
  it('says so plainly instead of an empty form', async () => {
    const flow: FlowFile = flowOf('applyandinvest.fund-subscription');
    const services = baseServices({
      fund: [{ value: 'MF-PCF', labelEng: 'Principal Cash Fund', labelIdn: 'Principal Cash Fund' }],
      sourceOfFund: [],
    });
    const actor = createActor(provideServices(createFlowMachine(flow), flow, services), { input: { flow } });
    actor.start();
    render(
      <MemoryRouter>
        <ErrorProvider>
          <FlowActorView flow={flow} actor={actor} services={services} routeValues={{ fund: 'MF-NOPE' }} />
        </ErrorProvider>
      </MemoryRouter>,
    );
    const unknown = await screen.findByTestId('flow-route-unknown');
    expect(unknown.textContent).toContain('“MF-NOPE” is not available here');
    expect(screen.getByRole('link', { name: 'Choose from the list' }).getAttribute('href')).toBe(
      '/applyandinvest/',
    );
    actor.stop();
  });
});
