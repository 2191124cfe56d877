import { useCallback, useMemo, useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  fieldError,
  maxLengthOf,
  numberEntry,
  type FormValues,
  type RuleMessage,
  type RuleSchema,
} from './rules';

export type Lang = 'en' | 'id';
export const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'id');
export const pick = (m: RuleMessage, lang: Lang) => (lang === 'en' ? m.en : m.id);

/**
 * A form checked against one rule file: messages show once a field was left (or on submit),
 * and server field messages (JSON pointers from the apierror payload) show in place too.
 */
export function useRuleForm<T extends FormValues>(schema: RuleSchema, initial: T) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [server, setServer] = useState<Record<string, string>>({});

  const errorOf = useCallback(
    (name: string): string | undefined => {
      if (server[name]) return server[name];
      if (!touched[name]) return undefined;
      const e = fieldError(schema, name, values);
      return e ? pick(e, lang) : undefined;
    },
    [schema, values, touched, server, lang],
  );

  const set = useCallback((name: keyof T & string, value: T[keyof T]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServer((s) => {
      if (!s[name]) return s;
      const { [name]: _gone, ...rest } = s;
      return rest;
    });
  }, []);

  /** Marks every field touched; true when the form is valid. */
  const validateAll = useCallback((): boolean => {
    const all: Record<string, boolean> = {};
    let ok = true;
    for (const name of Object.keys(schema.properties)) {
      all[name] = true;
      if (fieldError(schema, name, values)) ok = false;
    }
    setTouched(all);
    return ok;
  }, [schema, values]);

  /** Server messages keyed by JSON pointer ('/userId'); returns true when any matched a field. */
  const showServerFields = useCallback(
    (fields: Record<string, string> | undefined): boolean => {
      if (!fields) return false;
      const mine: Record<string, string> = {};
      for (const [ptr, text] of Object.entries(fields)) {
        const name = ptr.replace(/^\//, '');
        if (name in schema.properties) mine[name] = text;
      }
      setServer(mine);
      return Object.keys(mine).length > 0;
    },
    [schema],
  );

  /**
   * A field's props. `number: true` (card numbers, PINs, codes) takes a pasted number whole: the
   * separators go and the rules' maximum caps the rest. No maxLength attribute, which would cut
   * "4111 1111 1111 1111" to 16 characters before the separators go.
   */
  const field = useCallback(
    (
      name: keyof T & string,
      extra: Partial<TextFieldProps> = {},
      opts: { number?: boolean } = {},
    ): TextFieldProps => {
      const error = errorOf(name);
      const max = opts.number ? maxLengthOf(schema, name) : undefined;
      return {
        fullWidth: true,
        margin: 'dense',
        ...extra,
        name,
        id: `reg-${name}`,
        value: (values[name] as string | undefined) ?? '',
        onChange: (e) =>
          set(name, (opts.number ? numberEntry(e.target.value, max) : e.target.value) as T[keyof T]),
        onBlur: (e) => {
          setTouched((t) => ({ ...t, [name]: true }));
          extra.onBlur?.(e);
        },
        error: Boolean(error),
        helperText: error ?? extra.helperText ?? ' ',
        slotProps: { ...extra.slotProps, formHelperText: { id: `reg-${name}-helper` } as never },
      };
    },
    [schema, values, errorOf, set],
  );

  return useMemo(
    () => ({ values, set, field, validateAll, showServerFields, errorOf, lang }),
    [values, set, field, validateAll, showServerFields, errorOf, lang],
  );
}

/** A text field bound to a rule form. */
export function RuleTextField(props: TextFieldProps) {
  return <TextField {...props} />;
}
