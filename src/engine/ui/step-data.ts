// What a flow's step loads before it draws: its form (with the widgets it draws that load on demand)
// and its choices (flow-step-view.tsx).
import { useEffect, useState } from 'react';
import { whenAnswered } from '@/shared/ui';
import type { ChoiceOption, FlowFile, FlowForm } from '@/shared/flows';
import type { TransactionServices } from '../services/transaction-services';
import type { FormLoader, LoadedForm } from './form-loader';
import { formWidgetsReady } from './form-theme';
import { preloadSearchField, searchedChoices } from './widgets';

/** The step's form, loaded; undefined while it loads (or for a step without one). */
export function useLoadedForm(flow: FlowFile, form: FlowForm | undefined, loader: FormLoader) {
  const [loaded, setLoaded] = useState<
    { path: string; form: LoadedForm } | { path: string; error: unknown }
  >();
  useEffect(() => {
    if (!form) return;
    let live = true;
    // with the widgets it draws that load on demand (form-theme.tsx), so it draws whole: those its
    // uiSchema names beside its schema, then a boolean field's check box
    Promise.all([loader(form.schema), formWidgetsReady(flow, form)])
      .then(async ([f]) => (await formWidgetsReady(flow, form, f.schema), f))
      .then(
        whenAnswered((f: LoadedForm) => live && setLoaded({ path: form.schema, form: f })),
        whenAnswered((error: unknown) => live && setLoaded({ path: form.schema, error })),
      );
    return () => {
      live = false;
    };
  }, [flow, form, loader]);
  return loaded && form && loaded.path === form.schema ? loaded : undefined;
}

/** The flow's choices (its pickers' options), asked for when `wanted`. */
export function useChoices(flow: FlowFile, services: TransactionServices, wanted: boolean) {
  const [state, setState] = useState<{
    choices: Record<string, ChoiceOption[]>;
    loading: boolean;
    error?: unknown;
  }>({
    choices: {},
    loading: wanted && !!flow.choices,
  });
  useEffect(() => {
    if (!wanted || !flow.choices) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    services
      .formData(flow)
      // a long list is searched by typing: its field's code comes before the choices are shown
      .then(async (choices) => {
        if (searchedChoices(flow.choices, choices)) await preloadSearchField().catch(() => undefined);
        return choices;
      })
      .then(
        whenAnswered(
          (choices: Record<string, ChoiceOption[]>) => live && setState({ choices, loading: false }),
        ),
        whenAnswered((error: unknown) => live && setState({ choices: {}, loading: false, error })),
      );
    return () => {
      live = false;
    };
  }, [flow, services, wanted]);
  return state;
}
