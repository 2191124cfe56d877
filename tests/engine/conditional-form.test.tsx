// A form with fields shown for one choice only (if/then/else): rendered by the generic renderer with the
// engine's own widgets inside the branches, validated in the browser by a PRECOMPILED validator (as the
// strict CSP needs) and on the server by the same schema, with the same verdicts.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import type { ValidatorType } from '@rjsf/utils';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { initI18n } from '@/shared/i18n/i18n';
import type { ChoiceOption, FlowFile, Receipt } from '@/shared/flows';
import { catalogOf } from '../../src/server/transactions/catalog';
import { NEW_SHAPES_DIR } from './new-shapes';
import enCommon from '../../locales/en/common.json';
import enEngine from '../../locales/en/engine.json';
import enFlows from '../../locales/en/flows.json';
import enErrors from '../../locales/en/errors.json';

const read = <T,>(rel: string) => JSON.parse(readFileSync(path.join(NEW_SHAPES_DIR, rel), 'utf8')) as T;
const flow = read<FlowFile>('flows/transfer/method-shape.json');
const schema = read<Record<string, unknown>>('schemas/forms/transfer/method-shape.json');
const shapeStrings = read<{ shapes: unknown }>('locales/en/flows.json');

/** The validator the build generates (scripts/compile-validators.ts), compiled here from the same schema. */
function precompiled(): ValidatorType {
  const code = compileSchemaValidatorsCode(
    schema as never,
    {
      ajvOptionsOverrides: { unicode: false, logger: false },
    } as never,
  );
  const mod = { exports: {} as ValidatorFunctions };
  new Function('require', 'module', 'exports', code)(createRequire(import.meta.url), mod, mod.exports);
  return createPrecompiledValidator(mod.exports, schema as never) as ValidatorType;
}

const opt = (value: string, label: string): ChoiceOption => ({ value, labelEng: label, labelIdn: label });
const banks = [
  opt('014', 'Bank Central Asia (BCA)'),
  opt('008', 'Bank Mandiri'),
  opt('009', 'Bank Negara Indonesia (BNI)'),
  opt('002', 'Bank Rakyat Indonesia (BRI)'),
];
const inquiries: Record<string, unknown>[] = [];
const services = {
  formData: async () => ({
    sourceOfFund: [{ ...opt('7', 'Tabungan Xtra'), detail: { currency: 'IDR' } }],
    bank: banks,
    rtgsBank: banks.slice(0, 2),
  }),
  inquiry: async (_f: FlowFile, form: Record<string, unknown>) => {
    inquiries.push(form);
    return new Promise<never>(() => undefined);
  },
  startVerification: async () => ({ method: 'approval', approvalId: 'a', expiresAt: '', resendsLeft: 3 }),
  resendVerification: async () => ({ method: 'approval', approvalId: 'a', expiresAt: '', resendsLeft: 2 }),
  watchApproval: () => () => {},
  confirm: async () => ({}) as Receipt,
  saveFavourite: async (flowId: string, name: string, form: Record<string, unknown>) => ({
    id: '1',
    flowId,
    name,
    form,
    createdAt: '',
  }),
  favourite: async () => undefined,
} as unknown as TransactionServices;

beforeAll(() => {
  initI18n(
    {
      en: {
        common: enCommon,
        engine: enEngine,
        flows: { ...enFlows, ...shapeStrings },
        errors: enErrors,
      },
    },
    'en',
  );
});
afterEach(() => cleanup());

describe('conditional fields (if/then/else) in one flow', () => {
  it('the precompiled validator and the server give the same verdict on every branch', () => {
    const validator = precompiled();
    const server = catalogOf([{ flow, file: 'x', schemas: { [flow.form.schema]: schema } }]).get(flow.id)!;
    const base = { sourceOfFund: '7', beneficiaryAccountNo: '1234567890', amount: 1000 };
    const cases: [Record<string, unknown>, boolean][] = [
      [{ ...base, method: 'bifast', bank: '014' }, true],
      [{ ...base, method: 'bifast' }, false],
      [{ ...base, method: 'rtgs', bank: '014' }, false],
      [{ ...base, method: 'rtgs', rtgsBank: '014', purposeCode: '1' }, true],
      [{ ...base, method: 'rtgs', rtgsBank: '014', purposeCode: '9' }, false],
      [{ ...base, method: 'rtgs', rtgsBank: '014' }, false],
    ];
    for (const [form, ok] of cases) {
      const browser = validator.validateFormData(form, schema as never).errors.length === 0;
      expect([form, browser]).toEqual([form, ok]);
      expect([form, server.validateForm(form)]).toEqual([form, ok]);
    }
  });

  it("shows each method's own fields, with the choice widget searchable inside a branch, and sends only the shown branch", async () => {
    const validator = precompiled();
    render(<FlowStepView flow={flow} services={services} formLoader={async () => ({ schema, validator })} />);
    // BI-FAST (the default): its bank, no RTGS fields.
    const bank = await screen.findByRole('combobox', { name: /^Bank/ });
    expect(screen.queryByText('Purpose')).toBeNull();
    expect(screen.queryByRole('combobox', { name: /RTGS bank/ })).toBeNull();
    // RTGS: its own bank and purpose appear, the BI-FAST bank goes.
    await userEvent.click(screen.getByRole('radio', { name: 'RTGS' }));
    const rtgsBank = await screen.findByRole('combobox', { name: /RTGS bank/ });
    expect(screen.queryByRole('combobox', { name: /^Bank/ })).toBeNull();
    expect(bank.isConnected).toBe(false);
    // The branch's rules run in the browser, with the flow's own messages.
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByText('RTGS needs a purpose')).toBeTruthy();
    expect(inquiries).toHaveLength(0);
    // Typing searches the options (by name or code); the choice fills the branch's field.
    await userEvent.type(rtgsBank, 'mandiri');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bank Mandiri']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Bank Mandiri' }));
    await waitFor(() => expect((rtgsBank as HTMLInputElement).value).toBe('Bank Mandiri'));
    await userEvent.click(screen.getByRole('combobox', { name: /Purpose/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Payment' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Source of fund/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Tabungan Xtra/ }));
    await userEvent.click(screen.getByLabelText(/Account number/));
    await userEvent.paste('1234567890');
    await userEvent.click(screen.getByLabelText(/Amount/));
    await userEvent.paste('150000000');
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    await waitFor(() => expect(inquiries).toHaveLength(1));
    expect(inquiries[0]).toMatchObject({ method: 'rtgs', rtgsBank: '008', purposeCode: '1' });
    expect(inquiries[0]).not.toHaveProperty('bank');
  }, 60_000);
});
