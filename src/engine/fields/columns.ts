import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** How a row's property is edited: free text, digits only (account numbers), or money in minor units. */
export type ColumnKind = 'text' | 'digits' | 'money' | 'integer';

export interface Column {
  key: string;
  kind: ColumnKind;
  /** `ui:title` (a locale key or a plain string), else the schema title, else the property name. */
  title: string;
  placeholder?: string;
  required: boolean;
  maxLength?: number;
  /** Relative width in the row (flex-grow). */
  width: number;
  currency: string;
  /** `ui:errors`: validation keyword -> locale key of the message. */
  errorKeys: Record<string, string>;
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One column per property of the item schema, in the items' `ui:order`. */
export function columnsOf(itemSchema: RJSFSchema, itemsUi: UiSchema | undefined): Column[] {
  const props = isDict(itemSchema.properties) ? itemSchema.properties : {};
  const required = new Set(Array.isArray(itemSchema.required) ? itemSchema.required : []);
  const order = Array.isArray(itemsUi?.['ui:order']) ? (itemsUi['ui:order'] as string[]) : [];
  const keys = [...order.filter((k) => k in props), ...Object.keys(props).filter((k) => !order.includes(k))];
  return keys.map((key) => {
    const schema = (isDict(props[key]) ? props[key] : {}) as RJSFSchema;
    const ui = (isDict(itemsUi?.[key]) ? itemsUi[key] : {}) as Dict;
    const options = (isDict(ui['ui:options']) ? ui['ui:options'] : {}) as Dict;
    const widget = ui['ui:widget'];
    const kind: ColumnKind =
      widget === 'amount' || widget === 'money'
        ? 'money'
        : widget === 'digits'
          ? 'digits'
          : schema.type === 'integer' || schema.type === 'number'
            ? 'integer'
            : 'text';
    const maxLength =
      typeof options.maxLength === 'number'
        ? options.maxLength
        : typeof schema.maxLength === 'number'
          ? schema.maxLength
          : undefined;
    return {
      key,
      kind,
      title: typeof ui['ui:title'] === 'string' ? ui['ui:title'] : (schema.title ?? key),
      placeholder: typeof ui['ui:placeholder'] === 'string' ? ui['ui:placeholder'] : undefined,
      required: required.has(key),
      maxLength,
      width: typeof options.width === 'number' ? options.width : kind === 'text' ? 3 : 2,
      currency: typeof options.currency === 'string' ? options.currency : 'IDR',
      errorKeys: isDict(ui['ui:errors'])
        ? Object.fromEntries(
            Object.entries(ui['ui:errors']).filter((e): e is [string, string] => typeof e[1] === 'string'),
          )
        : {},
    };
  });
}
