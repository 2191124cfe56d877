import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChoiceOption, Fee, FlowFile, SummaryRow, ValueContext } from '@/shared/flows';
import { formatRate } from '@/shared/decimal';
import type { Money } from '@/shared/money';
import type { PromoApplied } from '@/shared/promo';
import { formatMoney, formatRow, type Lang } from '../format';
import type { FlowContext } from '../machine/flow-machine';

export interface SummaryProps {
  flow: FlowFile;
  rows: SummaryRow[];
  ctx: ValueContext;
  labels: Record<string, ChoiceOption>;
  schema?: Record<string, unknown>;
  amounts?: {
    amount?: Money;
    fees?: Fee[];
    total?: Money;
    exchangeRate?: string;
    equivalent?: Money;
    promo?: PromoApplied;
  };
}

export function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }} data-testid={testId}>
      {/* The label keeps its line while a long value (an account's name and number) wraps. */}
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, maxWidth: '45%' }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

export interface SummaryLine {
  label: string;
  value: string;
  strong?: boolean;
  /** A one-time value (secret.<key>): never printed in the PDF nor shared. */
  secret?: boolean;
}

/** The rows a verify or receipt page shows: the flow's own rows, then amount, fees, rate and total. */
export function summaryLines(p: SummaryProps, t: (k: string) => string, lang: Lang): SummaryLine[] {
  const out: SummaryLine[] = [];
  for (const r of p.rows) {
    const v = formatRow(r, p.ctx, p.labels, p.flow, lang, t, p.schema);
    // A one-time value (a virtual card number): shown on the receipt's first answer only.
    if (r.value.startsWith('secret.')) {
      out.push({ label: t(r.labelKey), value: v ?? t('engine:secret.gone'), secret: true });
      continue;
    }
    if (v === undefined) {
      if (!r.optional) out.push({ label: t(r.labelKey), value: '-' });
      continue;
    }
    out.push({ label: t(r.labelKey), value: v });
  }
  const a = p.amounts ?? {};
  // One price line (named by the flow: "Harga" for a purchase), one line per fee, one total.
  if (a.amount)
    out.push({
      label: t(p.flow.amount?.labelKey ?? 'engine:summary.amount'),
      value: formatMoney(a.amount, lang),
    });
  for (const f of a.fees ?? [])
    if (f.amount.amount > 0)
      out.push({
        label: t(`engine:summary.fees.${f.kind}`),
        // A fee charged in another currency shows what it is charged as too: "Rp 411.000 (USD 25.00)".
        value: f.charged
          ? `${formatMoney(f.amount, lang)} (${formatMoney(f.charged, lang)})`
          : formatMoney(f.amount, lang),
      });
  // A promo code's reward, after the fees it may waive: "Promo HEMAT: -Rp 2.500", a cashback, points.
  if (a.promo) out.push(...promoLines(a.promo, t, lang));
  if (a.exchangeRate) {
    // The special rate booked, written as the rate board writes it: IDR for one unit of the other currency.
    const foreign = [a.amount?.currency, a.equivalent?.currency].find((c) => c && c !== 'IDR');
    const rate = formatRate(a.exchangeRate, lang);
    out.push({
      label: t('engine:summary.exchangeRate'),
      value: foreign ? `1 ${foreign} = Rp ${rate}` : rate,
    });
  }
  if (a.equivalent)
    out.push({ label: t('engine:summary.equivalent'), value: formatMoney(a.equivalent, lang) });
  if (a.total)
    out.push({ label: t('engine:summary.total'), value: formatMoney(a.total, lang), strong: true });
  return out;
}

function promoLines(
  p: PromoApplied,
  t: (k: string, o?: Record<string, unknown>) => string,
  lang: Lang,
): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [
    { label: t('engine:promo.code'), value: `${p.code} · ${lang === 'en' ? p.name.en : p.name.id}` },
  ];
  if (p.value && p.reward === 'feeWaiver')
    out.push({ label: t('engine:promo.feeWaived'), value: `-${formatMoney(p.value, lang)}` });
  if (p.value && p.reward === 'cashback')
    out.push({ label: t('engine:promo.cashback'), value: formatMoney(p.value, lang) });
  if (p.points)
    out.push({
      label: t('engine:promo.points'),
      value: p.points.toLocaleString(lang === 'en' ? 'en-US' : 'id-ID'),
    });
  return out;
}

export function Summary(p: SummaryProps) {
  const { t, i18n } = useTranslation(['engine', 'flows']);
  const lang = (i18n.language === 'en' ? 'en' : 'id') as Lang;
  const lines = summaryLines(p, t, lang);
  return (
    <Box data-testid="summary">
      {lines.map((l, i) => (
        <Box key={`${l.label}-${i}`}>
          {l.strong && <Divider sx={{ my: 1 }} />}
          <Row label={l.label} value={l.value} strong={l.strong} />
        </Box>
      ))}
    </Box>
  );
}

/** What a transaction will do, as its verify page and its FDS challenge show it: the flow's verify rows over its machine's context. */
export function VerifySummary({
  flow,
  ctx,
  schema,
}: {
  flow: FlowFile;
  ctx: Pick<FlowContext, 'form' | 'inquiry' | 'labels'>;
  schema?: Record<string, unknown>;
}) {
  return (
    <Summary
      flow={flow}
      rows={flow.verify.summary}
      ctx={{ form: ctx.form, inquiry: ctx.inquiry?.details }}
      labels={ctx.labels}
      schema={schema}
      amounts={ctx.inquiry}
    />
  );
}
