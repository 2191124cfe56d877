import { formatMoney } from '../../shared/money';
import type { PromoApplied } from '../../shared/promo';
import type { FlowFile, RowFormat } from '../../shared/flows/types';
import { readValue } from '../../shared/flows/values';
import { formatPlainValue } from '../../shared/flows/format-value';
import { isLocalText } from '../../shared/flows/reference';
import type { ApprovalSummary } from '../approvals/store';
import { asMoney, fieldOf, type Caller, type ServiceContext } from './context';
import type { InquiryRow } from './inquiry-store';
import type { Choice } from './contracts';

/** The exact details the companion app shows: the flow's verify summary rows, resolved and in both languages. */
export function approvalSummaries(ctx: ServiceContext) {
  const { db, t, catalog } = ctx;
  const { choiceSources } = ctx.registry;

  return async function approvalSummary(
    caller: Caller,
    row: InquiryRow,
    flow: FlowFile,
  ): Promise<ApprovalSummary> {
    const q = row.quote;
    const choiceCache = new Map<string, Choice[]>();
    const render = async (
      value: unknown,
      format: RowFormat | undefined,
      valuePath: string,
      lang: 'en' | 'id',
    ) => {
      if (value === undefined || value === null || value === '') return '';
      if (isLocalText(value)) return lang === 'en' ? value.en : value.id;
      const m = asMoney(value, q.amount?.currency ?? 'IDR');
      if (format === 'money' || (typeof value === 'object' && m))
        return m ? formatMoney(m, lang) : String(value);
      if (format === 'choice' && valuePath.startsWith('form.')) {
        const field = fieldOf(valuePath);
        const spec = flow.choices?.[field];
        if (spec) {
          if (!choiceCache.has(field)) {
            const src = choiceSources[spec.source as keyof typeof choiceSources];
            choiceCache.set(field, src ? await src({ db, customerId: caller.customerId, spec }) : []);
          }
          const c = choiceCache.get(field)!.find((o) => o.value === String(value));
          if (c) return lang === 'en' ? c.labelEng : c.labelIdn;
        }
        // An enum of the form schema: its ui:enumNames label, as the web shows it (never the raw value).
        const ui = flow.form.uiSchema?.[field] as { 'ui:enumNames'?: string[] } | undefined;
        const schema = catalog.get(flow.id)?.validateForm.schema as
          { properties?: Record<string, { enum?: unknown[] }> } | undefined;
        const idx = schema?.properties?.[field]?.enum?.indexOf(value) ?? -1;
        const key = idx >= 0 ? ui?.['ui:enumNames']?.[idx] : undefined;
        if (key) return t(key, lang);
      }
      return formatPlainValue(String(value), format, lang);
    };
    const rows: ApprovalSummary['rows'] = [];
    for (const r of flow.verify.summary) {
      const value = readValue(
        { form: row.form, inquiry: q.details, amount: q.amount, total: q.total, fees: q.fees },
        r.value,
      );
      const [eng, idn] = [
        await render(value, r.format, r.value, 'en'),
        await render(value, r.format, r.value, 'id'),
      ];
      if (!eng && r.optional) continue;
      rows.push({
        labelEng: t(r.labelKey, 'en'),
        labelIdn: t(r.labelKey, 'id'),
        valueEng: eng,
        valueIdn: idn,
      });
    }
    // A promo code's reward, as the web's verify page shows it after the fees.
    if (q.promo) rows.push(...promoRows(q.promo, t));
    return {
      flowId: flow.id,
      title: { eng: t(flow.titleKey, 'en'), idn: t(flow.titleKey, 'id') },
      ...(q.amount ? { amount: q.amount } : {}),
      fees: q.fees,
      ...(q.total ? { total: q.total } : {}),
      ...(q.exchangeRate ? { exchangeRate: q.exchangeRate } : {}),
      ...(q.equivalent ? { equivalent: q.equivalent } : {}),
      rows,
    };
  };
}

/** The web's promo lines (engine summary.tsx) in both languages, for the companion app. */
function promoRows(p: PromoApplied, t: (key: string, lang: 'en' | 'id') => string): ApprovalSummary['rows'] {
  const row = (key: string, eng: string, idn: string) => ({
    labelEng: t(`engine:promo.${key}`, 'en'),
    labelIdn: t(`engine:promo.${key}`, 'id'),
    valueEng: eng,
    valueIdn: idn,
  });
  const rows = [row('code', `${p.code} · ${p.name.en}`, `${p.code} · ${p.name.id}`)];
  if (p.value && p.reward === 'feeWaiver')
    rows.push(row('feeWaived', `-${formatMoney(p.value, 'en')}`, `-${formatMoney(p.value, 'id')}`));
  if (p.value && p.reward === 'cashback')
    rows.push(row('cashback', formatMoney(p.value, 'en'), formatMoney(p.value, 'id')));
  if (p.points) rows.push(row('points', p.points.toLocaleString('en-US'), p.points.toLocaleString('id-ID')));
  return rows;
}
