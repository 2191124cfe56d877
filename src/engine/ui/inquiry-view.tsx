import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type CoreForm from '@rjsf/core';
import {
  englishStringTranslator,
  TranslatableString,
  type ErrorSchema,
  type FormValidation,
  type RJSFValidationError,
  type UiSchema,
} from '@rjsf/utils';
import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody } from '@/shared/api-error';
import type { ChoiceOption, FlowFile, FlowForm } from '@/shared/flows';
import { applyChoiceRules, type ChoiceState } from './choice-rules';
import { billerNumberError } from './biller-number';
import { EngineForm } from './form-theme';
import { optionsFor } from './widgets';
import type { EngineFormContext } from './form-context';
import { fieldsOfSchema } from './multi-step';
import { uiSchemaWithSchedule } from '@/shared/flows/schedule';
import type { TransactionServices } from '../services/transaction-services';

const TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];

/** The uiSchema with its locale keys translated (the schema itself is never touched: it must match its validator). */
export function translateUi(ui: Record<string, unknown> | undefined, t: (k: string) => string): UiSchema {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ui ?? {})) {
    if (TEXT_KEYS.includes(k) && typeof v === 'string') out[k] = t(v);
    else if (k === 'ui:enumNames' && Array.isArray(v)) out[k] = v.map((x) => t(String(x)));
    else if (k === 'ui:errors') continue;
    else if (v && typeof v === 'object' && !Array.isArray(v) && !k.startsWith('ui:'))
      out[k] = translateUi(v as Record<string, unknown>, t);
    else out[k] = v;
  }
  return out as UiSchema;
}

/** Server inline messages (422 `fields`, JSON pointers "/form/<field>") in the user's language, by field. */
export function fieldMessages(
  error: unknown,
  lang: 'en' | 'id',
): { byField: Record<string, string>; other: string[] } {
  const body = (error as { body?: ApiErrorBody } | undefined)?.body;
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [ptr, msg] of Object.entries(body?.fields ?? {})) {
    const text = lang === 'en' ? msg.eng : msg.idn;
    // A field, or one inside a field ("/form/when/date": "when/date").
    const m = /^\/(?:form\/)?([^/]+(?:\/[^/]+)*)$/.exec(ptr);
    if (m) byField[m[1]!] = text;
    else other.push(text);
  }
  return { byField, other };
}

const sameValue = (a: unknown, b: unknown) =>
  Object.is(a, b) || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** The value at "when/date" of a form. */
const valueAt = (data: Record<string, unknown>, path: string) =>
  path.split('/').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data);

/** RJSF's error of a field at a path ("when/date"): nested objects of `{ __errors }`. */
function errorAt(errors: Record<string, unknown>, path: string, message: string) {
  const keys = path.split('/');
  let node = errors;
  for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = { __errors: [message] };
}

export interface InquiryViewProps {
  flow: FlowFile;
  form: FlowForm;
  schema: Record<string, unknown>;
  validator: ValidatorType;
  choices: Record<string, ChoiceOption[]>;
  choicesLoading?: boolean;
  initial: Record<string, unknown>;
  busy?: boolean;
  /** The last failed inquiry: inline messages go under their fields. */
  error?: unknown;
  submitLabel?: string;
  onSubmit: (form: Record<string, unknown>, labels: Record<string, ChoiceOption>) => void;
  onBack?: () => void;
  /** Sent once, as soon as the choices have arrived (a saved form paid at once); the form's own checks still apply. */
  autoSubmit?: boolean;
  onAutoSubmit?: () => void;
  /** Where a live price field asks for its price (the page's services). */
  priceQuote?: TransactionServices['priceQuote'];
}

