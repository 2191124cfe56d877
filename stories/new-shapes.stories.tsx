import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import type { ChoiceOption, FlowFile, Receipt } from '@/shared/flows';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { FlowStepView } from '@/engine/ui/flow-step-view';

// The shapes an analyst wrote as JSON only (tests/engine/new-shapes/: a token purchase, a bill whose
// company is chosen, a transfer with fields per method), rendered in Chromium by the generic renderer.
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
  startVerification: never,
  resendVerification: never,
  watchApproval: () => () => {},
  confirm: async () => ({}) as Receipt,
  saveFavourite: never,
  favourite: async () => undefined,
} as unknown as TransactionServices;

function ShapeStory({ file }: { file: string }) {
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
  return <FlowStepView flow={flow} services={services} formLoader={formLoader} />;
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
    // BI-FAST first: its bank, searched by typing (16 banks); no RTGS fields.
    const bank = await c.findByRole('combobox', { name: /^Bank/ });
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
    const bank = await c.findByRole('combobox', { name: /^Bank/ });
    await waitFor(() => expect(bank).toBeEnabled());
    await userEvent.type(bank, 'bank');
    const list = await within(document.body).findByRole('listbox');
    await expect(bank.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(list.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(within(list).getAllByRole('option').length).toBeGreaterThan(10);
  },
};
