import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { VALIDATORS } from '../generated';
import { inlineSchemaRefs, schemaRefsOf } from '@/shared/flows/schema-refs';

export interface LoadedForm {
  schema: Record<string, unknown>;
  validator: ValidatorType;
}
export type FormLoader = (schemaPath: string) => Promise<LoadedForm>;

const schemas = import.meta.glob<Record<string, unknown>>('/schemas/forms/**/*.json', { import: 'default' });
const cache = new Map<string, Promise<LoadedForm>>();

/** The form schema and its PRECOMPILED validator (generated at build time: no `new Function` in the browser). */
export const loadForm: FormLoader = (schemaPath) => {
  let p = cache.get(schemaPath);
  if (!p) {
    const getSchema = schemas[`/schemas/${schemaPath}`];
    const getFns = VALIDATORS[schemaPath];
    if (!getSchema || !getFns) return Promise.reject(new Error(`no form schema ${schemaPath}`));
    p = Promise.all([getSchema(), getFns()]).then(async ([own, fns]) => {
      // Shared fragments ("when to transfer"), inlined as the validator compiler inlined them.
      const fragments: Record<string, Record<string, unknown>> = {};
      for (const ref of schemaRefsOf(own, schemaPath)) {
        const get = schemas[`/schemas/${ref}`];
        if (get) fragments[ref] = await get();
      }
      const schema = inlineSchemaRefs(own, schemaPath, (ref) => fragments[ref]);
      return { schema, validator: createPrecompiledValidator(fns, schema as never) as ValidatorType };
    });
    cache.set(schemaPath, p);
  }
  return p;
};
