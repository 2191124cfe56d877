import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import type { ChoiceOption, FlowFile, Receipt } from '@/shared/flows';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import type { FlowRestore } from '@/engine/machine/flow-machine';

// The shapes an analyst wrote as JSON only (tests/engine/new-shapes/: a token purchase, a bill whose
// company is chosen, a transfer with fields per method, a purchase in two inquiry steps, a donation
// the fraud detection challenges), rendered in Chromium by the generic renderer.
// Test data, not the app's flows: validated here with ajv at run time (the app precompiles).
const ROOT = '/tests/engine/new-shapes';
const flows = import.meta.glob<FlowFile>('/tests/engine/new-shapes/flows/**/*.json', {
  eager: true,
  import: 'default',
});
const schemas = import.meta.glob<Record<string, unknown>>('/tests/engine/new-shapes/schemas/**/*.json', {
  eager: true,
  import: 'default',
});
const strings = import.meta.glob<Record<string, unknown>>('/tests/engine/new-shapes/locales/*/flows.json', {
  eager: true,
  import: 'default',
});

const opt = (value: string, label: string, detail?: Record<string, unknown>): ChoiceOption => ({
  value,
  labelEng: label,
  labelIdn: label,
  ...(detail ? { detail } : {}),
});
const BANKS = [
  'Bank Central Asia (BCA)',
  'Bank Mandiri',
  'Bank Negara Indonesia (BNI)',
  'Bank Rakyat Indonesia (BRI)',
  'Bank Danamon',
  'Bank Permata',
  'Bank Maybank Indonesia',
  'Bank Panin',
  'Bank OCBC NISP',
  'Bank UOB Indonesia',
  'Bank BTN',
  'Bank Syariah Indonesia',
  'Bank Mega',
  'Bank Sinarmas',
  'Bank BJB',
  'Bank DKI',
].map((name, i) => opt(String(100 + i), name));

const never = () => new Promise<never>(() => undefined);
const services = {
  formData: async () => ({
    sourceOfFund: [opt('7', 'Tabungan Xtra · 800123456701', { currency: 'IDR' })],
    company: [opt('PAMJAYA', 'PAM JAYA'), opt('TIRTANADI', 'PDAM Tirtanadi')],
    bank: BANKS,
    rtgsBank: BANKS.slice(0, 4),
  }),
  inquiry: never,
  // The multi-step shape's first step answers the products of the kind of cover chosen.
  inquiryStep: async (input: { step: string }) => ({
    stepToken: 'story-steps',
    step: input.step,
    details: {
      options: [opt('INS-SOMPO-PA', 'Sompo Personal Accident')],
    },
  }),
  fdsChallenge: never,
  startVerification: never,
  resendVerification: never,
  watchApproval: () => () => {},
  confirm: async () => ({}) as Receipt,
  saveFavourite: never,
  favourite: async () => undefined,
} as unknown as TransactionServices;

/** The FDS-challenged shape on its challenge page: an inquiry the server flagged. */
const FLAGGED: FlowRestore = {
  form: { sourceOfFund: '7', company: 'BAZNAS', amount: 5_000_000 },
  labels: {
    sourceOfFund: opt('7', 'Tabungan Xtra · 800123456701'),
    company: opt('BAZNAS', 'BAZNAS'),
  },
  inquiry: {
    inquiryId: 'fds-story',
    flowId: 'donation.fdsshape',
    amount: { amount: 5_000_000, currency: 'IDR' },
    fees: [],
    total: { amount: 5_000_000, currency: 'IDR' },
    details: { providerName: { en: 'BAZNAS', id: 'BAZNAS' } },
    expiresAt: '2099-01-01T00:00:00Z',
    fdsRequired: true,
  },
  idempotencyKey: 'story-key',
};

function ShapeStory({ file, flagged }: { file: string; flagged?: boolean }) {
  const { i18n } = useTranslation();
  const flow = flows[`${ROOT}/flows/${file}`]!;
  useMemo(() => {
    for (const lang of ['en', 'id'])
      i18n.addResourceBundle(lang, 'flows', strings[`${ROOT}/locales/${lang}/flows.json`], true, false);
  }, [i18n]);
  const formLoader = useMemo(
    () => async (p: string) => ({
      schema: schemas[`${ROOT}/schemas/${p}`]!,
      validator: customizeValidator() as ValidatorType,
    }),
    [],
  );
  return (
    <FlowStepView
      flow={flow}
      services={services}
      formLoader={formLoader}
      state={flagged ? FLAGGED : undefined}
    />
  );
}

