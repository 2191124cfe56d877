import { LargeArrayField } from './large-array-field';

/** Custom RJSF fields of the engine, for `<Form fields>`; a uiSchema picks one with `"ui:field"`. */
export const largeArrayFields = { LargeArrayField };
export { LargeArrayField };
export { rowRenderProbe } from './large-array-row';
