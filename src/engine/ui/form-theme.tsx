import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/mui/lib/Templates/Templates.js';
import TextareaWidget from '@rjsf/mui/lib/TextareaWidget/TextareaWidget.js';
import type { RJSFSchema } from '@rjsf/utils';
import type { FlowFile, FlowForm } from '@/shared/flows';
import { uiSchemaWithSchedule } from '@/shared/flows/schedule';
import { ENGINE_TEMPLATES } from './templates';
import { lazyWidget, type LazyWidget } from './lazy-parts';
import { ENGINE_LAZY_WIDGETS, ENGINE_WIDGETS } from './widgets';

/**
 * The theme's widgets that a few forms draw (radio buttons, check boxes, the slider), each with the MUI
 * parts only it uses: they load with a form that names them (formWidgetsReady).
 */
const THEME_LAZY_WIDGETS: Record<string, LazyWidget> = {
  CheckboxWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxWidget/CheckboxWidget.js')),
  CheckboxesWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js')),
  RadioWidget: lazyWidget(() => import('@rjsf/mui/lib/RadioWidget/RadioWidget.js')),
  RangeWidget: lazyWidget(() => import('@rjsf/mui/lib/RangeWidget/RangeWidget.js')),
};
const LAZY_WIDGETS: Record<string, LazyWidget> = { ...THEME_LAZY_WIDGETS, ...ENGINE_LAZY_WIDGETS };
/** `ui:widget` names that RJSF maps to a theme widget (utils' getWidget). */
const WIDGET_NAMES: Record<string, string> = {
  radio: 'RadioWidget',
  checkbox: 'CheckboxWidget',
  checkboxes: 'CheckboxesWidget',
  range: 'RangeWidget',
};

/** The lazy widgets a form draws: those its uiSchema names, and a boolean field's check box. */
export function lazyWidgetsOf(schema: unknown, uiSchema: unknown): string[] {
  const names = new Set<string>();
  const walk = (v: unknown, inSchema: boolean) => {
    if (Array.isArray(v)) v.forEach((w) => walk(w, inSchema));
    else if (v && typeof v === 'object')
      for (const [k, w] of Object.entries(v)) {
        if (!inSchema && k === 'ui:widget' && typeof w === 'string') names.add(WIDGET_NAMES[w] ?? w);
        else if (inSchema && k === 'type' && (w === 'boolean' || (Array.isArray(w) && w.includes('boolean'))))
          names.add('CheckboxWidget');
        else walk(w, inSchema);
      }
  };
  walk(schema, true);
  walk(uiSchema, false);
  return [...names].filter((n) => n in LAZY_WIDGETS);
}

/**
 * Loads the lazy widgets a flow's form draws (its uiSchema's, with the "when to transfer" layout it
 * gets, and with `schema` a boolean field's check box), so it draws whole; a widget that cannot load
 * shows its placeholder.
 */
export async function formWidgetsReady(
  flow: Pick<FlowFile, 'schedule'>,
  form: Pick<FlowForm, 'uiSchema'>,
  schema?: unknown,
): Promise<void> {
  const names = lazyWidgetsOf(schema, uiSchemaWithSchedule(flow, form.uiSchema));
  await Promise.all(names.map((n) => LAZY_WIDGETS[n]!.preload().catch(() => undefined)));
}

/**
 * The engine's form: RJSF's MUI theme, its templates and the widgets the flows name, the engine's own
 * widgets over them; its select is the engine's.
 */
// Typed as @rjsf/mui's own Form: each flow's schema (and its validator) types its data.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const EngineForm = withTheme<any, RJSFSchema, any>({
  templates: { ...generateTemplates(), ...ENGINE_TEMPLATES },
  widgets: { TextareaWidget, ...THEME_LAZY_WIDGETS, ...ENGINE_WIDGETS },
});
