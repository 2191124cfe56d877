import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, waitFor, within } from 'storybook/test';
import { describeError, type FailureLike } from '../../src/shared/api/error-catalogue';
import { ErrorDialog } from '../../src/shared/ui/error-dialog';

/** The dialog as customers see it: a failure goes through the real catalogue in the story's language. */
function CatalogueErrorDialog({ failure }: { failure: FailureLike }) {
  const { i18n } = useTranslation();
  return (
    <ErrorDialog view={describeError(failure, i18n)} onClose={() => undefined} onAction={() => undefined} />
  );
}

const meta = {
  title: 'Shared/Error dialog',
  component: CatalogueErrorDialog,
} satisfies Meta<typeof CatalogueErrorDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (sourceSystem: string, errorCode: string) => ({
  sourceSystem,
  errorCode,
  message: 'Beneficiary account is inactive',
  errorTitleEng: 'Transaction cannot be processed',
  errorTitleIdn: 'Transaksi tidak dapat diproses',
  errorMessageEng: 'Beneficiary account is inactive',
  errorMessageIdn: 'Rekening tujuan tidak aktif',
});

const scenarios = {
  timeout: { kind: 'timeout', status: 0 },
  noResponse: { kind: 'no_response', status: 0 },
  wrongRegistrationData: { kind: 'api', status: 400, body: body('CLICKS', '0005') },
  unmatchedServerError: { kind: 'api', status: 400, body: body('SIBS', '9123') },
} satisfies Record<string, FailureLike>;

export const TimeoutEnglish: Story = {
  parameters: { lang: 'en' },
  args: { failure: scenarios.timeout },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const reload = await page.findByRole('button', { name: 'Reload' });
    await waitFor(() => expect(reload).toBeVisible());
    await expect(page.getByTestId('error-dialog-code')).toHaveTextContent('0000');
  },
};
export const TimeoutIndonesian: Story = { parameters: { lang: 'id' }, args: { failure: scenarios.timeout } };
export const NoResponseEnglish: Story = {
  parameters: { lang: 'en' },
  args: { failure: scenarios.noResponse },
};
export const WrongDataIndonesian: Story = {
  parameters: { lang: 'id' },
  args: { failure: scenarios.wrongRegistrationData },
};
export const UnmatchedServerErrorEnglish: Story = {
  parameters: { lang: 'en' },
  args: { failure: scenarios.unmatchedServerError },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const message = await page.findByText('Beneficiary account is inactive');
    await waitFor(() => expect(message).toBeVisible());
    await expect(page.getByTestId('error-dialog-code')).toHaveTextContent('SIBS : 9123');
  },
};
