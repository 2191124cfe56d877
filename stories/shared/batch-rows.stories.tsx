import type { Meta, StoryObj } from '@storybook/react-vite';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import type { Batch, BatchRow } from '../../src/features/batches/api';
import { BatchRows, BatchSummary } from '../../src/features/batches/batch-rows';

// The rows of a mass transfer as the customer sees them: with the check's result on each (to fix or
// remove), and after the confirm with each row's own result. Both languages.
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const good = (line: number, account: string, name: string, amount: number): BatchRow => ({
  line,
  cells: { account_no: account, amount: String(amount / 100) },
  flowId: 'transfer.samebank',
  ok: true,
  errors: [],
  name,
  bankName: 'Bank CIMB Niaga',
  amount: idr(amount),
  fee: idr(0),
  total: idr(amount),
});
const draft: Batch = {
  batchId: '0b8e4f9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  kind: 'transfer',
  sourceOfFund: '7',
  status: 'draft',
  runDate: null,
  replaces: null,
  today: '2026-11-26',
  rows: [
    good(2, '800123456837', 'RINA KUSUMAWATI', 150_000_00),
    {
      line: 3,
      cells: { account_no: '800999999999', amount: '75000' },
      flowId: null,
      ok: false,
      errors: [
        {
          field: 'account_no',
          eng: 'Beneficiary account number is not found',
          idn: 'Nomor rekening penerima tidak ditemukan',
        },
      ],
    },
    {
      line: 4,
      cells: { account_no: '800123456837', amount: '150000' },
      flowId: null,
      ok: false,
      errors: [{ field: 'account_no', eng: 'Duplicate of row 2', idn: 'Duplikat baris 2' }],
    },
  ],
  valid: 1,
  invalid: 2,
  total: idr(150_000_00),
  fees: idr(0),
  totals: [
    {
      accountId: 7,
      accountNo: '800123456701',
      currency: 'IDR',
      amount: 150_000_00,
      available: 100_000_00,
      enough: false,
    },
  ],
  overLimit: null,
  maxRows: 1000,
};
const done: Batch = {
  ...draft,
  status: 'done',
  totals: [],
  invalid: 0,
  valid: 2,
  rows: [
    {
      ...good(2, '800123456837', 'RINA KUSUMAWATI', 150_000_00),
      status: 'success',
      referenceNo: '2611260000000001',
    },
    {
      ...good(3, '1234567890', 'SITI RAHAYU', 75_000_00),
      status: 'failed',
      reason: { eng: 'The beneficiary account is closed', idn: 'Rekening penerima sudah ditutup' },
    },
  ],
};

function Rows({ batch, editable }: { batch: Batch; editable: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Box sx={{ maxWidth: 880 }}>
      <BatchSummary batch={batch} lang={lang} />
      <BatchRows
        batch={batch}
        lang={lang}
        editable={editable}
        onFix={async () => true}
        onRemove={() => undefined}
      />
    </Box>
  );
}

const meta = { title: 'Features/Mass transfer rows', component: Rows } satisfies Meta<typeof Rows>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ToFixEnglish: Story = {
  parameters: { lang: 'en' },
  args: { batch: draft, editable: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const errors = await page.findAllByTestId('batch-row-error');
    await expect(errors[0]).toHaveTextContent('Account number: Beneficiary account number is not found');
    await expect(page.getByTestId('batch-account-total')).toHaveTextContent('Not enough');
  },
};
export const ToFixIndonesian: Story = { parameters: { lang: 'id' }, args: { batch: draft, editable: true } };
export const ResultsEnglish: Story = {
  parameters: { lang: 'en' },
  args: { batch: done, editable: false },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const results = await page.findAllByTestId('batch-row-result');
    await expect(results[1]).toHaveTextContent('The beneficiary account is closed');
  },
};
export const ResultsIndonesian: Story = {
  parameters: { lang: 'id' },
  args: { batch: done, editable: false },
};
