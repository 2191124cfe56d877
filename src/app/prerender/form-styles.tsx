// The styles of a transaction's form (the engine's selects and text fields, its card), rendered at build
// time with the signed-in frame (signed-in-frame.tsx) so the page's head carries them: the app's
// style cache adopts them as it does the frame's, and a transaction page's first commit of its form no
// longer compiles and inserts them on the phone's main thread (about a third of that commit's ~150 ms
// at 4x CPU in bench:long-tasks). Only the styles are kept; the markup is thrown away.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { ValidatorType } from '@rjsf/utils';
import { InquiryView } from '@/engine/ui/inquiry-view';
import type { FlowFile } from '@/shared/flows';

// A form of the most common kinds, no particular flow's: a choice made (the source of fund a page
// chooses first), a number typed in digits still empty, with its help, the next button.
const schema = {
  type: 'object',
  required: ['sourceOfFund', 'customerNumber'],
  properties: {
    sourceOfFund: { type: 'string' },
    customerNumber: { type: 'string', pattern: '^[0-9]+$' },
  },
};
const form = {
  schema: 'forms/styles.json',
  uiSchema: {
    'ui:order': ['sourceOfFund', 'customerNumber'],
    sourceOfFund: { 'ui:widget': 'choice', 'ui:title': 'flows:common.sourceOfFund' },
    // (its words are thrown away with the markup)
    customerNumber: { 'ui:widget': 'digits', 'ui:title': 'Number', 'ui:help': 'Digits' },
  },
};
const flow = { id: 'styles', area: 'payment', route: '/styles/', form } as unknown as FlowFile;
// Drawn, never submitted: every value passes.
const validator = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({}),
} as unknown as ValidatorType;

const ACCOUNT = { value: '1', labelEng: '1', labelIdn: '1' };

/** A transaction's form as the flow page draws it, for its styles. */
export function FormStyles() {
  return (
    <Card variant="outlined">
      <CardContent>
        <InquiryView
          flow={flow}
          form={flow.form!}
          schema={schema}
          validator={validator}
          choices={{ sourceOfFund: [ACCOUNT] }}
          initial={{ sourceOfFund: ACCOUNT.value }}
          onSubmit={() => undefined}
        />
      </CardContent>
    </Card>
  );
}

/** The style elements of `markup`, nothing else (emotion writes each before the element it styles). */
export const stylesOf = (markup: string): string =>
  (markup.match(/<style data-emotion="[^"]+" nonce="[^"]+">[\s\S]*?<\/style>/g) ?? []).join('');
