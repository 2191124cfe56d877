// What verify and the receipt show: each row's text and value, no secret shown, a chosen option's label.
import { SECRET_WIDGET } from '../secret';
import type { SummaryRow } from '../types';
import type { FlowWithForms } from './context';
import { propertiesOf } from './forms';
import { checkKey } from './texts';
import { checkSourced, checkValue } from './values';

function checkRows(ctx: FlowWithForms, rows: SummaryRow[] | undefined, path: string, onReceipt: boolean) {
  const { mainSchema, choices, secrets, report } = ctx;
  rows?.forEach((r, i) => {
    checkKey(ctx, r.labelKey, `${path}[${i}].labelKey`);
    checkValue(ctx, r.value, `${path}[${i}].value`);
    checkSourced(ctx, r.value, `${path}[${i}].value`, onReceipt);
    if (!onReceipt && typeof r.value === 'string' && r.value.startsWith('secret.'))
      report(
        `${path}[${i}].value`,
        `"${r.value}" is shown once, on the receipt: a verify row cannot read a receipt's secret.`,
      );
    if (typeof r.value === 'string' && r.value.startsWith('form.') && secrets.has(r.value.split('.')[1]!))
      report(
        `${path}[${i}].value`,
        `"${r.value}" is a secret field ("ui:widget": "${SECRET_WIDGET}"): it is never shown on verify, the receipt or the companion app.`,
      );
    if (r.format === 'choice' && typeof r.value === 'string' && r.value.startsWith('form.')) {
      const f = r.value.split('.')[1] ?? '';
      // The field may live in a conditional branch (then/else, dependencies, oneOf).
      const prop = mainSchema ? propertiesOf(mainSchema).props.get(f) : undefined;
      if (!(f in choices) && !prop?.enum)
        report(
          `${path}[${i}].format`,
          `"choice" shows the label of a chosen option, but "${f}" has no "choices" entry and no enum.`,
        );
    }
  });
}

/** The verify summary, the receipt's rows and its actions. */
export function checkVerifyAndReceipt(ctx: FlowWithForms): void {
  const { flow, secrets, report } = ctx;
  checkRows(ctx, flow.verify?.summary, '$.verify.summary', false);
  // Losing the device never locks the customer out: a passkey is offered beside the OTP, never alone.
  const methods = Array.isArray(flow.verify?.methods) ? flow.verify.methods : [];
  if (methods.includes('passkey') && !methods.includes('otp'))
    report(
      '$.verify.methods',
      '"passkey" needs "otp" beside it: a customer without their device (or without a passkey) verifies by OTP.',
    );
  // Shown above the last form: what the earlier steps answered.
  checkRows(ctx, flow.inquiry?.summary, '$.inquiry.summary', false);
  if (flow.inquiry?.summary && !flow.inquiry.steps?.length)
    report('$.inquiry.summary', 'A summary shows what earlier steps answered: this flow has no "steps".');
  checkRows(ctx, flow.receipt?.rows, '$.receipt.rows', true);
  if (secrets.size && Array.isArray(flow.receipt?.actions) && flow.receipt.actions.includes('favourite'))
    report(
      '$.receipt.actions',
      'A flow with a secret field cannot be saved as a favourite (a favourite keeps the form): remove "favourite".',
    );
}
