// "When to transfer" on a transfer's form: the shared fragment (schemas/forms/shared/when.json) inlined as
// the build does, rendered by the generic renderer with its shared layout (schedule.ts), each kind's fields
// shown only for it, each rule inline in the user's language, and a server refusal under its field.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import type { ValidatorType } from '@rjsf/utils';
import { formWidgetsReady } from '@/engine/ui/form-theme';
import { InquiryView } from '@/engine/ui/inquiry-view';
import { initI18n } from '@/shared/i18n/i18n';
import { inlineSchemaRefs } from '@/shared/flows/schema-refs';
import type { FlowFile } from '@/shared/flows';
import { catalogOf } from '../../src/server/transactions/catalog';
import enCommon from '../../locales/en/common.json';
import enEngine from '../../locales/en/engine.json';
import enFlows from '../../locales/en/flows.json';
import idCommon from '../../locales/id/common.json';
import idEngine from '../../locales/id/engine.json';
import idFlows from '../../locales/id/flows.json';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T,>(rel: string) => JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as T;
const flow = readJson<FlowFile>('flows/transfer/same-bank.json');
const schema = inlineSchemaRefs(readJson(`schemas/${flow.form.schema}`), flow.form.schema, (p) =>
  readJson(`schemas/${p}`),
);

/** The validator the build generates (scripts/compile-validators.ts), from the same inlined schema. */
function precompiled(): ValidatorType {
  const code = compileSchemaValidatorsCode(
    schema as never,
    { ajvOptionsOverrides: { unicode: false, logger: false } } as never,
  );
  const mod = { exports: {} as ValidatorFunctions };
  new Function('require', 'module', 'exports', code)(createRequire(import.meta.url), mod, mod.exports);
  return createPrecompiledValidator(mod.exports, schema as never) as ValidatorType;
}

// The form's radios load with it, as on the flow's page (flow-step-view.tsx useLoadedForm).
beforeAll(() => formWidgetsReady(flow, flow.form, schema));

const choices = {
  sourceOfFund: [
    {
      value: '7',
      labelEng: 'Tabungan Xtra',
      labelIdn: 'Tabungan Xtra',
      detail: { currency: 'IDR', accountNo: '800123456701' },
    },
  ],
};
const filled = {
  sourceOfFund: '7',
  beneficiaryAccountNo: '800123456719',
  purpose: 'family',
  amount: 1_000_000,
};

function show(lang: 'en' | 'id', props: Partial<Parameters<typeof InquiryView>[0]> = {}) {
  initI18n(
    {
      en: { common: enCommon, engine: enEngine, flows: enFlows },
      id: { common: idCommon, engine: idEngine, flows: idFlows },
    },
    lang,
  );
  const sent: Record<string, unknown>[] = [];
  render(
    <InquiryView
      flow={flow}
      form={flow.form}
      schema={schema}
      validator={precompiled()}
      choices={choices}
      initial={filled}
      onSubmit={(f) => sent.push(f)}
      {...props}
    />,
  );
  return sent;
}
afterEach(() => cleanup());