const meta = {
  title: 'Flows/New shapes (JSON only)',
  component: ShapeStory,
  parameters: { layout: 'fullscreen', lang: 'en' },
} satisfies Meta<typeof ShapeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TokenPurchase: Story = {
  args: { file: 'purchase/token-shape.json' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByLabelText(/Meter number/)).toBeVisible();
    await expect(c.getByRole('combobox', { name: /Nominal/ })).toBeVisible();
  },
};

export const BillOfAChosenCompany: Story = {
  args: { file: 'payment/water-shape.json' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('combobox', { name: /Water company/ }));
    // The menu grows in (a transition): wait until the option is shown, not only in the document.
    const option = await within(document.body).findByRole('option', { name: 'PDAM Tirtanadi' });
    await waitFor(() => expect(option).toBeVisible());
  },
};

export const TransferByMethod: Story = {
  args: { file: 'transfer/method-shape.json' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // BI-FAST first: its bank, searched by typing (16 banks); no RTGS fields. (The searchable field
    // is a lazy chunk: the first story to show one waits for it, ~1 s here and more on a busy CI.)
    const bank = await c.findByRole('combobox', { name: /^Bank/ }, { timeout: 5000 });
    await waitFor(() => expect(bank).toBeEnabled());
    await userEvent.type(bank, 'mandiri');
    const list = await within(document.body).findByRole('listbox');
    await expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bank Mandiri']);
    await userEvent.keyboard('{Escape}');
    await expect(c.queryByRole('combobox', { name: /RTGS bank/ })).toBeNull();
    // RTGS: its own bank and purpose appear.
    await userEvent.click(c.getByRole('radio', { name: 'RTGS' }));
    await expect(await c.findByRole('combobox', { name: /RTGS bank/ })).toBeVisible();
    await expect(c.getByRole('combobox', { name: /Purpose/ })).toBeVisible();
  },
};

/** On a 390 px phone: the searched field and its list stay inside the screen. */
export const TransferByMethodOnAPhone: Story = {
  args: { file: 'transfer/method-shape.json' },
  decorators: [
    (Story) => (
      <div style={{ width: 390, overflow: 'hidden' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bank = await c.findByRole('combobox', { name: /^Bank/ }, { timeout: 5000 });
    await waitFor(() => expect(bank).toBeEnabled());
    await userEvent.type(bank, 'bank');
    const list = await within(document.body).findByRole('listbox');
    await expect(bank.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(list.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(within(list).getAllByRole('option').length).toBeGreaterThan(10);
  },
};

/** A multi-step inquiry: step 1 of 2, then step 2 offering what step 1 answered. */
export const PurchaseInTwoSteps: Story = {
  args: { file: 'applyandinvest/steps-shape.json' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/Step 1 of 2/)).toBeVisible();
    await userEvent.click(await c.findByRole('combobox', { name: /Kind of cover/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Personal accident' }));
    await userEvent.type(c.getByLabelText(/Date of birth/), '1990-01-01');
    await userEvent.click(c.getByTestId('inquiry-submit'));
    await expect(await c.findByText(/Step 2 of 2/)).toBeVisible();
    await userEvent.click(await c.findByRole('combobox', { name: /Product/ }));
    const option = await within(document.body).findByRole('option', { name: 'Sompo Personal Accident' });
    await waitFor(() => expect(option).toBeVisible());
  },
};

/** The FDS challenge before verify: Continue only once both statements are confirmed. */
export const DonationChallengedByFraudDetection: Story = {
  args: { file: 'donation/fds-shape.json', flagged: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Security check')).toBeVisible();
    await expect(c.getByTestId('fds-continue')).toBeDisabled();
    await userEvent.click(c.getByRole('checkbox', { name: /I know the recipient/ }));
    await userEvent.click(c.getByRole('checkbox', { name: /I am making this transaction myself/ }));
    await expect(c.getByTestId('fds-continue')).toBeEnabled();
  },
};
