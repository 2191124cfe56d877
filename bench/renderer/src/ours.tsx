// OURS: @rjsf/mui with the validator compiled at build time and the engine's large-array field.
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/mui';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
// Generated at build time by the product's scripts/compile-validators.ts, loaded as the product's form loader does.
import validateFns from '@/engine/generated/forms/transfer/mass-transfer';
import { largeArrayFields, rowRenderProbe } from '@/engine/fields';
import { BenchPage, markUpdate, massTransferData, oursUiSchema, rowCount, schema } from './common';

const validator = createPrecompiledValidator(validateFns as ValidatorFunctions, schema);
const formData = massTransferData(rowCount());
rowRenderProbe.onRender = markUpdate;

createRoot(document.getElementById('root')!).render(
  <BenchPage>
    <Form
      schema={schema}
      uiSchema={oursUiSchema}
      validator={validator}
      fields={largeArrayFields}
      formData={formData}
      onChange={markUpdate}
      showErrorList={false}
    />
  </BenchPage>,
);
