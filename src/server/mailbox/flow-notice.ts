import type { Queryable } from '../db/db';
import type { FlowFile } from '../../shared/flows/types';
import { readValue } from '../../shared/flows/values';
import { formatPlainValue } from '../../shared/flows/format-value';
import { isLocalText } from '../../shared/flows/reference';
import { formatMoney, type Money } from '../../shared/money';
import { notify } from './notify';

const isMoney = (v: unknown): v is Money =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Money).amount === 'number' &&
  typeof (v as Money).currency === 'string';
const isBilingual = (v: unknown): v is { eng: string; idn: string } =>
  !!v && typeof v === 'object' && typeof (v as { eng?: unknown }).eng === 'string';

/**
 * The mailbox message a flow declares in `notify` (card blocked, limit raised), once its executor has
 * done its change, in the same database transaction: each `{{name}}` of its texts filled with the
 * value it names (the form, or what the executor answered), written in that text's language.
 */
export async function flowNotice(
  tx: Queryable,
  t: (key: string, lang: 'en' | 'id') => string,
  input: {
    flow: FlowFile;
    customerId: number;
    journalId: number;
    form: Record<string, unknown>;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const spec = input.flow.notify;
  if (!spec) return;
  const { rows } = await tx.query<{ reference_no: string }>(
    'SELECT reference_no FROM journal WHERE id = $1',
    [input.journalId],
  );
  const referenceNo = rows[0]?.reference_no ?? '';
  const text = (key: string, lang: 'en' | 'id') =>
    t(key, lang).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (name === 'referenceNo') return referenceNo;
      const v = spec.values?.[name];
      const value = v ? readValue({ form: input.form, inquiry: input.details }, v.value) : undefined;
      if (value === undefined || value === null) return '-';
      if (isLocalText(value)) return lang === 'en' ? value.en : value.id;
      if (isBilingual(value)) return lang === 'en' ? value.eng : value.idn;
      if (isMoney(value)) return formatMoney(value, lang);
      return formatPlainValue(String(value), v?.format, lang);
    });
  await notify(tx, input.customerId, {
    subject: { eng: text(spec.subjectKey, 'en'), idn: text(spec.subjectKey, 'id') },
    body: { eng: text(spec.bodyKey, 'en'), idn: text(spec.bodyKey, 'id') },
    reference: referenceNo,
    ...(spec.link ? { link: spec.link } : {}),
  });
}
