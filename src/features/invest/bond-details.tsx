import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { investApi, useLoad } from './api';
import { Card, EligibilityAction, Facts, Loading, NotFound, Page, PriceChart, RiskChip } from './common';
import { date, formatDecimal, money, percent, useLang } from './format';
import { buyPath } from './bond-paths';

/** A bond's facts and six months of its price (pasardana/product-details/?type=bond&code=). */
export function BondDetails({ code }: { code: string }) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const { data: bond, loading } = useLoad(code, () => investApi.bond(code));
  if (loading) return <Loading />;
  if (!bond)
    return (
      <Page title={t('bonds.title')} testId="bond-details">
        <NotFound message={t('productDetails.missing')} />
      </Page>
    );
  const pct = (p: string | null) => (p ? `${formatDecimal(p, lang, 2)}%` : '-');
  const buyable = bond.offer?.status === 'open' || (bond.tradable && !!bond.offerPrice);
  return (
    <Page title={bond.name} intro={`${bond.code} · ${bond.issuer}`} testId="bond-details">
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'flex-start' }}>
            <RiskChip level={bond.riskLevel} />
            {bond.sharia && (
              <Chip size="small" color="success" variant="outlined" label={t('labels.sharia')} />
            )}
            <Chip
              size="small"
              variant="outlined"
              label={bond.tradable ? t('bond.tradable') : t('bond.notTradable')}
            />
          </Stack>
          {buyable && (
            <EligibilityAction
              eligibility={bond.eligibility}
              code={bond.code}
              buyTo={buyPath(bond.code)}
              buyLabel={t('actions.buy')}
            />
          )}
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Facts
            items={[
              [
                t('bond.coupon'),
                `${percent(bond.couponRate, lang)} ${t(`bond.couponTypes.${bond.couponType}`)}`,
              ],
              [t('bond.couponPaid'), t('bond.everyMonths', { count: bond.couponFrequencyMonths })],
              [t('bond.maturity'), date(bond.maturityDate, lang)],
              [
                t('bond.minOrder'),
                t('bond.minAndMultiple', {
                  min: money(bond.minOrder, lang),
                  multiple: money(bond.orderMultiple, lang),
                }),
              ],
              [t('bond.offerPrice'), pct(bond.offerPrice)],
              [t('bond.bidPrice'), pct(bond.bidPrice)],
              [t('bond.priceDate'), date(bond.priceDate, lang)],
            ]}
          />
        </Box>
      </Card>
      {bond.history.length > 1 && (
        <Card testId="bond-history">
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('bond.priceHistory')}
          </Typography>
          <PriceChart
            dates={bond.history.map((p) => p.date)}
            series={[{ label: t('bond.price'), values: bond.history.map((p) => Number(p.value)) }]}
            format={(v) => `${formatDecimal(v.toFixed(2), lang, 2)}%`}
            lang={lang}
            label={t('bond.chartLabel', { name: bond.name })}
          />
        </Card>
      )}
    </Page>
  );
}
