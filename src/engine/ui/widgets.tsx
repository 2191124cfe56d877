import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { minorDigits } from '@/shared/money';
import type { ChoiceOption, ChoiceSpec } from '@/shared/flows';
import type { EngineFormContext } from './form-context';
import { formatMoney, isMoney, optionLabel, type Lang } from '../format';
import { offeredOptions } from './choice-rules';
import { lazyWidget, onDemand } from './lazy-parts';
import { errorText, type ChoiceFieldProps } from './choice-field';
import { WidgetLoading } from './widget-loading';
import { SEARCH_FROM } from './search-from';

const fieldOf = (props: WidgetProps) => props.name || props.id.replace(/^root_/, '');
const ctxOf = (props: WidgetProps) => props.registry.formContext as EngineFormContext;

/** Options of a choice field, narrowed by dependsOn/excludeField. */
export function optionsFor(field: string, ctx: EngineFormContext): ChoiceOption[] {
  return offeredOptions(field, ctx.specs, ctx.choices, ctx.formData);
}

/** A select over a named choice source (accounts, operators, denominations): the schema stays the compiled one. */
export function ChoiceWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('engine');
  const lang = (i18n.language === 'en' ? 'en' : 'id') as Lang;
  const field = fieldOf(props);
  const ctx = ctxOf(props);
  const opts = optionsFor(field, ctx);
  const dep = ctx.specs[field]?.dependsOn;
  const inferredFrom =
    props.value !== undefined && ctx.inferred?.[field] === props.value
      ? ctx.specs[field]?.inferFrom
      : undefined;
  const waitingFor = dep && (ctx.formData[dep] === undefined || ctx.formData[dep] === '') ? dep : undefined;
  const describe = (o: ChoiceOption) => {
    const bal = o.detail?.balance;
    const price = o.detail?.price;
    const no = o.detail?.accountNo as string | undefined;
    const extra = [
      no && !optionLabel(o, lang).includes(no) ? no : undefined,
      isMoney(bal) ? formatMoney(bal, lang) : undefined,
      isMoney(price) ? formatMoney(price, lang) : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    return extra ? `${optionLabel(o, lang)} — ${extra}` : optionLabel(o, lang);
  };
  const spec = ctx.specs[field];
  // A long list (banks, cities, schools) is searched by typing; a short one stays a plain select.
  const Field = spec?.search || opts.length >= SEARCH_FROM ? SearchField : SelectField;
  return (
    <Field
      widget={props}
      value={props.value ?? ''}
      disabled={ctx.loading || !!waitingFor}
      helperText={
        ctx.loading
          ? t('inquiry.loadingChoices')
          : waitingFor
            ? t('inquiry.chooseFirst', { field: ctx.titles[waitingFor] ?? waitingFor })
            : !opts.length
              ? t('inquiry.noChoices')
              : inferredFrom
                ? t('inquiry.inferredFrom', { field: ctx.titles[inferredFrom] ?? inferredFrom })
                : undefined
      }
      onPick={(v) => props.onChange(v === '' ? undefined : v)}
      options={opts.map((o) => ({ value: o.value, label: describe(o) }))}
    />
  );
}

/**
 * A choice searched by typing: Autocomplete (and the popper it opens) loads with the first long list a
 * form draws (the page loads it with the choices that need it: searchedChoices); until then, its label
 * and chosen option, inert.
 */
const SearchField = onDemand<ChoiceFieldProps>(
  () => import('./choice-search'),
  (props) => (
    <WidgetLoading
      id={props.widget.id}
      label={props.widget.label}
      value={props.options.find((o) => o.value === props.value)?.label ?? ''}
      helperText={props.helperText}
    />
  ),
);

/** Whether a flow's choices, as loaded, draw a field searched by typing (ChoiceWidget's rule). */
export function searchedChoices(
  specs: Record<string, ChoiceSpec> | undefined,
  choices: Record<string, ChoiceOption[]>,
): boolean {
  return Object.entries(choices).some(
    ([field, opts]) => !!specs?.[field]?.search || opts.length >= SEARCH_FROM,
  );
}

