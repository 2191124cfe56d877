import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { formModule, loadFlow } from '../flows-data';

// What the app's preload asks for beside a form (src/engine/index.ts): from this module, the flow page's
// chunk's door (scripts/vite/chunking.ts, the flow-page group's roots).
export { formWidgetsReady } from './form-theme';

export interface LoadedForm {
  schema: Record<string, unknown>;
  validator: ValidatorType;
}
export type FormLoader = (schemaPath: string) => Promise<LoadedForm>;

const cache = new Map<string, Promise<LoadedForm>>();

/**
 * The form schema and its PRECOMPILED validator, one module generated at build time (no `new Function`
 * in the browser); its shared fragments ("when to transfer") inlined as the validator was compiled.
 */
export const loadForm: FormLoader = (schemaPath) => {
  let p = cache.get(schemaPath);
  if (!p) {
    // (the form of a flow whose file has loaded: its chunk names its forms)
    const get = formModule(schemaPath);
    if (!get) return Promise.reject(new Error(`no form schema ${schemaPath}`));
    p = get().then(({ default: fns, schema }) => ({
      schema,
      validator: createPrecompiledValidator(fns, schema as never) as ValidatorType,
    }));
    cache.set(schemaPath, p);
  }
  return p;
};

const ofFlow = new Map<string, FormLoader>();
/** loadForm for one flow's forms, its file (whose chunk names them) loaded first: one loader a flow. */
export function flowFormLoader(flowId: string): FormLoader {
  let load = ofFlow.get(flowId);
  if (!load) {
    load = (schemaPath) => loadFlow(flowId).then(() => loadForm(schemaPath));
    ofFlow.set(flowId, load);
  }
  return load;
}
