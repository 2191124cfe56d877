// A long array's row messages: one row checked with the form's own validator (its ajv errors, each
// column's first, in the column's `ui:errors` or the generic words), and those RJSF gives on submit.
import type { ErrorSchema, FieldPathList } from '@rjsf/utils';
import type { Column } from './columns';
import type { RowData, RowErrors } from './large-array-row';

/** Ajv's error shape as far as we read it (rawValidation returns ajv ErrorObjects). */
export interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: { missingProperty?: string };
}

/** Keywords with a generic message in engine:largeArray.errors; a column's `ui:errors` wins over these. */
const KEYWORDS = new Set(['required', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum']);

/** Builds `{a: {b: items}}` for path ['a','b'], so the root validator can check the rows alone. */
export function wrapAtPath(path: FieldPathList, value: unknown): unknown {
  return path.reduceRight<unknown>((acc, key) => {
    if (typeof key === 'number') {
      const arr: unknown[] = [];
      arr[key] = acc;
      return arr;
    }
    return { [key]: acc };
  }, value);
}

export function errorsFromSchema(
  errorSchema: ErrorSchema<RowData[]> | undefined,
  index: number,
): RowErrors | undefined {
  const rowSchema = (errorSchema as Record<number, Record<string, { __errors?: string[] }>> | undefined)?.[
    index
  ];
  if (!rowSchema) return undefined;
  let out: RowErrors | undefined;
  for (const [key, node] of Object.entries(rowSchema)) {
    const first = node?.__errors?.[0];
    if (key !== '__errors' && first) (out ??= {})[key] = first;
  }
  return out;
}

/** The messages of the row at `rowPath` ("/beneficiaries/3") among a validation's errors, or null. */
export function rowErrorsOf(
  errors: AjvError[],
  rowPath: string,
  cols: Column[],
  tr: (key: string) => string,
): RowErrors | null {
  let found: RowErrors | null = null;
  for (const err of errors) {
    if (err.instancePath !== rowPath && !err.instancePath.startsWith(`${rowPath}/`)) continue;
    const key =
      err.instancePath === rowPath
        ? err.params?.missingProperty
        : err.instancePath.slice(rowPath.length + 1).split('/')[0];
    const col = cols.find((c) => c.key === key);
    if (!col || found?.[col.key]) continue;
    const custom = col.errorKeys[err.keyword];
    (found ??= {})[col.key] = custom
      ? tr(custom)
      : tr(`engine:largeArray.errors.${KEYWORDS.has(err.keyword) ? err.keyword : 'invalid'}`);
  }
  return found;
}
