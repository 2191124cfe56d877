import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { largeArrayFields, rowRenderProbe } from '@/engine/fields';
import { initI18n } from '@/shared/i18n/i18n';
import engineEn from '../../../locales/en/engine.json';
import schemaJson from '../../../schemas/forms/transfer/mass-transfer.json';

const schema = schemaJson as RJSFSchema;
const uiSchema: UiSchema = {
  beneficiaries: {
    'ui:title': 'Beneficiaries',
    'ui:field': 'LargeArrayField',
    items: {
      'ui:order': ['accountNo', 'beneficiaryName', 'amount', 'message'],
      accountNo: { 'ui:title': 'Account number', 'ui:widget': 'digits' },
      beneficiaryName: { 'ui:title': 'Beneficiary name' },
      amount: { 'ui:title': 'Amount', 'ui:widget': 'amount' },
      message: { 'ui:title': 'Message' },
    },
  },
};
const i18n = initI18n({ en: { engine: engineEn } }, 'en');

interface Row {
  accountNo: string;
  beneficiaryName: string;
  amount: number;
}
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    accountNo: String(1_000_000 + i),
    beneficiaryName: `Penerima ${i + 1}`,
    amount: (i + 1) * 100,
  }));

function setup(n: number, edit: (rows: Row[]) => void = () => {}) {
  const data = rows(n);
  edit(data);
  const changes: Array<{ beneficiaries: Row[] }> = [];
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        fields={largeArrayFields}
        formData={{ sourceOfFund: 'acc-1', beneficiaries: data }}
        onChange={(e: IChangeEvent) => changes.push(e.formData as { beneficiaries: Row[] })}
        onSubmit={(e: IChangeEvent) => onSubmit(e.formData)}
        showErrorList={false}
      />
    </I18nextProvider>,
  );
  const last = () => changes.at(-1)?.beneficiaries;
  return { changes, last, onSubmit };
}

const input = (row: number, key: string) =>
  document.getElementById(`root_beneficiaries_${row}_${key}`) as HTMLInputElement | null;
const bodyRows = () => document.querySelectorAll('.lar-row');

afterEach(() => {
  rowRenderProbe.onRender = null;
  cleanup();
});

describe('LargeArrayField', { timeout: 20_000 }, () => {
  it('renders only the rows in view of a 1,000-row array, and the others once scrolled to', () => {
    setup(1000);
    expect(screen.getByRole('table', { name: 'Beneficiaries' })).toHaveProperty('ariaRowCount', '1001');
    expect(screen.getByText('Rows: 1000 of 1000')).toBeTruthy();
    expect(bodyRows().length).toBeGreaterThan(5);
    expect(bodyRows().length).toBeLessThan(20);
    expect(input(0, 'beneficiaryName')?.value).toBe('Penerima 1');
    expect(input(500, 'beneficiaryName')).toBeNull();

    const scroller = document.querySelector('.lar-scroll') as HTMLElement;
    scroller.scrollTop = 500 * 68;
    fireEvent.scroll(scroller);
    expect(input(500, 'beneficiaryName')?.value).toBe('Penerima 501');
    expect(input(0, 'beneficiaryName')).toBeNull();
    expect(bodyRows().length).toBeLessThan(20);
  });

  it('labels each cell with its column and row', () => {
    setup(3);
    expect(screen.getByRole('textbox', { name: 'Account number Row 2' })).toBe(input(1, 'accountNo'));
    expect(screen.getByRole('button', { name: 'Remove row 3' })).toBeTruthy();
  });

  it('puts an edited value into its row of the form data once focus leaves the row', async () => {
    const user = userEvent.setup({ delay: null });
    const { last } = setup(50);
    await user.click(input(3, 'beneficiaryName')!);
    await user.clear(input(3, 'beneficiaryName')!);
    await user.type(input(3, 'beneficiaryName')!, 'Siti');
    await user.clear(input(3, 'amount')!);
    await user.type(input(3, 'amount')!, '150000');
    await user.click(input(7, 'message')!);

    const data = last()!;
    expect(data).toHaveLength(50);
    // IDR is typed in whole rupiah and kept in minor units.
    expect(data[3]).toEqual({ accountNo: '1000003', beneficiaryName: 'Siti', amount: 15_000_000 });
    expect(data[2]).toEqual(rows(50)[2]);
    expect(data[4]).toEqual(rows(50)[4]);
  });

  it('re-renders only the row being typed in', async () => {
    const user = userEvent.setup({ delay: null });
    setup(1000);
    await user.click(input(4, 'message')!);
    const renders = new Map<number, number>();
    rowRenderProbe.onRender = (i) => renders.set(i, (renders.get(i) ?? 0) + 1);
    await user.keyboard('Halo');
    expect(input(4, 'message')?.value).toBe('Halo');
    expect([...renders.keys()]).toEqual([4]);
    expect(renders.get(4)).toBe(4);
  });

  it('Enter submits the form with the row being typed in', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = setup(20);
    await user.click(input(6, 'message')!);
    await user.keyboard('Gaji{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const submitted = onSubmit.mock.calls[0]![0] as { beneficiaries: Array<Row & { message?: string }> };
    expect(submitted.beneficiaries[6]!.message).toBe('Gaji');
    expect(submitted.beneficiaries).toHaveLength(20);
  });

  it('adds a row at the end and removes a row, shifting the ones after it', async () => {
    const user = userEvent.setup({ delay: null });
    const { last } = setup(5);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(last()).toHaveLength(6);
    expect(screen.getByText('Rows: 6 of 1000')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(input(5, 'accountNo'));

    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    const data = last()!;
    expect(data).toHaveLength(5);
    expect(data[0]!.beneficiaryName).toBe('Penerima 1');
    expect(data[1]!.beneficiaryName).toBe('Penerima 3');
    expect(input(1, 'beneficiaryName')?.value).toBe('Penerima 3');
  });

  it('checks a row when focus leaves it', async () => {
    const user = userEvent.setup({ delay: null });
    setup(300);
    await user.clear(input(1, 'accountNo')!);
    await user.type(input(1, 'accountNo')!, '12x');
    // Digits only; the message waits until the row is left.
    expect(input(1, 'accountNo')?.value).toBe('12');
    expect(input(1, 'accountNo')?.getAttribute('aria-invalid')).toBeNull();
    await user.click(input(2, 'accountNo')!);
    const cell = input(1, 'accountNo')!;
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(within(cell.closest('.lar-cell') as HTMLElement).getByText('Wrong format')).toBeTruthy();
  });

  it('on submit, names the rows out of view that need correcting and takes the customer there', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = setup(300, (data) => {
      data[250]!.accountNo = '12';
    });
    expect(input(250, 'accountNo')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Rows to correct: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to row 251' }));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(input(250, 'accountNo'));
    expect(input(250, 'accountNo')?.getAttribute('aria-invalid')).toBe('true');
  });
});
