import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { FORMS } from '../generated';

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
    const get = FORMS[schemaPath];
    if (!get) return Promise.reject(new Error(`no form schema ${schemaPath}`));
    p = get().then(({ default: fns, schema }) => ({
      schema,
      validator: createPrecompiledValidator(fns, schema as never) as ValidatorType,
    }));
    cache.set(schemaPath, p);
  }
  return p;
};