export function InquiryView(props: InquiryViewProps) {
  const { flow, form, schema, validator } = props;
  const { t, i18n } = useTranslation(['engine', 'flows']);
  const lang = i18n.language === 'en' ? 'en' : 'id';
  // The choices of this page's fields only (a multi-step inquiry's step has some of the flow's).
  const specs = useMemo(() => {
    const fields = fieldsOfSchema(schema);
    return Object.fromEntries(Object.entries(flow.choices ?? {}).filter(([f]) => fields.has(f)));
  }, [flow.choices, schema]);
  const [state, setState] = useState<ChoiceState>({ form: props.initial, inferred: {} });
  const data = state.form;
  // Once the choices arrive, a saved or restored form is held to them too (and an inferable choice filled in).
  const { choices, choicesLoading } = props;
  // The account money leaves: the posting's debit, or a service flow's own source of fund (the account
  // an e-wallet is topped up from later).
  const debit =
    flow.posting?.debit ?? (specs.sourceOfFund?.source === 'accounts' ? 'form.sourceOfFund' : undefined);
  const sourceField = debit?.startsWith('form.') && debit.slice(5) in specs ? debit.slice(5) : undefined;
  useEffect(() => {
    if (!choicesLoading) setState((s) => applyChoiceRules(s, s.form, specs, choices, true, sourceField));
  }, [choices, choicesLoading, specs, sourceField]);
  // A schedule field ("when to transfer") takes its shared layout and texts (schedule.ts).
  const ownUi = useMemo(
    () => uiSchemaWithSchedule(flow, form.uiSchema, fieldsOfSchema(schema)),
    [flow, form.uiSchema, schema],
  );
  const uiErrors = ownUi ?? {};
  const uiSchema = useMemo(
    () => ({ ...translateUi(ownUi, t), 'ui:submitButtonOptions': { norender: true } }) as UiSchema,
    [ownUi, t],
  );
  const server = useMemo(() => fieldMessages(props.error, lang), [props.error, lang]);
  // Messages already shown were written in the language of their check: a language switch writes them
  // again (a check, not a submit), leaving the focus where the customer had it.
  const formRef = useRef<CoreForm>(null);
  const checkedIn = useRef(lang);
  useEffect(() => {
    if (checkedIn.current === lang) return;
    checkedIn.current = lang;
    const shown = formRef.current;
    if (!shown?.state.errors.length) return;
    const focused = document.activeElement as HTMLElement | null;
    shown.validateForm();
    focused?.focus();
  }, [lang]);
  // A server message is about the value it was given: once the customer changes that field, it goes
  // (a stale "Insufficient balance" under a new amount misleads, and its line would jump on leaving).
  const [answered, setAnswered] = useState<{ error: unknown; form: Record<string, unknown> }>({
    error: props.error,
    form: data,
  });
  if (answered.error !== props.error) setAnswered({ error: props.error, form: data });
  const kept = Object.keys(server.byField)
    .filter((f) => sameValue(valueAt(data, f), valueAt(answered.form, f)))
    .join('|');
  const extraErrors = useMemo(() => {
    const e: Record<string, unknown> = {};
    for (const f of kept ? kept.split('|') : []) errorAt(e, f, server.byField[f]!);
    return e as ErrorSchema;
  }, [server, kept]);
  const titles = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [field, ui] of Object.entries(uiSchema)) {
      const title = (ui as UiSchema | undefined)?.['ui:title'];
      if (typeof title === 'string') out[field] = title;
    }
    return out;
  }, [uiSchema]);
  const formContext: EngineFormContext = {
    choices,
    specs,
    formData: data,
    loading: !!choicesLoading,
    titles,
    inferred: state.inferred,
    flowId: flow.id,
    priceQuote: props.priceQuote,
  };
  const transformErrors = (errors: RJSFValidationError[]) =>
    // A branch's own rule says what is wrong; its "if" adds only "must match then".
    errors
      .filter((e) => e.name !== 'if')
      .map((e) => {
        // The field's path: "amount", or inside a field ".when.date" (a missing one is named by params).
        const path = (e.property ?? '').replace(/^\./, '').split('.').filter(Boolean);
        const missing = (e.params as { missingProperty?: string }).missingProperty;
        if (e.name === 'required' && missing && path.at(-1) !== missing) path.push(missing);
        let node: unknown = uiErrors;
        for (const seg of path) node = (node as Record<string, unknown> | undefined)?.[seg];
        const key = ((node as { 'ui:errors'?: Record<string, string> } | undefined)?.['ui:errors'] ?? {})[
          e.name ?? ''
        ];
        return {
          ...e,
          message: key
            ? t(key)
            : t(`engine:validation.${e.name}`, { defaultValue: t('engine:validation.invalid') }),
        };
      });
  const customValidate = (formData: Record<string, unknown> | undefined, errors: FormValidation) => {
    const wrong = billerNumberError(flow, choices, formData ?? {}, lang);
    if (wrong) (errors as Record<string, FormValidation | undefined>)[wrong.field]?.addError(wrong.message);
    return errors;
  };
  const translateString = (s: TranslatableString, params?: string[]) =>
    s === TranslatableString.NewStringDefault ? '' : englishStringTranslator(s, params);
  const submit = (formData: Record<string, unknown>) => {
    const labels: Record<string, ChoiceOption> = {};
    for (const field of Object.keys(flow.choices ?? {})) {
      const o = optionsFor(field, { ...formContext, formData }).find((x) => x.value === formData[field]);
      if (o) labels[field] = o;
    }
    props.onSubmit(formData, labels);
  };
  // Once the choices are in (and the choice rules have filled the form), a saved form sends itself: the
  // form's own checks run as on a click, and a refusal shows on the form as usual.
  const autoSent = useRef(false);
  const { autoSubmit, onAutoSubmit, busy } = props;
  useEffect(() => {
    if (!autoSubmit || autoSent.current || choicesLoading || busy) return;
    autoSent.current = true;
    onAutoSubmit?.();
    formRef.current?.submit();
  }, [autoSubmit, onAutoSubmit, choicesLoading, busy, data]);
  const serverOnly =
    props.error && !Object.keys(server.byField).length && server.other.length ? server.other : [];
  return (
    <Box data-testid="inquiry-view">
      {serverOnly.map((m) => (
        <Alert key={m} severity="error" sx={{ mb: 2 }}>
          {m}
        </Alert>
      ))}
      <EngineForm
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        formContext={formContext}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        // A field of a branch no longer shown (a date after choosing "recurring") is not sent.
        omitExtraData
        transformErrors={transformErrors}
        customValidate={customValidate}
        // Every error is shown under its field; without onError RJSF logs them to the console.
        onError={() => undefined}
        focusOnFirstError
        translateString={translateString}
        disabled={props.busy}
        onChange={(e) =>
          setState((s) =>
            choicesLoading
              ? { ...s, form: (e.formData ?? {}) as Record<string, unknown> }
              : applyChoiceRules(s, (e.formData ?? {}) as Record<string, unknown>, specs, choices),
          )
        }
        onSubmit={(e) => submit((e.formData ?? {}) as Record<string, unknown>)}
      >
        <Box sx={{ display: 'flex', gap: 2, mt: 3, justifyContent: 'flex-end' }}>
          {props.onBack && (
            <Button variant="outlined" onClick={props.onBack} disabled={props.busy}>
              {t('common:actions.back')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={props.busy}
            startIcon={props.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="inquiry-submit"
          >
            {props.submitLabel ?? t('common:actions.next')}
          </Button>
        </Box>
      </EngineForm>
    </Box>
  );
}
