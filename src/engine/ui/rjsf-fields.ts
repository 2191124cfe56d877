// RJSF core's default fields, in place of its own list (@rjsf/core/lib/components/fields/index.js, which
// scripts/vite/rjsf-lazy-fields.ts resolves here): the fields every form draws come with the form;
// a list of items (ArrayField), a choice between schemas (oneOf / anyOf) and the layout-grid fields,
// which few forms draw or none, load with the first form that does (formWidgetsReady preloads them).
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import type { RegistryFieldsType } from '@rjsf/utils';
import { lazyField, type LazyField } from './lazy-parts';

const MultiSchemaField = lazyField(() => import('@rjsf/core/lib/components/fields/MultiSchemaField.js'));

/** The registry's fields that load on demand, by their registry name. */
export const RARE_FIELDS: Record<string, LazyField> = {
  ArrayField: lazyField(() => import('@rjsf/core/lib/components/fields/ArrayField.js')),
  AnyOfField: MultiSchemaField,
  OneOfField: MultiSchemaField,
  CyclicSchemaField: lazyField(() => import('@rjsf/core/lib/components/fields/CyclicSchemaField.js')),
  LayoutGridField: lazyField(() => import('@rjsf/core/lib/components/fields/LayoutGridField.js')),
  LayoutHeaderField: lazyField(() => import('@rjsf/core/lib/components/fields/LayoutHeaderField.js')),
  LayoutMultiSchemaField: lazyField(
    () => import('@rjsf/core/lib/components/fields/LayoutMultiSchemaField.js'),
  ),
};

/** As RJSF's own `fields()`: the same names, the same components once loaded. */
export default function fields(): RegistryFieldsType {
  return {
    ...RARE_FIELDS,
    BooleanField,
    FallbackField,
    NullField,
    NumberField,
    ObjectField,
    OptionalDataControlsField,
    SchemaField,
    StringField,
  } as RegistryFieldsType;
}
