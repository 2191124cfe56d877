import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CatalogueProduct, TenorRates } from '@/shared/invest/types';
import { Facts } from './common';
import { money, percent, useLang, type Lang } from './format';

/** Time deposit rates: a row per tenor, a column per amount tier. */
export function TenorRateTable({ tenors, lang }: { tenors: TenorRates[]; lang: Lang }) {
  const { t } = useTranslation('invest');
  const tiers = tenors[0]?.tiers ?? [];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('facts.ratesPerTenor')} data-testid="tenor-rates">
        <TableHead>
          <TableRow>
            <TableCell>{t('facts.tenor')}</TableCell>
            {tiers.map((tier) => (
              <TableCell key={tier.from.amount} align="right">
                {t('facts.fromAmount', { amount: money(tier.from, lang) })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {tenors.map((tenor) => (
            <TableRow key={tenor.months}>
              <TableCell component="th" scope="row">
                {t('facts.months', { count: tenor.months })}
              </TableCell>
              {tenor.tiers.map((tier) => (
                <TableCell key={tier.from.amount} align="right" sx={{ fontWeight: 600 }}>
                  {percent(tier.rate, lang)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The facts a customer compares for a product, by category. */
export function ProductFacts({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const f = product.facts;
  const m = (v: typeof f.minOpening) => (v ? money(v, lang) : undefined);
  switch (product.category) {
    case 'saving': {
      const tiers = f.interestTiers ?? [];
      const best = tiers[tiers.length - 1];
      return (
        <Facts
          items={[
            [
              product.sharia ? t('facts.profitShareRate') : t('facts.interest'),
              tiers.length > 1 && best
                ? t('facts.upTo', { rate: percent(best.rate, lang) })
                : best
                  ? percent(best.rate, lang)
                  : '-',
            ],
            [t('facts.minOpening'), m(f.minOpening)],
            [t('facts.minBalance'), m(f.minBalance)],
            [t('facts.monthlyFee'), f.monthlyFee?.amount === 0 ? t('facts.free') : m(f.monthlyFee)],
          ]}
        />
      );
    }
    case 'timedeposit':
      return (
        <>
          <Facts
            items={[
              [t('facts.minPlacement'), m(f.minPlacement)],
              [t('facts.tax'), f.taxRate ? percent(f.taxRate, lang) : '-'],
              [t('facts.earlyBreakPenalty'), f.earlyBreakPenalty ? percent(f.earlyBreakPenalty, lang) : '-'],
              [t('facts.currency'), product.currency],
            ]}
          />
          {f.tenors && <TenorRateTable tenors={f.tenors} lang={lang} />}
        </>
      );
    case 'creditcard':
      return (
        <Facts
          items={[
            [
              t('facts.annualFee'),
              f.annualFee?.amount === 0
                ? t('facts.free')
                : `${m(f.annualFee)}${f.firstYearFree ? ` (${t('facts.firstYearFree')})` : ''}`,
            ],
            [
              product.sharia ? t('facts.monthlyFeeSharia') : t('facts.monthlyInterest'),
              f.monthlyInterest ? percent(f.monthlyInterest, lang) : '-',
            ],
            [t('facts.cashAdvanceFee'), f.cashAdvanceFee ? percent(f.cashAdvanceFee, lang) : '-'],
            [t('facts.minIncome'), m(f.minIncome)],
          ]}
        />
      );
    case 'loan':
      return (
        <Facts
          items={[
            [t('facts.yearlyRate'), f.yearlyRate ? percent(f.yearlyRate, lang) : '-'],
            [
              t('facts.amountRange'),
              f.minAmount && f.maxAmount ? `${money(f.minAmount, lang)} – ${money(f.maxAmount, lang)}` : '-',
            ],
            [t('facts.tenors'), (f.tenorMonths ?? []).join(', ') + ' ' + t('facts.monthsShort')],
            [t('facts.provisionFee'), f.provisionFee ? percent(f.provisionFee, lang) : '-'],
            [t('facts.adminFee'), f.adminFee?.amount === 0 ? t('facts.free') : m(f.adminFee)],
            [t('facts.minIncome'), m(f.minIncome)],
          ]}
        />
      );
    case 'insurance':
      return (
        <Facts
          items={[
            [t('facts.insurer'), f.provider ? t(`facts.providers.${f.provider}`) : '-'],
            [
              t('facts.premiumFrom'),
              f.premiumFrom
                ? `${money(f.premiumFrom, lang)} / ${t(`facts.per.${f.premiumFrequency ?? 'monthly'}`)}`
                : '-',
            ],
            [t('facts.maxCoverage'), m(f.maxCoverage)],
            [t('facts.entryAge'), t('facts.ageRange', { min: f.entryAgeMin, max: f.entryAgeMax })],
          ]}
        />
      );
  }
}

/** Where applying for a product starts: its flow's first step (run by the flow engine). */
export function applyPath(p: CatalogueProduct): string {
  const q = `?product=${encodeURIComponent(p.code)}`;
  switch (p.category) {
    case 'saving':
      return `/applyandinvest/${p.facts.openingFlow === 'isa' ? 'isa' : 'saving'}/inquiry/${q}`;
    case 'timedeposit':
      return `/applyandinvest/timedeposit/inquiry/${q}`;
    case 'creditcard':
      return `/applyandinvest/creditcard/inquiry/${q}`;
    case 'loan':
      return `/applyandinvest/loan/inquiry/${q}`;
    case 'insurance':
      return p.facts.provider === 'SOMPO'
        ? `/applyandinvest/sompo/inquiry/step-1/${q}`
        : `/applyandinvest/sunlife/inquiry/step-1/${q}`;
  }
}

export function Highlights({ product }: { product: CatalogueProduct }) {
  const lang = useLang();
  if (!product.highlights.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {product.highlights.map((h) => (
        <Typography component="li" variant="body2" key={h.en}>
          {h[lang]}
        </Typography>
      ))}
    </Box>
  );
}