/** Loads the searched choice field's code (a form whose choices draw one waits for it). */
export const preloadSearchField = SearchField.preload;

/**
 * The engine's one select: label always above (as on every engine field), "Choose…" until something
 * is chosen. The error itself is the field template's to show, once, as for every other field.
 */
function SelectField(props: ChoiceFieldProps) {
  const { t } = useTranslation('engine');
  const w = props.widget;
  const disabled = w.disabled || w.readonly || !!props.disabled;
  return (
    <TextField
      select
      fullWidth
      id={w.id}
      name={w.id}
      label={w.label}
      required={w.required}
      disabled={disabled}
      value={props.value}
      error={!!errorText(w)}
      helperText={props.helperText}
      onChange={(e) => props.onPick(e.target.value)}
      onBlur={() => w.onBlur(w.id, w.value)}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true },
        // A closed field's help says what to do first: full contrast, not the disabled grey.
        formHelperText: disabled ? { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } : undefined,
      }}
    >
      <MenuItem value="">
        <em>{t('inquiry.choose')}</em>
      </MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A schema enum (a transfer's purpose) as a select that looks like the choice fields: label above,
 * "Choose…" until something is chosen. Options go by index, so any enum value type round-trips.
 */
export function EnumSelectWidget(props: WidgetProps) {
  const opts = props.options.enumOptions ?? [];
  const index = opts.findIndex((o) => o.value === props.value);
  return (
    <SelectField
      widget={props}
      value={index < 0 ? '' : String(index)}
      onPick={(v) => props.onChange(v === '' ? undefined : opts[Number(v)]?.value)}
      options={opts.map((o, i) => ({ value: String(i), label: o.label }))}
    />
  );
}

/**
 * Digits only (account numbers, customer numbers, phone numbers). Separators in a pasted number are
 * dropped before the length counts; with ui:options.nationalPrefix ("62") an international number
 * becomes the local one (+62 812-3456-7890 -> 081234567890).
 */
export function DigitsWidget(props: WidgetProps) {
  const err = errorText(props);
  const max = (props.options.maxLength as number | undefined) ?? 30;
  const nationalPrefix = props.options.nationalPrefix as string | undefined;
  return (
    <TextField
      fullWidth
      id={props.id}
      name={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder}
      value={props.value ?? ''}
      error={!!err}
      onChange={(e) => {
        let v = e.target.value.replace(/\D/g, '');
        if (nationalPrefix && v.startsWith(nationalPrefix)) v = `0${v.slice(nationalPrefix.length)}`;
        v = v.slice(0, max);
        props.onChange(v === '' ? undefined : v);
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
      slotProps={{
        // No maxLength attribute: it would cut a pasted "0812-3456-7890" before the separators go.
        htmlInput: {
          inputMode: (props.options.inputMode as 'numeric' | 'tel' | undefined) ?? 'numeric',
        },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/**
 * What the customer typed, as integer minor units ("150.000" IDR -> 15000000), whichever way they group:
 * with both separators the last one marks the cents; one kind used several times, or once before
 * exactly three digits, groups thousands; used once otherwise, it marks the cents. So "1.500.000",
 * "1,500,000" and "1.500" are thousands in either language, "10,50" and "10.50" are ten and a half.
 * Undefined when nothing is typed, or when there are more decimals than the currency has.
 */
export function parseAmount(text: string, currency: string): number | undefined {
  const digits = minorDigits(currency);
  const clean = text.replace(/[^0-9.,]/g, '');
  if (!/[0-9]/.test(clean)) return undefined;
  const last = Math.max(clean.lastIndexOf('.'), clean.lastIndexOf(','));
  let decimal = -1;
  if (last >= 0) {
    const mark = clean[last]!;
    const other = mark === '.' ? ',' : '.';
    const once = clean.indexOf(mark) === last;
    const groupsThousands =
      !clean.includes(other) && (!once || (clean.length - last - 1 === 3 && digits < 3));
    if (!groupsThousands) decimal = last;
  }
  const whole = (decimal < 0 ? clean : clean.slice(0, decimal)).replace(/[.,]/g, '');
  const cents = decimal < 0 ? '' : clean.slice(decimal + 1);
  // At most 15 digits in minor units: the schemas' maximum, and exact as a JS number.
  if (cents.length > digits || whole.replace(/^0+/, '').length > 15 - digits) return undefined;
  return Number(whole || '0') * 10 ** digits + Number((cents + '0'.repeat(digits)).slice(0, digits) || '0');
}

export function showAmount(minor: number | undefined, currency: string, lang: Lang): string {
  if (minor === undefined) return '';
  const digits = minorDigits(currency);
  const major = Math.trunc(minor / 10 ** digits);
  const rest = minor % 10 ** digits;
  const txt = new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US').format(major);
  return rest ? `${txt}${lang === 'id' ? ',' : '.'}${String(rest).padStart(digits, '0')}` : txt;
}

/**
 * Money typed in major units, kept as integer minor units in the form (never a float). While the
 * field has focus it shows what the customer types, separators and all, with the amount it reads as
 * underneath; on leaving, the amount in the user's format.
 */
export function AmountWidget(props: WidgetProps) {
  const { i18n } = useTranslation('engine');
  const lang = (i18n.language === 'en' ? 'en' : 'id') as Lang;
  const ctx = ctxOf(props);
  const from = props.options.currencyFrom as string | undefined;
  const chosen = from ? (ctx.choices[from] ?? []).find((o) => o.value === ctx.formData[from]) : undefined;
  const currency = (chosen?.detail?.currency as string | undefined) ?? 'IDR';
  const err = errorText(props);
  const [typing, setTyping] = useState<string | undefined>(undefined);
  const value = props.value as number | undefined;
  return (
    <TextField
      fullWidth
      id={props.id}
      name={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      value={typing ?? showAmount(value, currency, lang)}
      error={!!err}
      // The reading's line is always there, blank when there is nothing to read, so leaving the field
      // (tapping Next) does not move the button under the finger; an error below takes its place.
      helperText={
        typing !== undefined && value !== undefined
          ? formatMoney({ amount: value, currency }, lang)
          : err
            ? undefined
            : ' '
      }
      onFocus={() => setTyping(showAmount(value, currency, lang))}
      onChange={(e) => {
        const text = e.target.value.replace(/[^0-9.,]/g, '');
        const minor = parseAmount(text, currency);
        // A keystroke past the currency's decimals (or its size) is not taken.
        if (minor === undefined && /[0-9]/.test(text)) return;
        setTyping(text);
        props.onChange(minor);
      }}
      onBlur={() => {
        setTyping(undefined);
        props.onBlur(props.id, props.value);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          startAdornment: (
            <span style={{ marginRight: 8, color: '#666' }}>{currency === 'IDR' ? 'Rp' : currency}</span>
          ),
        },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/** The widgets a few flows' forms draw: each loads with a form that names it (form-theme.tsx formWidgetsReady). */
export const ENGINE_LAZY_WIDGETS = {
  specialRate: lazyWidget(() =>
    import('./special-rate-widget').then((m) => ({ default: m.SpecialRateWidget })),
  ),
  priceQuote: lazyWidget(() => import('./price-quote-widget').then((m) => ({ default: m.PriceQuoteWidget }))),
  photo: lazyWidget(() => import('./photo-widget').then((m) => ({ default: m.PhotoWidget }))),
  qrCode: lazyWidget(() => import('./qr-code-widget').then((m) => ({ default: m.QrCodeWidget }))),
};

export const ENGINE_WIDGETS = {
  choice: ChoiceWidget,
  amount: AmountWidget,
  digits: DigitsWidget,
  ...ENGINE_LAZY_WIDGETS,
  // Replaces the theme's select for every enum.
  SelectWidget: EnumSelectWidget,
};
