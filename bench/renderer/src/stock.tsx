// STOCK: plain @rjsf/mui with the runtime ajv validator and RJSF's own array field.
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { BenchPage, markUpdate, massTransferData, rowCount, schema, stockUiSchema } from './common';

const formData = massTransferData(rowCount());

createRoot(document.getElementById('root')!).render(
  <BenchPage>
    <Form
      schema={schema}
      uiSchema={stockUiSchema}
      validator={validator}
      formData={formData}
      onChange={markUpdate}
      showErrorList={false}
    />
  </BenchPage>,
);