describe('"When to transfer" on a transfer form', () => {
  it('shows each kind’s own fields only, and sends the chosen "when"', async () => {
    const sent = show('en');
    // Now by default: no date fields.
    expect((screen.getByRole('radio', { name: 'Now' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Transfer date/)).toBeNull();
    expect(screen.queryByText('Repeat')).toBeNull();
    // A date: its date field only.
    await userEvent.click(screen.getByRole('radio', { name: 'On a date' }));
    const date = await screen.findByLabelText(/Transfer date/);
    expect(screen.getByText('From tomorrow up to one year ahead')).toBeTruthy();
    expect(screen.queryByText('Repeat')).toBeNull();
    // Recurring: the rule, a start and an end; the date goes.
    await userEvent.click(screen.getByRole('radio', { name: 'Recurring' }));
    await waitFor(() => expect(date.isConnected).toBe(false));
    expect(screen.getByLabelText(/Start date/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Every week' }));
    expect(await screen.findByRole('combobox', { name: /Day of the week/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Every few days' }));
    expect(await screen.findByLabelText(/Every how many days/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Day of the week/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Every month' }));
    expect(await screen.findByRole('combobox', { name: /Day of the month/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'After a number of transfers' }));
    expect(await screen.findByLabelText(/Number of transfers/)).toBeTruthy();
    expect(screen.queryByLabelText(/End date/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'On a date' }));
    await waitFor(() => expect(screen.queryByText('Repeat')).toBeNull());
    await userEvent.type(await screen.findByLabelText(/Transfer date/), '2030-01-15');
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.when).toEqual({ kind: 'date', date: '2030-01-15' });
  }, 60_000);

  it('says each missing rule inline in the user’s language, and sends nothing', async () => {
    const sent = show('id');
    await userEvent.click(screen.getByRole('radio', { name: 'Berulang' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Setiap minggu' }));
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByText('Pilih hari')).toBeTruthy();
    expect(screen.getByText('Pilih tanggal mulai')).toBeTruthy();
    expect(screen.getByText('Pilih kapan transfer berakhir')).toBeTruthy();
    // No "must match then" noise from the branches.
    expect(screen.queryByText(/must match/)).toBeNull();
    expect(sent).toHaveLength(0);
  }, 60_000);

  it('puts the server’s refusal of a date (recurrence.ts’s rules) under the date field', async () => {
    show('en', {
      initial: { ...filled, when: { kind: 'date', date: '2020-01-01' } },
      error: {
        body: {
          errorCode: 'INVALID_SCHEDULE',
          fields: {
            '/form/when/date': {
              eng: 'The date must be after today',
              idn: 'Tanggal harus setelah hari ini',
            },
          },
        },
      },
    });
    const message = await screen.findByText('The date must be after today');
    expect(message.closest('.MuiFormControl-root, .form-group, div')).toBeTruthy();
    expect(screen.getByLabelText(/Transfer date/)).toBeTruthy();
  });

  it('the browser’s precompiled validator and the server give the same verdict on every kind', () => {
    const validator = precompiled();
    const server = catalogOf([{ flow, file: 'x', schemas: { [flow.form.schema]: schema } }]).get(flow.id)!;
    const cases: [Record<string, unknown>, boolean][] = [
      [{ kind: 'now' }, true],
      [{ kind: 'date', date: '2030-01-15' }, true],
      [{ kind: 'date' }, false],
      [
        {
          kind: 'recurring',
          every: 'day',
          interval: 7,
          startDate: '2030-01-01',
          endKind: 'count',
          occurrences: 3,
        },
        true,
      ],
      [{ kind: 'recurring', every: 'day', startDate: '2030-01-01', endKind: 'count', occurrences: 3 }, false],
      [
        {
          kind: 'recurring',
          every: 'week',
          dayOfWeek: '8',
          startDate: '2030-01-01',
          endKind: 'count',
          occurrences: 3,
        },
        false,
      ],
      [
        {
          kind: 'recurring',
          every: 'month',
          dayOfMonth: 'EOM',
          startDate: '2030-01-01',
          endKind: 'date',
          endDate: '2030-12-31',
        },
        true,
      ],
      [
        { kind: 'recurring', every: 'month', dayOfMonth: '5', startDate: '2030-01-01', endKind: 'date' },
        false,
      ],
      [
        {
          kind: 'recurring',
          every: 'month',
          dayOfMonth: '5',
          startDate: '2030-01-01',
          endKind: 'count',
          occurrences: 121,
        },
        false,
      ],
      [{ kind: 'later' }, false],
    ];
    for (const [when, ok] of cases) {
      const form = { ...filled, when };
      const browser = validator.validateFormData(form, schema as never).errors.length === 0;
      expect([when, browser]).toEqual([when, ok]);
      expect([when, server.validateForm(form)]).toEqual([when, ok]);
    }
  });
});
