import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/mui/lib/Templates/Templates.js';
import TextareaWidget from '@rjsf/mui/lib/TextareaWidget/TextareaWidget.js';
import type { RJSFSchema } from '@rjsf/utils';
import type { FlowFile, FlowForm } from '@/shared/flows';
import { uiSchemaWithSchedule } from '@/shared/flows/schedule';
import { ENGINE_TEMPLATES } from './templates';
import { lazyField, lazyWidget, type OnDemand } from './lazy-parts';
import { preloadAllOfMerge } from './rjsf-all-of';
import { RARE_FIELDS } from './rjsf-fields';
import { ENGINE_LAZY_WIDGETS, ENGINE_WIDGETS } from './widgets';

/**
 * The theme's widgets that a few forms draw (radio buttons, check boxes, the slider), each with the MUI
 * parts only it uses: they load with a form that names them (formWidgetsReady).
 */
const THEME_LAZY_WIDGETS = {
  CheckboxWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxWidget/CheckboxWidget.js')),
  CheckboxesWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js')),
  RadioWidget: lazyWidget(() => import('@rjsf/mui/lib/RadioWidget/RadioWidget.js')),
  RangeWidget: lazyWidget(() => import('@rjsf/mui/lib/RangeWidget/RangeWidget.js')),
};

/** The engine's custom fields (`"ui:field"`): a mass transfer's list of rows loads with the first form that has one. */
const ENGINE_FIELDS = {
  LargeArrayField: lazyField(() =>
    import('../fields/large-array-field').then((m) => ({ default: m.LargeArrayField })),
  ),
};

/** Every part of a form that loads on demand, by the name a uiSchema or RJSF's registry gives it. */
const ON_DEMAND: Record<string, Pick<OnDemand<object>, 'preload'>> = {
  ...THEME_LAZY_WIDGETS,
  ...ENGINE_LAZY_WIDGETS,
  ...RARE_FIELDS,
  ...ENGINE_FIELDS,
  // not a part drawn but RJSF's code for a schema's allOf
  AllOfMerge: { preload: preloadAllOfMerge },
};
/** `ui:widget` names that RJSF maps to a theme widget (utils' getWidget). */
const WIDGET_NAMES: Record<string, string> = {
  radio: 'RadioWidget',
  checkbox: 'CheckboxWidget',
  checkboxes: 'CheckboxesWidget',
  range: 'RangeWidget',
};

const typeIs = (type: unknown, name: string) => type === name || (Array.isArray(type) && type.includes(name));

/**
 * The parts a form draws that load on demand: the widgets and fields its uiSchema names, a boolean
 * field's check box, a list's ArrayField, a choice of schemas' field (oneOf / anyOf) and RJSF's allOf
 * merge; not for what is under `not`, which only validates.
 */
export function lazyWidgetsOf(schema: unknown, uiSchema: unknown): string[] {
  const names = new Set<string>();
  const walk = (v: unknown, inSchema: boolean) => {
    if (Array.isArray(v)) v.forEach((w) => walk(w, inSchema));
    else if (v && typeof v === 'object')
      for (const [k, w] of Object.entries(v)) {
        if (!inSchema && (k === 'ui:widget' || k === 'ui:field') && typeof w === 'string')
          names.add(WIDGET_NAMES[w] ?? w);
        else if (inSchema && k === 'type' && typeIs(w, 'boolean')) names.add('CheckboxWidget');
        else if (inSchema && k === 'type' && typeIs(w, 'array')) names.add('ArrayField');
        else if (!(inSchema && k === 'not')) {
          if (inSchema && (k === 'oneOf' || k === 'anyOf')) names.add('AnyOfField');
          if (inSchema && k === 'allOf') names.add('AllOfMerge');
          walk(w, inSchema);
        }
      }
  };
  walk(schema, true);
  walk(uiSchema, false);
  return [...names].filter((n) => n in ON_DEMAND);
}

/**
 * Loads the parts a flow's form draws that load on demand (its uiSchema's, with the "when to transfer"
 * layout it gets, and with `schema` its schema's), so it draws whole; a part that cannot load shows its
 * placeholder.
 */
export async function formWidgetsReady(
  flow: Pick<FlowFile, 'schedule'>,
  form: Pick<FlowForm, 'uiSchema'>,
  schema?: unknown,
): Promise<void> {
  const names = lazyWidgetsOf(schema, uiSchemaWithSchedule(flow, form.uiSchema));
  await Promise.all(names.map((n) => ON_DEMAND[n]!.preload().catch(() => undefined)));
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
  fields: ENGINE_FIELDS,
});
