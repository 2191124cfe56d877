import type { WidgetProps } from '@rjsf/utils';

export type Option = { value: string; label: string };

/** A choice field's drawing (a select, or a search by typing): the widget, its value and options. */
export interface ChoiceFieldProps {
  widget: WidgetProps;
  value: string;
  disabled?: boolean;
  helperText?: string;
  onPick: (value: string) => void;
  options: Option[];
}

/** The field's first error (shown by the field template; the widget only turns red). */
export const errorText = (props: WidgetProps) => props.rawErrors?.[0];
