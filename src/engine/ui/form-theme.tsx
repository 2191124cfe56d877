import { withTheme } from '@rjsf/core';
import CheckboxesWidget from '@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mui/lib/CheckboxWidget/CheckboxWidget.js';
import RadioWidget from '@rjsf/mui/lib/RadioWidget/RadioWidget.js';
import { generateTemplates } from '@rjsf/mui/lib/Templates/Templates.js';
import TextareaWidget from '@rjsf/mui/lib/TextareaWidget/TextareaWidget.js';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType } from 'react';
import { ENGINE_TEMPLATES } from './templates';
import { WidgetLoading } from './widget-loading';
import { ENGINE_WIDGETS } from './widgets';

/**
 * A widget whose code (and the MUI parts only it uses) loads the first time a form draws it: a form
 * without it does not carry it. Until then, its field's label and value, inert, at its size.
 */
export function lazyWidget(load: () => Promise<{ default: ComponentType<WidgetProps> }>) {
  const Widget = lazy(load);
  function LazyWidget(props: WidgetProps) {
    return (
      <Suspense
        fallback={
          <WidgetLoading
            id={props.id}
            label={props.label}
            value={props.value == null ? '' : String(props.value)}
          />
        }
      >
        <Widget {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}

/**
 * The engine's form: RJSF's MUI theme, its templates and the widgets the flows name, the engine's own
 * widgets over them. The theme's slider ("range") loads when a form has one; its select is the engine's.
 */
// Typed as @rjsf/mui's own Form: each flow's schema (and its validator) types its data.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const EngineForm = withTheme<any, RJSFSchema, any>({
  templates: { ...generateTemplates(), ...ENGINE_TEMPLATES },
  widgets: {
    CheckboxWidget,
    CheckboxesWidget,
    RadioWidget,
    TextareaWidget,
    RangeWidget: lazyWidget(() => import('@rjsf/mui/lib/RangeWidget/RangeWidget.js')),
    ...ENGINE_WIDGETS,
  },
});
